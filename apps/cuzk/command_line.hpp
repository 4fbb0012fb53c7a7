// Parsing cuzk's command line with CLI11, with every usage error reported the
// same way: the message on stderr and exit code 2 (CLI11's own codes are
// 100-127).
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace cuzk::app {

// Parses argv into app. Returns the exit code when the process ends here
// (kExitOk after --help, kExitBadInput after a usage error), nothing when the
// selected command is to run.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv);

// "cuzk client submit": the command the parsed command line selected, as the
// user typed it, to start its messages with.
std::string selected_command_path(const CLI::App& app);

}  // namespace cuzk::app
