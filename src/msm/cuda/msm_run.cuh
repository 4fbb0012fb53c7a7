// The entry of every GpuMsm<C> run (GpuMsm<C>::Impl, msm_gpu_impl.cuh): the
// workspace, host or device scalars, and the bases resident (one core call)
// or streamed from the host in chunks (one core call per chunk, the copy of
// the next chunk overlapped).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>

#include "gpu/cuda_check.hpp"
#include "msm/cuda/msm_base_kernels.cuh"
#include "msm/cuda/msm_device_guard.hpp"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

// The caller's workspace, or the object's own under its mutex.
template <class C>
MsmWorkspace::Impl& GpuMsm<C>::Impl::workspace(MsmWorkspace* ws, std::unique_lock<std::mutex>& lk) {
  if (ws) return ws->impl();
  lk = std::unique_lock<std::mutex>(own_mu);
  return own_ws.impl();
}

template <class C>
void GpuMsm<C>::Impl::begin_stats(size_t count) {
  stats = GpuMsmStats{};
  stats.n = count;
  stats.phases.clear();
}

// Full or selected run. sel_host: ascending indices (streamed selections).
template <class C>
auto GpuMsm<C>::Impl::run_any(const S* d_scalars, const S* h_scalars, const uint32_t* d_index, const uint32_t* h_index,
                              size_t count, cudaStream_t st, MsmWorkspace* ws) -> X {
  detail::DeviceGuard g(device);
  std::unique_lock<std::mutex> lk;
  MsmWorkspace::Impl& w = workspace(ws, lk);
  begin_stats(count);
  if (count == 0) return X::infinity();
  const S* scal = d_scalars;
  Upload up;
  if (!scal) {  // host scalars: copy into the workspace
    scal = w.scalars.ensure_as<S>(count * sizeof(S));
    up.host = h_scalars;
    up.chunk = size_t(1) << 22;
  }
  X result = X::infinity();
  if (resident) {
    stats.chunks = 1;
    result = core(w, points.as<DP>(), inf_ptr(), scal, d_index, 0, count, st, &up, stats.phases);
  } else {
    if (up.host) {  // upload everything first: chunks below read scalars at offsets
      CUZK_CUDA_CHECK(cudaMemcpyAsync(const_cast<S*>(scal), up.host, count * sizeof(S), cudaMemcpyHostToDevice, st));
      up.host = nullptr;
    }
    result = streamed(w, scal, d_index, h_index, count, st);
  }
  return result;
}

// Bases streamed from host memory in chunks: the copy of chunk k+1 (copy
// stream) overlaps the MSM of chunk k (st).
template <class C>
auto GpuMsm<C>::Impl::streamed(MsmWorkspace::Impl& w, const S* scal, const uint32_t* d_index, const uint32_t* h_index,
                               size_t count, cudaStream_t st) -> X {
  using namespace kernels;
  MsmWorkspace::Impl::Streams& ss = w.streams();
  const size_t ch = chunk;
  const size_t nchunks = (n + ch - 1) / ch;
  std::byte* raw[2];
  DP* pts[2];
  uint32_t* infw[2];
  for (int s = 0; s < 2; ++s) {
    raw[s] = w.stream_raw[s].ensure_as<std::byte>(ch * sizeof(ec::Affine<C>));
    pts[s] = w.stream_pts[s].ensure_as<DP>(ch * sizeof(DP));
    infw[s] = w.stream_inf[s].ensure_as<uint32_t>((ch / 32 + 1) * 4);
  }
  auto issue = [&](size_t k) {
    const size_t a = k * ch, b = std::min(n, a + ch);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(raw[k & 1], host_bases + a, (b - a) * sizeof(ec::Affine<C>),
                                    cudaMemcpyHostToDevice, ss.copy));
    ss.chunk_copied[k & 1].record(ss.copy);
  };
  // which chunks hold work: full runs use the first `count` bases
  X result = X::infinity();
  const size_t last_base = d_index ? n : count;
  const size_t used_chunks = std::min(nchunks, (last_base + ch - 1) / ch);
  if (used_chunks == 0) return result;
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));  // scalars uploaded; chunk buffers free
  issue(0);
  for (size_t k = 0; k < used_chunks; ++k) {
    const int s = int(k & 1);
    if (k + 1 < used_chunks) issue(k + 1);
    const size_t a = k * ch, b = std::min(n, a + ch);
    CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, ss.chunk_copied[s], 0));
    k_convert<C><<<detail::blocks_for(b - a, 256), 256, 0, st>>>(reinterpret_cast<const ec::Affine<C>*>(raw[s]),
                                                                  b - a, pts[s], infw[s]);
    CUZK_CUDA_CHECK_LAUNCH();
    // this chunk's scalars: [a, b) for full runs; the selected range for index runs
    size_t p = a, q = std::min(b, count);
    if (d_index) {
      p = size_t(std::lower_bound(h_index, h_index + count, uint32_t(a)) - h_index);
      q = size_t(std::lower_bound(h_index, h_index + count, uint32_t(b)) - h_index);
    }
    if (q > p) {
      const X part = core(w, pts[s], infw[s], scal + p, d_index ? d_index + p : nullptr, uint32_t(a), q - p, st,
                          nullptr, stats.phases);
      gd::xyzz_add<C>(result, part);
    } else {
      CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    }
    ++stats.chunks;
  }
  return result;
}

}  // namespace cuzk::msm::cuda
