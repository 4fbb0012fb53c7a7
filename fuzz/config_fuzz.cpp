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
#include "service/ip_network.hpp"

namespace sv = cuzk::service;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sv::DaemonConfig c = sv::parse_config(text, "fuzz.toml");
    // an accepted configuration can be served: somewhere to listen, a
    // positive budget margin and drain time, and every TCP listener beyond
    // loopback guarded by a token, an allow-list or the explicit switch
    if (c.listen.empty()) std::abort();
    if (!(c.drain_timeout_s >= 0) || !(c.result_ttl_s >= 0)) std::abort();
    const bool guarded = !c.token.empty() || !c.token_file.empty() || !c.allow_networks.empty() || c.insecure_tcp;
    for (const auto& a : c.listen) {
      if (a.rfind("unix:", 0) == 0) continue;
      const std::string host = a[0] == '[' ? a.substr(1, a.find(']') - 1) : a.substr(0, a.rfind(':'));
      if (!sv::is_loopback_host(host) && !guarded) std::abort();
    }
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
