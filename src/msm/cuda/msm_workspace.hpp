// Device scratch of the GPU MSM (MsmWorkspace::Impl): named buffers that grow
// on demand, a pinned host area for the small results, and the streams and
// events (gpu::Stream, gpu::Event) for overlapped uploads and reductions.
// Internal to cuzk_msm_cuda.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "gpu/device.hpp"
#include "gpu/pinned_buffer.hpp"
#include "gpu/stream.hpp"
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
  // The reduction's further levels of window batch k run on the reduce stream
  // while batch k + 1 is summed, on the buffers of parity k % 2.
  struct LevelBufs {
    DevBuf a0, r0, a1, t1, r1, t2;  // level 1 writes a0, r0; further levels swap (a0, t2, r0) / (a1, t1, r1)
  };
  LevelBufs levels[2];
  DevBuf ones_a, ones_b, scalars;
  DevBuf stream_raw[2], stream_pts[2], stream_inf[2];
  DevBuf run_start, run_len, run_ibase, run_count, run_offset, items, aff_prefix, aff_pair_run, scan_temp,
      group_bounds;
  // The streams beside the caller's and the events that order them, made on
  // first use on the device current then (the MSM's).
  struct Streams {
    gpu::Stream copy;    // uploads of host scalars and of streamed base chunks
    gpu::Stream reduce;  // the reduction's further levels and their copies to the host
    gpu::Event copied;   // a chunk of host scalars is on the device
    gpu::Event chunk_copied[2];  // per parity: a chunk of streamed bases is on the device
    gpu::Event level1_done[2];   // per parity: level 1 wrote a0, r0
    gpu::Event levels_done[2];   // per parity: the further levels are done with the buffers
  };

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl();
  Streams& streams();                    // made on first use
  uint32_t* host_counters();             // 4 words of pinned memory
  void* host_stage(size_t bytes);        // pinned, after the counters; grows
  size_t bytes_held() const;
  void release();

 private:
  template <class Fn>
  void for_each_buffer(Fn&& fn);  // every DevBuf above
  std::unique_ptr<Streams> streams_;
  gpu::PinnedBuffer pinned_;
};

}  // namespace cuzk::msm::cuda
