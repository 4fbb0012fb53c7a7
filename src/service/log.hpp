// The daemon's log (spdlog, Debian's libspdlog-dev): levels, one line per
// event on stdout, human-readable or one JSON object per line. Before
// init_logging the default logger writes plain lines at info.
#pragma once
#include <spdlog/spdlog.h>

#include <string>

namespace cuzk::service {

// level: EnvFilter directives as [logging] level takes them
// (parse_log_directives, config.hpp: "info", "cuzk=debug,warn"); the
// directives for other targets are logged as having no effect. format: ""
// or "json". Error for others.
void init_logging(const std::string& level, const std::string& format);

}  // namespace cuzk::service
