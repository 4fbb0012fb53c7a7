#include "command_line.hpp"

#include <iostream>
#include <string>
#include <vector>

#include "exit_codes.hpp"

namespace cuzk::app {

namespace {

// "cuzk client submit": how the user names the command, for messages.
std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* p = app->get_parent(); p != nullptr; p = p->get_parent()) path = p->get_name() + " " + path;
  return path;
}

// The innermost command the command line selected (the root when none).
const CLI::App* selected_command(const CLI::App& root) {
  const CLI::App* a = &root;
  while (!a->get_subcommands().empty()) a = a->get_subcommands().front();
  return a;
}

std::vector<const CLI::App*> commands_of(const CLI::App* app) {
  return app->get_subcommands([](const CLI::App*) { return true; });
}

std::string command_names(const CLI::App* app) {
  std::string names;
  for (const CLI::App* c : commands_of(app)) names += (names.empty() ? "" : ", ") + c->get_name();
  return names;
}

// One message per word that no command took. CLI11 sets such words aside
// (App::remaining) and checks them only after it has acted on --help and on
// the required options and subcommands: alone, it printed verify's help for
// `cuzk bogus verify --help` and exited 0, and answered `cuzk client bogus`
// with "A subcommand is required", never naming the word. Its setting that
// refuses a stray positional at once, positionals_at_end, also turns every
// later option into a positional (`prover a b c d --verify` would fail), so
// the words are looked up here instead, on every level of the command path.
std::vector<std::string> unknown_words(const CLI::App& root) {
  std::vector<std::string> out;
  for (const CLI::App* a = &root; a != nullptr;) {
    // the commands that take subcommands take no positionals: a bare word
    // there was meant as a command
    const bool takes_commands = !commands_of(a).empty();
    for (const std::string& w : a->remaining(false)) {
      // cuzk's own options are the daemon's: one given after another command is misplaced, not unknown
      const bool root_option = a != &root && root.get_option_no_throw(w.substr(0, w.find('='))) != nullptr;
      if (w.size() > 1 && w[0] == '-' && root_option)
        out.push_back(command_path(a) + ": unknown option '" + w + "' (an option of the daemon: cuzk " + w +
                      " ... with no command, or cuzk daemon " + w + " ...)");
      else if (w.size() > 1 && w[0] == '-')
        out.push_back(command_path(a) + ": unknown option '" + w + "'");
      else if (takes_commands)
        out.push_back(command_path(a) + ": unknown command '" + w + "' (commands: " + command_names(a) + ")");
      else
        out.push_back(command_path(a) + ": unexpected argument '" + w + "'");
    }
    a = a->get_subcommands().empty() ? nullptr : a->get_subcommands().front();
  }
  return out;
}

}  // namespace

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const CLI::App* cmd = selected_command(app);
    // Unknown words come first: --help must not hide them, and a misspelt
    // option is usually why a required one looks missing.
    const auto unknown = unknown_words(app);
    if (!unknown.empty()) {
      for (const auto& m : unknown) std::cerr << m << "\n";
    } else if (e.get_exit_code() == 0) {  // --help, --help-all
      app.exit(e);
      return kExitOk;
    } else if (e.get_name() == "RequiredError" && cmd->get_require_subcommand_min() > 0) {
      // cmd is the innermost command selected, so its subcommand is missing
      std::cerr << command_path(cmd) << ": a command is required (commands: " << command_names(cmd) << ")\n";
    } else {
      std::cerr << command_path(cmd) << ": " << e.what() << "\n";
    }
    std::cerr << "Run '" << command_path(cmd) << " --help' for usage.\n";
    return kExitBadInput;
  }
  return std::nullopt;
}

std::string selected_command_path(const CLI::App& app) { return command_path(selected_command(app)); }

}  // namespace cuzk::app
