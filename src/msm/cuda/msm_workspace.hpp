// Device scratch of the GPU MSM (MsmWorkspace::Impl): named buffers that grow
// on demand, a pinned host area for the small results, and the streams and
// events for overlapped uploads and reductions. Internal to cuzk_msm_cuda.
#pragma once
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "gpu/device.hpp"
#include "msm/cuda/msm_gpu.hpp"

namespace cuzk::msm::cuda {

// A device allocation (gpu::DeviceBuffer) that only grows, freed first so
// the peak is the new size; `p` is where kernels find it.
struct DevBuf {
  gpu::DeviceBuffer mem;
  void* p = nullptr;
  size_t bytes = 0;
  DevBuf() = default;
  DevBuf(const DevBuf&) = delete;
  DevBuf& operator=(const DevBuf&) = delete;
  DevBuf(DevBuf&& o) noexcept
      : mem(std::move(o.mem)), p(std::exchange(o.p, nullptr)), bytes(std::exchange(o.bytes, 0)) {}
  DevBuf& operator=(DevBuf&& o) noexcept {
    if (this != &o) {
      mem = std::move(o.mem);
      p = std::exchange(o.p, nullptr);
      bytes = std::exchange(o.bytes, 0);
    }
    return *this;
  }
  void* ensure(size_t b);
  template <class T>
  T* ensure_as(size_t b) {
    return static_cast<T*>(ensure(b));
  }
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
  void release();
};

struct MsmWorkspace::Impl {
  DevBuf counters, ones_idx, keys, vals, keys2, vals2, sort_temp, buckets, occupied;
  DevBuf head, tail, head_key, tail_key, flags;
  // The reduction's further levels of window batch k run on reduce_stream
  // while batch k + 1 is summed, on the buffers of parity k % 2.
  struct LevelBufs {
    DevBuf a0, r0, a1, t1, r1, t2;  // level 1 writes a0, r0; further levels swap (a0, t2, r0) / (a1, t1, r1)
  };
  LevelBufs levels[2];
  DevBuf ones_a, ones_b, scalars;
  DevBuf stream_raw[2], stream_pts[2], stream_inf[2];
  DevBuf run_start, run_len, run_ibase, run_count, run_offset, items, aff_prefix, aff_pair_run, scan_temp,
      group_bounds;
  cudaStream_t copy_stream = nullptr;
  cudaStream_t reduce_stream = nullptr;
  cudaEvent_t copied = nullptr;
  cudaEvent_t level1_done[2] = {nullptr, nullptr};  // per parity: level 1 wrote a0, r0
  cudaEvent_t levels_done[2] = {nullptr, nullptr};  // per parity: the further levels are done with the buffers
  cudaEvent_t chunk_copied[2] = {nullptr, nullptr};
  void* pinned = nullptr;
  size_t pinned_bytes = 0;

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl();
  void ensure_streams();
  uint32_t* host_counters();             // 4 words of pinned memory
  void* host_stage(size_t bytes);        // pinned, after the counters; grows
  size_t bytes_held() const;
  void release();

 private:
  template <class Fn>
  void for_each_buffer(Fn&& fn);  // every DevBuf above
  std::array<cudaStream_t*, 2> streams() { return {&copy_stream, &reduce_stream}; }
  std::array<cudaEvent_t*, 7> events() {
    return {&copied, &chunk_copied[0], &chunk_copied[1], &level1_done[0], &level1_done[1], &levels_done[0],
            &levels_done[1]};
  }

};

}  // namespace cuzk::msm::cuda
