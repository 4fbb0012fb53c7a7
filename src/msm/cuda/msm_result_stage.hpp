// Where one MSM's small results land in pinned host memory.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cuzk::msm::cuda::detail {

// The pinned staging of one MSM: the ones' sum (up to host_max points), then
// per window batch (first window w0, nw windows) its final sums: nw x host_max
// A sums, as many R sums, as many T sums. The device-to-host copies and the
// host's window finish both address it through here.
template <class X>
struct ResultStage {
  X* base;
  uint32_t host_max;
  static size_t points(uint32_t host_max, int windows) { return host_max + size_t(windows) * host_max * 3; }
  X* ones() const { return base; }
  X* a(int w0) const { return base + host_max + size_t(w0) * host_max * 3; }
  X* r(int w0, int nw) const { return a(w0) + size_t(nw) * host_max; }
  X* t(int w0, int nw) const { return r(w0, nw) + size_t(nw) * host_max; }
};

}  // namespace cuzk::msm::cuda::detail
