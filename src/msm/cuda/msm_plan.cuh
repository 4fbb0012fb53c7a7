// The plans of one MSM (GpuMsm<C>::Impl, msm_gpu_impl.cuh): the window size
// and sort layout, the affine sums' scratch, and the window batches that fit
// the scratch budget with the bucket sums' method.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "gpu/cuda_check.hpp"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

template <class C>
auto GpuMsm<C>::Impl::affine_plan(size_t m, uint32_t B) const -> AffinePlan {
  AffinePlan p;
  if constexpr (gd::kAffineAccumulation<C>) {
    p.possible = affine_wanted(m);
    p.per_window = 16 * m + size_t(B) * (sizeof(DX) + 1) + size_t(B) / 8 * 3 * sizeof(DX) + 20 * size_t(B);
    p.items_per_window = ((m + std::min<size_t>(m, B)) / 2 + 1) * sizeof(DP);
    p.fixed = size_t(kernels::kAffMaxSlice) * aff_threads * (sizeof(F) + 4);
    p.max_windows = (size_t(UINT32_MAX) - 1) / std::max<size_t>(m, 1);  // entry indices are 32-bit
  }
  (void)m;
  (void)B;
  return p;
}

template <class C>
auto GpuMsm<C>::Impl::plan_windows(size_t m) -> WindowPlan {
  WindowPlan wp;
  wp.m = m;
  wp.c = opt.window_bits ? std::clamp(opt.window_bits, gd::kMinWindowBits, gd::kMaxWindowBits)
                         : gd::choose_window_bits(std::max<size_t>(m, 1), S::kBits, affine_wanted(m) ? 7.0 : 10.0);
  wp.W = gd::windows_for(S::kBits, wp.c);
  wp.B = 1u << (wp.c - 1);
  wp.wbits = gd::ilog2_ceil(uint64_t(wp.W));
  wp.combined = m > 0 && uint64_t(wp.W) * m <= (uint64_t(1) << 22) && wp.c + wp.wbits <= 32;
  stats.window_bits = wp.c;
  stats.windows = wp.W;
  stats.combined_sort = wp.combined;
  return wp;
}

template <class C>
auto GpuMsm<C>::Impl::plan_batches(MsmWorkspace::Impl& w, const WindowPlan& wp) -> BatchPlan {
  const size_t m = wp.m;
  const int W = wp.W;
  const uint32_t B = wp.B;
  BatchPlan bp;
  const size_t per_window_xyzz = 16 * m + size_t(B) * (sizeof(DX) + 1) + size_t(B) / 8 * 3 * sizeof(DX);
  size_t cap = opt.max_scratch_bytes;
  if (cap == 0) {
    size_t free_b = 0, total_b = 0;
    CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
    cap = free_b + w.bytes_held() > (size_t(2) << 30) ? free_b + w.bytes_held() - (size_t(2) << 30) : free_b / 2;
  }
  // affine sums where the curve has them and a window fits; they may take
  // up to twice the XYZZ sums' scratch for all windows (at least 4 GiB),
  // not all that is free: workers sharing a device size their calls at once
  const AffinePlan ap = affine_plan(m, B);
  const size_t affine_cap = std::min(cap, std::max(2 * size_t(W) * per_window_xyzz, size_t(4) << 30));
  const int aw = ap.windows(affine_cap, W);
  bp.affine = aw > 0 && (!wp.combined || aw == W);
  int wb = wp.combined ? W
           : bp.affine ? aw
                       : int(std::clamp<size_t>(cap / std::max<size_t>(per_window_xyzz, 1), 1, size_t(W)));
  const int batches = (W + wb - 1) / wb;
  wb = (W + batches - 1) / batches;  // even batches
  if (bp.affine) bp.items_budget = ap.items_budget(affine_cap, wb) / sizeof(DP);
  stats.batches += batches;
  for (int w0 = 0; w0 < W; w0 += wb) bp.ranges.emplace_back(w0, std::min(W, w0 + wb));
  return bp;
}

}  // namespace cuzk::msm::cuda
