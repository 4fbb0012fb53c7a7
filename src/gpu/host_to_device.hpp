// Host-to-device copies at the best rate the source allows. Pinned sources go
// straight to the copy engine (~55 GB/s on the H200). Pageable sources either
// go through the driver as they are (kDirect: ~4-6 GB/s, the driver stages
// them itself, one small bounce buffer at a time) or through two pinned
// chunks of our own (kStaged): CPU threads fill one chunk while the other is
// in flight, so the copy runs at the host's memcpy rate.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gpu/pinned_buffer.hpp"
#include "gpu/stream.hpp"

namespace cuzk::gpu {

bool is_pinned(const void* host);

class HostToDevice {
 public:
  enum class Pageable { kDirect, kStaged };
  // Pins 2 x chunk_bytes once (kStaged only); reused by every copy.
  explicit HostToDevice(Pageable mode = Pageable::kDirect, size_t chunk_bytes = size_t(64) << 20);
  ~HostToDevice();
  HostToDevice(const HostToDevice&) = delete;
  HostToDevice& operator=(const HostToDevice&) = delete;

  // Enqueues dst <- src on s. Pinned or kDirect: asynchronous, the source must
  // stay untouched until s is synchronized. kStaged pageable: returns once the
  // source has been read (the last chunks may still be in flight on s).
  void copy(void* dst, const void* src, size_t bytes, cudaStream_t s);
  Pageable mode() const { return mode_; }

 private:
  Pageable mode_;
  size_t chunk_;
  PinnedBuffer staging_[2];
  std::vector<Event> done_;  // kStaged: staging_[k] may be refilled once done_[k] fired
};

// dst <- src on s through the current device's kStaged copier, for the
// uploads of keys: pinning runs at ~1.5 GB/s, so each device's chunks are
// pinned once per process and shared (that device's callers take turns;
// devices copy at once). Returns once the source has been read; the last
// chunks may still be in flight on s.
void staged_upload(void* dst, const void* src, size_t bytes, cudaStream_t s);

}  // namespace cuzk::gpu
