#include "service/log.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>

#include "core/error.hpp"
#include "service/config.hpp"

namespace cuzk::service {

namespace {

// %* in the JSON pattern: the message as a JSON string body (quotes,
// backslashes and control characters escaped), so a reason quoting a file
// name cannot break the line's JSON.
class JsonEscapedMessage : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    static const char* hex = "0123456789abcdef";
    for (char c : std::string_view(msg.payload.data(), msg.payload.size())) {
      switch (c) {
        case '"': dest.append(std::string_view("\\\"")); break;
        case '\\': dest.append(std::string_view("\\\\")); break;
        case '\n': dest.append(std::string_view("\\n")); break;
        case '\t': dest.append(std::string_view("\\t")); break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            const char esc[] = {'\\', 'u', '0', '0', hex[(c >> 4) & 0xf], hex[c & 0xf]};
            dest.append(esc, esc + 6);
          } else {
            dest.push_back(c);
          }
      }
    }
  }
  std::unique_ptr<spdlog::custom_flag_formatter> clone() const override {
    return std::make_unique<JsonEscapedMessage>();
  }
};

}  // namespace

void init_logging(const std::string& level, const std::string& format) {
  const LogDirectives d = parse_log_directives(level, "log level");
  const auto lvl = spdlog::level::from_str(d.level);
  auto logger = std::make_shared<spdlog::logger>("cuzk", std::make_shared<spdlog::sinks::stdout_sink_mt>());
  if (format == "json") {
    auto f = std::make_unique<spdlog::pattern_formatter>();
    f->add_flag<JsonEscapedMessage>('*').set_pattern(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","msg":"%*"})");
    logger->set_formatter(std::move(f));
  } else if (format.empty() || format == "text") {
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%-5l%$ %v");
  } else {
    throw Error("log format '" + format + "': expected text or json");
  }
  logger->set_level(lvl);
  logger->flush_on(spdlog::level::trace);  // every line reaches the file at once (tests and tail -f read it)
  spdlog::set_default_logger(std::move(logger));
  if (!d.ignored.empty()) {
    std::string list;
    for (const auto& i : d.ignored) list += (list.empty() ? "'" : ", '") + i + "'";
    spdlog::warn("log level '{}': {} ignored: cuzk has one logger, which takes the level given to cuzk or cuzk_* "
                 "targets; the others name Curio's Rust crates",
                 level, list);
  }
}

}  // namespace cuzk::service
