// The bucket sums' launches (GpuMsm<C>::Impl, msm_gpu_impl.cuh): XYZZ sums
// over equal ranges of the sorted entries, or batched affine sums in rounds
// of pairwise additions, with the scans and group bounds they need.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <vector>

#include "gpu/cuda_check.hpp"
#include "msm/cuda/affine_rounds.hpp"
#include "msm/cuda/msm_affine_kernels.cuh"
#include "msm/cuda/msm_bucket_kernels.cuh"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

// Exclusive sum of n words on st (temp storage in the workspace).
template <class C>
void GpuMsm<C>::Impl::exclusive_sum(MsmWorkspace::Impl& w, const uint32_t* in, uint32_t* out, size_t n,
                                     cudaStream_t st) {
  size_t temp = 0;
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp, in, out, n, st));
  CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(w.scan_temp.ensure(temp), temp, in, out, n, st));
}

// Reads one word of device memory (waits for the stream).
template <class C>
uint32_t GpuMsm<C>::Impl::read_word(MsmWorkspace::Impl& w, const uint32_t* d, cudaStream_t st) {
  uint32_t* hc = w.host_counters();
  CUZK_CUDA_CHECK(cudaMemcpyAsync(hc + 2, d, sizeof(uint32_t), cudaMemcpyDeviceToHost, st));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
  return hc[2];
}

// XYZZ bucket sums: equal ranges of the sorted entries per thread, then the merge of cut runs.
template <class C>
void GpuMsm<C>::Impl::accumulate_xyzz(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys,
                                      const uint32_t* svals, size_t E, int c, uint32_t B, DX* buckets,
                                      uint8_t* occupied, cudaStream_t st) {
  using namespace kernels;
  const uint32_t T = uint32_t(std::max<size_t>(1, std::min<size_t>(acc_threads, (E + 7) / 8)));
  gd::AccArgs<C> aa{};
  aa.keys = skeys;
  aa.vals = svals;
  aa.E = E;
  aa.L = (E + T - 1) / T;
  aa.T = T;
  aa.c = c;
  aa.B = B;
  aa.bases = bases;
  aa.buckets = buckets;
  aa.occupied = occupied;
  aa.head = w.head.ensure_as<DX>(size_t(T) * sizeof(DX));
  aa.tail = w.tail.ensure_as<DX>(size_t(T) * sizeof(DX));
  aa.head_key = w.head_key.ensure_as<uint32_t>(size_t(T) * 4);
  aa.tail_key = w.tail_key.ensure_as<uint32_t>(size_t(T) * 4);
  aa.flags = w.flags.ensure_as<uint8_t>(T);
  k_accumulate<C><<<detail::blocks_for(T, kAccBlock), kAccBlock, 0, st>>>(aa);
  CUZK_CUDA_CHECK_LAUNCH();
  k_merge<C><<<detail::blocks_for(T, kReduceBlock), kReduceBlock, 0, st>>>(aa);
  CUZK_CUDA_CHECK_LAUNCH();
}

// Affine bucket sums by rounds of pairwise additions (affine_rounds.hpp)
// over R = windows * B bucket slots, in groups of runs of at most
// items_budget items. False (nothing summed but single-entry buckets) when
// one run alone needs more: the caller sums with XYZZ additions instead.
template <class C>
bool GpuMsm<C>::Impl::accumulate_affine(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys,
                                        const uint32_t* svals, size_t E, int c, uint32_t B, uint32_t R,
                                        size_t items_budget, DX* buckets, uint8_t* occupied, cudaStream_t st) {
  if constexpr (gd::kAffineAccumulation<C>) {
    using namespace kernels;
    uint32_t* start = w.run_start.ensure_as<uint32_t>(size_t(R) * 4);
    uint32_t* len = w.run_len.ensure_as<uint32_t>(size_t(R) * 4);
    uint32_t* ibase = w.run_ibase.ensure_as<uint32_t>((size_t(R) + 1) * 4);
    uint32_t* count = w.run_count.ensure_as<uint32_t>((size_t(R) + 1) * 4);
    uint32_t* offset = w.run_offset.ensure_as<uint32_t>((size_t(R) + 1) * 4);
    CUZK_CUDA_CHECK(cudaMemsetAsync(start, 0, size_t(R) * 4, st));
    CUZK_CUDA_CHECK(cudaMemsetAsync(len, 0, size_t(R) * 4, st));
    const gd::RunInit ri{skeys, svals, E, c, B, R, start, len, count};
    k_run_bounds<<<detail::blocks_for(E, 256), 256, 0, st>>>(ri);
    CUZK_CUDA_CHECK_LAUNCH();
    k_runs_init<C><<<detail::blocks_for(size_t(R) + 1, 256), 256, 0, st>>>(ri, bases, buckets, occupied);
    CUZK_CUDA_CHECK_LAUNCH();
    exclusive_sum(w, count, ibase, size_t(R) + 1, st);
    const uint32_t n_items = read_word(w, ibase + R, st);
    const std::vector<gd::RunGroup> groups =
        gd::plan_run_groups(R, n_items, items_budget, [&](uint32_t G, uint64_t step, uint32_t* run, uint32_t* item) {
          uint32_t* d = w.group_bounds.ensure_as<uint32_t>((size_t(G) + 1) * 8);
          k_group_bounds<<<detail::blocks_for(size_t(G) + 1, 256), 256, 0, st>>>(ibase, R, step, d, d + G + 1, G);
          CUZK_CUDA_CHECK_LAUNCH();
          CUZK_CUDA_CHECK(cudaMemcpyAsync(run, d, (size_t(G) + 1) * 4, cudaMemcpyDeviceToHost, st));
          CUZK_CUDA_CHECK(cudaMemcpyAsync(item, d + G + 1, (size_t(G) + 1) * 4, cudaMemcpyDeviceToHost, st));
          CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
        });
    if (groups.empty() && n_items > 0) return false;
    uint32_t most = 1;
    for (const gd::RunGroup& g : groups) most = std::max(most, g.items);
    DP* items = w.items.ensure_as<DP>(size_t(most) * sizeof(DP));
    stats.affine_groups += int(groups.size());
    for (const gd::RunGroup& g : groups) {
      const uint32_t Rg = g.r1 - g.r0;
      gd::AffineRoundArgs<C> a{};
      a.start = start + g.r0;
      a.len = len + g.r0;
      a.ibase = ibase + g.r0;
      a.item0 = g.item0;
      a.offset = offset;
      a.R = Rg;
      a.vals = svals;
      a.bases = bases;
      a.items = items;
      a.buckets = buckets + g.r0;
      a.occupied = occupied + g.r0;
      for (int k = 1;; ++k) {
        k_pair_counts<<<detail::blocks_for(size_t(Rg) + 1, 256), 256, 0, st>>>(len + g.r0, Rg, k, count);
        CUZK_CUDA_CHECK_LAUNCH();
        exclusive_sum(w, count, offset, size_t(Rg) + 1, st);
        const uint64_t P = read_word(w, offset + Rg, st);
        if (P == 0) break;
        const uint32_t S =
            uint32_t(std::clamp<uint64_t>((P + aff_threads - 1) / aff_threads, kAffMinSlice, kAffMaxSlice));
        const uint64_t slices = gd::slices_for(P, S);
        const uint32_t blocks =
            uint32_t(std::min<uint64_t>((slices + kAffBlock - 1) / kAffBlock, aff_threads / kAffBlock));
        a.P = P;
        a.S = S;
        a.slices = slices;
        a.T = blocks * kAffBlock;
        a.round = k;
        a.prefix = w.aff_prefix.ensure_as<F>(size_t(S) * a.T * sizeof(F));
        a.pair_run = w.aff_pair_run.ensure_as<uint32_t>(size_t(S) * a.T * 4);
        affine_kernel()<<<blocks, kAffBlock, 0, st>>>(a);
        CUZK_CUDA_CHECK_LAUNCH();
        ++stats.affine_rounds;
      }
    }
    return true;
  } else {
    (void)w, (void)bases, (void)skeys, (void)svals, (void)E, (void)c, (void)B, (void)R, (void)items_budget,
        (void)buckets, (void)occupied, (void)st;
    return false;
  }
}

}  // namespace cuzk::msm::cuda
