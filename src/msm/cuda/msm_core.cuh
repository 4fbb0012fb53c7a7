// One MSM over one set of device bases (GpuMsm<C>::Impl::core), phase by
// phase: classify the scalars, plan the windows, sum the bases whose scalar is
// one, then per window batch write the digits, sort them, sum the buckets and
// reduce them (level 1 on the caller's stream, the further levels on the
// workspace's reduce stream, overlapping the next batch); last, the host
// finishes each window, combines the windows (Horner) and adds the ones.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cub/device/device_radix_sort.cuh>
#include <string>
#include <utility>
#include <vector>

#include "core/parallel.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_ones_kernels.cuh"
#include "msm/cuda/msm_phase_timer.hpp"
#include "msm/cuda/msm_reduce_kernels.cuh"
#include "msm/cuda/msm_result_stage.hpp"
#include "msm/cuda/msm_scalar_kernels.cuh"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

template <class C>
auto GpuMsm<C>::Impl::core(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* infw, const S* d_scalars,
                           const uint32_t* index, uint32_t index_offset, size_t count, cudaStream_t st,
                           const Upload* up, std::vector<std::pair<std::string, double>>& phases) -> X {
  if (count == 0) return X::infinity();
  Pass p{w, w.streams(), bases, infw, d_scalars, index, index_offset, count, st};
  p.tm.start(profile, st);
  const ScalarCounts counts = classify_scalars(p, up);
  const WindowPlan wp = plan_windows(counts.general);
  const detail::ResultStage<X> stage = stage_results(w, wp.W);
  const size_t ones_final = sum_ones(p, counts.ones, stage);
  BatchPlan bp;
  std::vector<gd::ReducePlan> plans;  // per batch
  if (wp.m > 0) {
    bp = plan_batches(w, wp);
    for (const std::pair<int, int>& range : bp.ranges) {
      const Batch b = batch_scratch(p, wp, range);
      write_digits(p, wp, b);
      const SortedEntries sorted = sort_digits(p, wp, b);
      const bool affine_buckets = accumulate_buckets(p, wp, bp, b, sorted);
      plans.push_back(reduce_batch(p, wp, b, int(plans.size()) & 1, affine_buckets, stage));
    }
  }
  await_reductions(p, phases);
  return finish_on_host(wp, bp, plans, stage, ones_final, phases);
}

// Classifies the scalars (with the upload of host scalars overlapped, chunk
// by chunk) and reads back how many are non-trivial and how many are one.
template <class C>
auto GpuMsm<C>::Impl::classify_scalars(Pass& p, const Upload* up) -> ScalarCounts {
  using namespace kernels;
  MsmWorkspace::Impl& w = p.w;
  const cudaStream_t st = p.st;
  const size_t count = p.count;
  p.counters = w.counters.ensure_as<uint32_t>(4 * sizeof(uint32_t));
  p.ones_idx = w.ones_idx.ensure_as<uint32_t>(count * sizeof(uint32_t));
  CUZK_CUDA_CHECK(cudaMemsetAsync(p.counters, 0, 4 * sizeof(uint32_t), st));
  if (up && up->host) {
    const size_t ch = std::max<size_t>(up->chunk, 1 << 16);
    for (size_t b = 0; b < count; b += ch) {
      const size_t e = std::min(count, b + ch);
      CUZK_CUDA_CHECK(cudaMemcpyAsync(const_cast<S*>(p.scalars) + b, up->host + b, (e - b) * sizeof(S),
                                      cudaMemcpyHostToDevice, p.ss.copy));
      p.ss.copied.record(p.ss.copy);
      CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, p.ss.copied, 0));
      k_classify<C><<<detail::blocks_for(e - b, kDigitsBlock), kDigitsBlock, 0, st>>>(
          p.scalars, p.index, p.index_offset, p.infw, b, e, p.counters, p.ones_idx);
      CUZK_CUDA_CHECK_LAUNCH();
    }
  } else {
    k_classify<C><<<detail::blocks_for(count, kDigitsBlock), kDigitsBlock, 0, st>>>(
        p.scalars, p.index, p.index_offset, p.infw, 0, count, p.counters, p.ones_idx);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  uint32_t* hc = w.host_counters();
  CUZK_CUDA_CHECK(cudaMemcpyAsync(hc, p.counters, 2 * sizeof(uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  p.tm.mark("classify");
  const ScalarCounts counts{hc[0], hc[1]};
  stats.general += counts.general;
  stats.ones += counts.ones;
  return counts;
}

// Pinned staging of the ones' sum and the windows' final sums.
template <class C>
auto GpuMsm<C>::Impl::stage_results(MsmWorkspace::Impl& w, int windows) -> detail::ResultStage<X> {
  return detail::ResultStage<X>{
      static_cast<X*>(w.host_stage(detail::ResultStage<X>::points(kHostMax, windows) * sizeof(X))), kHostMax};
}

// The bases whose scalar is one: strided per-thread sums, then plain-sum
// levels down to at most kHostMax partial sums, copied to the stage. Returns
// how many.
template <class C>
size_t GpuMsm<C>::Impl::sum_ones(Pass& p, size_t ones, const detail::ResultStage<X>& stage) {
  using namespace kernels;
  if (ones == 0) return 0;
  MsmWorkspace::Impl& w = p.w;
  const cudaStream_t st = p.st;
  const uint32_t T1 = uint32_t(std::min<size_t>(acc_threads, (ones + 7) / 8));
  DX* p0 = w.ones_a.ensure_as<DX>(size_t(T1) * sizeof(DX));
  DX* p1 = w.ones_b.ensure_as<DX>(size_t((T1 + 15) / 16) * sizeof(DX));
  k_ones<C><<<detail::blocks_for(T1, kAccBlock), kAccBlock, 0, st>>>(p.ones_idx, ones, p.bases, T1, p0);
  CUZK_CUDA_CHECK_LAUNCH();
  size_t cur = T1;
  while (cur > kHostMax) {
    const uint32_t outn = uint32_t((cur + 15) / 16);
    k_sum<C><<<detail::blocks_for(outn, kReduceBlock), kReduceBlock, 0, st>>>(p0, cur, 16, p1, outn);
    CUZK_CUDA_CHECK_LAUNCH();
    std::swap(p0, p1);
    cur = outn;
  }
  CUZK_CUDA_CHECK(cudaMemcpyAsync(stage.ones(), p0, cur * sizeof(X), cudaMemcpyDeviceToHost, st));
  p.tm.mark("ones");
  return cur;
}

// The entries and buckets of windows [range.first, range.second), the
// buckets marked empty.
template <class C>
auto GpuMsm<C>::Impl::batch_scratch(Pass& p, const WindowPlan& wp, std::pair<int, int> range) -> Batch {
  MsmWorkspace::Impl& w = p.w;
  Batch b;
  b.w0 = range.first;
  b.nw = range.second - range.first;
  b.E = size_t(b.nw) * wp.m;
  b.keys = w.keys.ensure_as<uint32_t>(b.E * 4);
  b.vals = w.vals.ensure_as<uint32_t>(b.E * 4);
  b.keys2 = w.keys2.ensure_as<uint32_t>(b.E * 4);
  b.vals2 = w.vals2.ensure_as<uint32_t>(b.E * 4);
  b.buckets = w.buckets.ensure_as<DX>(size_t(b.nw) * wp.B * sizeof(DX));
  b.occupied = w.occupied.ensure_as<uint8_t>(size_t(b.nw) * wp.B);
  CUZK_CUDA_CHECK(cudaMemsetAsync(b.occupied, 0, size_t(b.nw) * wp.B, p.st));
  return b;
}

// One (key, value) per window of the batch and non-trivial scalar.
template <class C>
void GpuMsm<C>::Impl::write_digits(Pass& p, const WindowPlan& wp, const Batch& b) {
  using namespace kernels;
  CUZK_CUDA_CHECK(cudaMemsetAsync(p.counters, 0, sizeof(uint32_t), p.st));
  gd::DigitArgs da{b.keys, b.vals, wp.combined ? size_t(1) : wp.m, wp.combined ? size_t(b.nw) : size_t(1),
                   wp.c, wp.W, b.w0, b.w0 + b.nw};
  k_digits<C><<<detail::blocks_for(p.count, kDigitsBlock), kDigitsBlock, 0, p.st>>>(
      p.scalars, p.index, p.index_offset, p.infw, p.count, p.counters, da);
  CUZK_CUDA_CHECK_LAUNCH();
  p.tm.mark("digits");
}

// CUB radix sort of the batch's entries: all windows at once (combined) or
// window by window, every window's result left in the same buffer.
template <class C>
auto GpuMsm<C>::Impl::sort_digits(Pass& p, const WindowPlan& wp, const Batch& b) -> SortedEntries {
  MsmWorkspace::Impl& w = p.w;
  const cudaStream_t st = p.st;
  const bool combined = wp.combined;
  const size_t m = wp.m;
  uint32_t* keys = b.keys;
  uint32_t* vals = b.vals;
  uint32_t* keys2 = b.keys2;
  uint32_t* vals2 = b.vals2;
  const int end_bit = combined ? wp.c + wp.wbits : wp.c;
  const size_t items = combined ? b.E : m;
  size_t temp = 0;
  cub::DoubleBuffer<uint32_t> dk(keys, keys2), dv(vals, vals2);
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp, dk, dv, items, 0, end_bit, st));
  void* tmp = w.sort_temp.ensure(temp);
  int sel0 = -1;
  const int sorts = combined ? 1 : b.nw;
  for (int j = 0; j < sorts; ++j) {
    const size_t off = combined ? 0 : size_t(j) * m;
    cub::DoubleBuffer<uint32_t> k2(keys + off, keys2 + off), v2(vals + off, vals2 + off);
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(tmp, temp, k2, v2, items, 0, end_bit, st));
    if (sel0 < 0) sel0 = k2.selector;
    if (k2.selector != sel0 || v2.selector != sel0) {
      // keep every window's result in the same buffer
      uint32_t* kd = sel0 ? keys2 : keys;
      uint32_t* vd = sel0 ? vals2 : vals;
      CUZK_CUDA_CHECK(cudaMemcpyAsync(kd + off, k2.Current(), items * 4, cudaMemcpyDeviceToDevice, st));
      CUZK_CUDA_CHECK(cudaMemcpyAsync(vd + off, v2.Current(), items * 4, cudaMemcpyDeviceToDevice, st));
    }
  }
  const SortedEntries sorted{sel0 ? keys2 : keys, sel0 ? vals2 : vals};
  p.tm.mark("sort");
  return sorted;
}

// The batch's bucket sums: affine where planned and every run fits, else
// XYZZ. True when the buckets are affine (the reduction's level 1 then adds
// them with mixed additions).
template <class C>
bool GpuMsm<C>::Impl::accumulate_buckets(Pass& p, const WindowPlan& wp, const BatchPlan& bp, const Batch& b,
                                         const SortedEntries& sorted) {
  const bool summed = bp.affine && accumulate_affine(p.w, p.bases, sorted.keys, sorted.vals, b.E, wp.c, wp.B,
                                                     uint32_t(b.nw) * wp.B, bp.items_budget, b.buckets, b.occupied,
                                                     p.st);
  if (!summed) accumulate_xyzz(p.w, p.bases, sorted.keys, sorted.vals, b.E, wp.c, wp.B, b.buckets, b.occupied, p.st);
  stats.affine = stats.affine || summed;
  p.tm.mark("accumulate");
  return summed;
}

// The batch's windows reduced: level 1 on the caller's stream; the further
// levels (a few threads each, latency bound) and the copy to the host on the
// reduce stream, overlapping the next batch, on the level buffers of parity
// (batch index % 2).
template <class C>
gd::ReducePlan GpuMsm<C>::Impl::reduce_batch(Pass& p, const WindowPlan& wp, const Batch& b, int parity,
                                             bool affine_buckets, const detail::ResultStage<X>& stage) {
  using namespace kernels;
  MsmWorkspace::Impl& w = p.w;
  const cudaStream_t st = p.st;
  const int w0 = b.w0, nw = b.nw;
  const gd::ReducePlan rp = gd::plan_reduction(wp.B, nw, lvl1_threads, kHostMax);
  MsmWorkspace::Impl::LevelBufs& lb = w.levels[parity];
  const size_t l1 = size_t(nw) * rp.S1;
  const size_t l2 = rp.levels > 0 ? size_t(nw) * rp.S[0] : 1;
  DX* A0 = lb.a0.ensure_as<DX>(l1 * sizeof(DX));
  DX* R0 = lb.r0.ensure_as<DX>(l1 * sizeof(DX));
  DX* A1 = lb.a1.ensure_as<DX>(l2 * sizeof(DX));
  DX* R1 = lb.r1.ensure_as<DX>(l2 * sizeof(DX));
  DX* T1 = lb.t1.ensure_as<DX>(l2 * sizeof(DX));
  DX* T2 = lb.t2.ensure_as<DX>(l2 * sizeof(DX));  // T outputs alternate between t1 and t2
  const DX* Tin = nullptr;
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, p.ss.levels_done[parity], 0));  // batch k - 2 is done with them
  gd::Level1Args<C> la{b.buckets, b.occupied, wp.B, rp.s1, rp.S1, A0, R0, affine_buckets};
  k_level1<C><<<detail::blocks_for(l1, kReduceBlock), kReduceBlock, 0, st>>>(la, uint32_t(l1));
  CUZK_CUDA_CHECK_LAUNCH();
  p.ss.level1_done[parity].record(st);
  cudaStream_t rs = p.ss.reduce;
  CUZK_CUDA_CHECK(cudaStreamWaitEvent(rs, p.ss.level1_done[parity], 0));
  for (int l = 0; l < rp.levels; ++l) {
    const size_t outn = size_t(nw) * rp.S[l];
    gd::LevelArgs<C> lv{A0, Tin, R0, rp.n[l], rp.s[l], rp.S[l], rp.doublings[l], A1, T1, R1};
    k_level<C><<<detail::blocks_for(outn, kReduceBlock), kReduceBlock, 0, rs>>>(lv, uint32_t(outn));
    CUZK_CUDA_CHECK_LAUNCH();
    std::swap(A0, A1);
    std::swap(R0, R1);
    Tin = T1;
    std::swap(T1, T2);
  }
  // final A, R (and T, after further levels) of these windows to the host
  const size_t fin = size_t(nw) * rp.final_n;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(stage.a(w0), A0, fin * sizeof(X), cudaMemcpyDeviceToHost, rs));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(stage.r(w0, nw), R0, fin * sizeof(X), cudaMemcpyDeviceToHost, rs));
  if (Tin) CUZK_CUDA_CHECK(cudaMemcpyAsync(stage.t(w0, nw), Tin, fin * sizeof(X), cudaMemcpyDeviceToHost, rs));
  p.ss.levels_done[parity].record(rs);
  p.tm.mark("reduce");
  return rp;
}

// The caller's stream waits for the last batches' further levels and copies;
// then the phase times are collected.
template <class C>
void GpuMsm<C>::Impl::await_reductions(Pass& p, std::vector<std::pair<std::string, double>>& phases) {
  for (const gpu::Event& e : p.ss.levels_done) CUZK_CUDA_CHECK(cudaStreamWaitEvent(p.st, e, 0));
  p.tm.mark("reduce");  // the last batch's further levels
  CUZK_CUDA_CHECK(cudaStreamSynchronize(p.st));
  p.tm.collect(phases);
}

// Each window's last level (windows in parallel), Horner over the windows,
// plus the ones' partial sums.
template <class C>
auto GpuMsm<C>::Impl::finish_on_host(const WindowPlan& wp, const BatchPlan& bp,
                                     const std::vector<gd::ReducePlan>& plans, const detail::ResultStage<X>& stage,
                                     size_t ones_final, std::vector<std::pair<std::string, double>>& phases) -> X {
  const auto t0 = std::chrono::steady_clock::now();
  const int W = wp.W;
  X result = X::infinity();
  if (wp.m > 0) {
    std::vector<X> V(W, X::infinity());
    std::vector<int> batch_of(W);
    for (size_t b = 0; b < bp.ranges.size(); ++b)
      for (int j = bp.ranges[b].first; j < bp.ranges[b].second; ++j) batch_of[j] = int(b);
    parallel_for(size_t(W), 1, [&](size_t lo, size_t hi) {
      for (size_t jj = lo; jj < hi; ++jj) {
        const int b = batch_of[jj];
        const auto [w0, w1] = bp.ranges[b];
        const int nw = w1 - w0, j = int(jj) - w0;
        const gd::ReducePlan& rp = plans[b];
        const size_t at = size_t(j) * rp.final_n;
        const X* stt = rp.levels > 0 ? stage.t(w0, nw) + at : nullptr;
        V[jj] = gd::finish_window<C>(stage.a(w0) + at, stt, stage.r(w0, nw) + at, rp.final_n, rp.final_doublings);
      }
    });
    result = V[W - 1];
    for (int j = W - 2; j >= 0; --j) {
      for (int d = 0; d < wp.c; ++d) result = result.dbl();
      gd::xyzz_add<C>(result, V[j]);
    }
  }
  for (size_t i = 0; i < ones_final; ++i) gd::xyzz_add<C>(result, stage.ones()[i]);
  if (profile) {
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    auto it = std::find_if(phases.begin(), phases.end(), [](auto& p) { return p.first == "host"; });
    if (it == phases.end())
      phases.emplace_back("host", ms);
    else
      it->second += ms;
  }
  return result;
}

}  // namespace cuzk::msm::cuda
