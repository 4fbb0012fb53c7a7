// Arbitrary text into the daemon's configuration reader, and into its byte
// size and duration parsers: a configuration or a cuzk::Error naming the
// problem; nothing else may escape, and what it accepts must hold together.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "service/config.hpp"

namespace sv = cuzk::service;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sv::DaemonConfig c = sv::parse_config(text, "fuzz.toml");
    // an accepted configuration can be served: somewhere to listen, a
    // positive budget margin and drain time, a token when TCP needs one
    if (c.listen.empty()) std::abort();
    if (!(c.drain_timeout_s >= 0) || !(c.result_ttl_s >= 0)) std::abort();
    bool tcp = false;
    for (const auto& a : c.listen) tcp |= a.rfind("unix:", 0) != 0;
    if (tcp && c.token.empty() && c.token_file.empty() && !c.insecure_tcp) std::abort();
  } catch (const cuzk::Error&) {
  }
  try {
    const uint64_t b = sv::parse_byte_size(text, "fuzz");
    (void)b;
  } catch (const cuzk::Error&) {
  }
  try {
    const double s = sv::parse_duration_s(text, "fuzz");
    if (!std::isfinite(s) || s < 0) std::abort();
  } catch (const cuzk::Error&) {
  }
  return 0;
}
