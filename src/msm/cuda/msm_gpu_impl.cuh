// GpuMsm<C>::Impl (msm_gpu.hpp): the state of one GpuMsm and the host
// orchestration of a call: planning windows, batches and the bucket sums'
// method, the workspace's buffers, the kernel launches, and their ordering
// on the caller's stream and the workspace's copy and reduce streams.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <mutex>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "msm/cuda/affine_rounds.hpp"
#include "msm/cuda/msm_affine_kernels.cuh"
#include "msm/cuda/msm_base_kernels.cuh"
#include "msm/cuda/msm_bucket_kernels.cuh"
#include "msm/cuda/msm_device_guard.hpp"
#include "msm/cuda/msm_gpu.hpp"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_ones_kernels.cuh"
#include "msm/cuda/msm_phase_timer.hpp"
#include "msm/cuda/msm_reduce_kernels.cuh"
#include "msm/cuda/msm_result_stage.hpp"
#include "msm/cuda/msm_scalar_kernels.cuh"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

template <class C>
struct GpuMsm<C>::Impl {
  using S = typename C::Scalar;
  using F = typename C::Base;
  using X = ec::Xyzz<C>;
  using DP = gd::DevPoint<C>;
  using DX = gd::DevXyzz<C>;

  int device = 0;
  size_t n = 0;
  bool resident = true;
  GpuMsmOptions opt;
  DevBuf points;     // resident DevPoints
  DevBuf inf_words;  // resident infinity bitmap (empty when there is none)
  bool any_inf = false;
  const ec::Affine<C>* host_bases = nullptr;  // streamed
  size_t chunk = 0;
  int sms = 0;
  uint32_t acc_threads = 0;  // resident threads of k_accumulate
  uint32_t lvl1_threads = 0;  // resident threads of k_level1
  uint32_t aff_threads = 0;  // resident threads of k_affine_round (0: not built for C)
  MsmWorkspace own_ws;
  std::mutex own_mu;
  GpuMsmStats stats;
  bool profile = false;

  // A member template, so that this class's explicit instantiation for G2
  // (no affine sums) does not build the kernel.
  template <class CC = C>
  auto affine_kernel() const {
    return kernels::k_affine_round<CC>;
  }

  void init_device_info() {
    sms = gpu::device_info(device).sm_count;
    int nb = 0;
    CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, kernels::k_accumulate<C>, kernels::kAccBlock, 0));
    acc_threads = uint32_t(std::max(1, nb) * sms * kernels::kAccBlock);
    CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, kernels::k_level1<C>, kernels::kReduceBlock, 0));
    lvl1_threads = uint32_t(std::max(1, nb) * sms * kernels::kReduceBlock);
    if constexpr (gd::kAffineAccumulation<C>) {
      int na = 0;
      CUZK_CUDA_CHECK(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&na, affine_kernel(), kernels::kAffBlock, 0));
      aff_threads = uint32_t(std::max(1, na) * sms * kernels::kAffBlock);
    }
    profile = profile_env_flag() || opt.profile;
  }
  static bool profile_env_flag() { return detail::profile_env(); }

  const uint32_t* inf_ptr() const { return any_inf ? inf_words.as<uint32_t>() : nullptr; }

  // --- the MSM over one set of device bases --------------------------------
  struct Upload {  // scalars to copy from the host, chunk by chunk, overlapped with classification
    const S* host = nullptr;
    size_t chunk = 0;
  };

  // Scratch of the affine accumulation: per window, beside the XYZZ path's
  // keys, values and buckets, five words per bucket slot, and its items (at
  // most (m + runs) / 2 points); fixed, the slices' running products. Runs
  // are summed in groups when the items of a whole window do not fit.
  struct AffinePlan {
    bool possible = false;
    size_t per_window = 0, items_per_window = 0, fixed = 0, max_windows = 0;
    // windows per batch under cap (0: no affine sums)
    int windows(size_t cap, int W) const {
      if (!possible || cap <= fixed) return 0;
      const size_t room = cap - fixed;
      size_t wb = room / (per_window + items_per_window);
      if (wb == 0) {  // one window, its runs in groups
        const size_t min_items = std::max<size_t>(items_per_window / 16, size_t(64) << 20);
        if (room < per_window + min_items) return 0;
        wb = 1;
      }
      return int(std::min({wb, size_t(W), max_windows}));
    }
    size_t items_budget(size_t cap, int wb) const { return cap - fixed - size_t(wb) * per_window; }
  };
  // affine sums for m non-trivial scalars, where their scratch fits
  bool affine_wanted(size_t m) const {
    if constexpr (gd::kAffineAccumulation<C>)
      return opt.affine_accumulation && m >= opt.affine_min_scalars && aff_threads > 0;
    return false;
  }
  AffinePlan affine_plan(size_t m, uint32_t B) const {
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

  // Exclusive sum of n words on st (temp storage in the workspace).
  static void exclusive_sum(MsmWorkspace::Impl& w, const uint32_t* in, uint32_t* out, size_t n, cudaStream_t st) {
    size_t temp = 0;
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp, in, out, n, st));
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(w.scan_temp.ensure(temp), temp, in, out, n, st));
  }

  // Reads one word of device memory (waits for the stream).
  static uint32_t read_word(MsmWorkspace::Impl& w, const uint32_t* d, cudaStream_t st) {
    uint32_t* hc = w.host_counters();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(hc + 2, d, sizeof(uint32_t), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    return hc[2];
  }

  // XYZZ bucket sums: equal ranges of the sorted entries per thread, then the merge of cut runs.
  void accumulate_xyzz(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys, const uint32_t* svals,
                       size_t E, int c, uint32_t B, DX* buckets, uint8_t* occupied, cudaStream_t st) {
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
  bool accumulate_affine(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys, const uint32_t* svals,
                         size_t E, int c, uint32_t B, uint32_t R, size_t items_budget, DX* buckets, uint8_t* occupied,
                         cudaStream_t st) {
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

  // sum_{i<count} k_i * bases[idx_i], idx_i = index ? index[i] - index_offset : i.
  X core(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* infw, const S* d_scalars, const uint32_t* index,
         uint32_t index_offset, size_t count, cudaStream_t st, const Upload* up,
         std::vector<std::pair<std::string, double>>& phases) {
    using namespace kernels;
    if (count == 0) return X::infinity();
    detail::PhaseTimer tm;
    tm.start(profile, st);
    w.ensure_streams();
    uint32_t* counters = w.counters.ensure_as<uint32_t>(4 * sizeof(uint32_t));
    uint32_t* ones_idx = w.ones_idx.ensure_as<uint32_t>(count * sizeof(uint32_t));
    CUZK_CUDA_CHECK(cudaMemsetAsync(counters, 0, 4 * sizeof(uint32_t), st));

    // 1. classify (with the scalar upload overlapped, chunk by chunk)
    if (up && up->host) {
      const size_t ch = std::max<size_t>(up->chunk, 1 << 16);
      for (size_t b = 0; b < count; b += ch) {
        const size_t e = std::min(count, b + ch);
        CUZK_CUDA_CHECK(cudaMemcpyAsync(const_cast<S*>(d_scalars) + b, up->host + b, (e - b) * sizeof(S),
                                        cudaMemcpyHostToDevice, w.copy_stream));
        CUZK_CUDA_CHECK(cudaEventRecord(w.copied, w.copy_stream));
        CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, w.copied, 0));
        k_classify<C><<<detail::blocks_for(e - b, kDigitsBlock), kDigitsBlock, 0, st>>>(
            d_scalars, index, index_offset, infw, b, e, counters, ones_idx);
        CUZK_CUDA_CHECK_LAUNCH();
      }
    } else {
      k_classify<C><<<detail::blocks_for(count, kDigitsBlock), kDigitsBlock, 0, st>>>(
          d_scalars, index, index_offset, infw, 0, count, counters, ones_idx);
      CUZK_CUDA_CHECK_LAUNCH();
    }
    uint32_t* hc = w.host_counters();
    CUZK_CUDA_CHECK(cudaMemcpyAsync(hc, counters, 2 * sizeof(uint32_t), cudaMemcpyDeviceToHost, st));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    tm.mark("classify");
    const size_t m = hc[0], ones = hc[1];
    stats.general += m;
    stats.ones += ones;

    // 2. plan
    const int c = opt.window_bits ? std::clamp(opt.window_bits, gd::kMinWindowBits, gd::kMaxWindowBits)
                                  : gd::choose_window_bits(std::max<size_t>(m, 1), S::kBits,
                                                           affine_wanted(m) ? 7.0 : 10.0);
    const int W = gd::windows_for(S::kBits, c);
    const uint32_t B = 1u << (c - 1);
    const int wbits = gd::ilog2_ceil(uint64_t(W));
    const bool combined = m > 0 && uint64_t(W) * m <= (uint64_t(1) << 22) && c + wbits <= 32;
    stats.window_bits = c;
    stats.windows = W;
    stats.combined_sort = combined;

    // pinned staging of the ones' sum and the windows' final sums
    const uint32_t host_max = 16;
    const detail::ResultStage<X> stage{
        static_cast<X*>(w.host_stage(detail::ResultStage<X>::points(host_max, W) * sizeof(X))), host_max};

    // 3. ones: strided per-thread sums, then plain-sum levels
    size_t ones_final = 0;
    if (ones > 0) {
      const uint32_t T1 = uint32_t(std::min<size_t>(acc_threads, (ones + 7) / 8));
      DX* p0 = w.ones_a.ensure_as<DX>(size_t(T1) * sizeof(DX));
      DX* p1 = w.ones_b.ensure_as<DX>(size_t((T1 + 15) / 16) * sizeof(DX));
      k_ones<C><<<detail::blocks_for(T1, kAccBlock), kAccBlock, 0, st>>>(ones_idx, ones, bases, T1, p0);
      CUZK_CUDA_CHECK_LAUNCH();
      size_t cur = T1;
      while (cur > host_max) {
        const uint32_t outn = uint32_t((cur + 15) / 16);
        k_sum<C><<<detail::blocks_for(outn, kReduceBlock), kReduceBlock, 0, st>>>(p0, cur, 16, p1, outn);
        CUZK_CUDA_CHECK_LAUNCH();
        std::swap(p0, p1);
        cur = outn;
      }
      CUZK_CUDA_CHECK(cudaMemcpyAsync(stage.ones(), p0, cur * sizeof(X), cudaMemcpyDeviceToHost, st));
      ones_final = cur;
      tm.mark("ones");
    }

    // 4. windows, in batches that fit the scratch budget
    std::vector<gd::ReducePlan> plans;
    std::vector<std::pair<int, int>> batch_ranges;
    bool affine = false;
    size_t items_budget = 0;  // items the affine sums may hold at once
    if (m > 0) {
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
      affine = aw > 0 && (!combined || aw == W);
      int wb = combined ? W
               : affine ? aw
                        : int(std::clamp<size_t>(cap / std::max<size_t>(per_window_xyzz, 1), 1, size_t(W)));
      const int batches = (W + wb - 1) / wb;
      wb = (W + batches - 1) / batches;  // even batches
      if (affine) items_budget = ap.items_budget(affine_cap, wb) / sizeof(DP);
      stats.batches += batches;
      for (int w0 = 0; w0 < W; w0 += wb) batch_ranges.emplace_back(w0, std::min(W, w0 + wb));

      for (auto [w0, w1] : batch_ranges) {
        const int nw = w1 - w0;
        const size_t E = size_t(nw) * m;
        uint32_t* keys = w.keys.ensure_as<uint32_t>(E * 4);
        uint32_t* vals = w.vals.ensure_as<uint32_t>(E * 4);
        uint32_t* keys2 = w.keys2.ensure_as<uint32_t>(E * 4);
        uint32_t* vals2 = w.vals2.ensure_as<uint32_t>(E * 4);
        DX* buckets = w.buckets.ensure_as<DX>(size_t(nw) * B * sizeof(DX));
        uint8_t* occupied = w.occupied.ensure_as<uint8_t>(size_t(nw) * B);
        CUZK_CUDA_CHECK(cudaMemsetAsync(occupied, 0, size_t(nw) * B, st));
        CUZK_CUDA_CHECK(cudaMemsetAsync(counters, 0, sizeof(uint32_t), st));

        gd::DigitArgs da{keys, vals, combined ? size_t(1) : m, combined ? size_t(nw) : size_t(1), c, W, w0, w1};
        k_digits<C><<<detail::blocks_for(count, kDigitsBlock), kDigitsBlock, 0, st>>>(d_scalars, index, index_offset,
                                                                                     infw, count, counters, da);
        CUZK_CUDA_CHECK_LAUNCH();
        tm.mark("digits");

        // sort
        const uint32_t* skeys = keys;
        const uint32_t* svals = vals;
        {
          const int end_bit = combined ? c + wbits : c;
          const size_t items = combined ? E : m;
          size_t temp = 0;
          cub::DoubleBuffer<uint32_t> dk(keys, keys2), dv(vals, vals2);
          CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp, dk, dv, items, 0, end_bit, st));
          void* tmp = w.sort_temp.ensure(temp);
          int sel0 = -1;
          const int sorts = combined ? 1 : nw;
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
          skeys = sel0 ? keys2 : keys;
          svals = sel0 ? vals2 : vals;
        }
        tm.mark("sort");

        const bool summed = affine && accumulate_affine(w, bases, skeys, svals, E, c, B, uint32_t(nw) * B,
                                                        items_budget, buckets, occupied, st);
        if (!summed) accumulate_xyzz(w, bases, skeys, svals, E, c, B, buckets, occupied, st);
        stats.affine = stats.affine || summed;
        tm.mark("accumulate");

        // reduce: level 1 here; the further levels (a few threads each,
        // latency bound) and the copy to the host on the reduce stream,
        // overlapping the next batch
        const gd::ReducePlan rp = gd::plan_reduction(B, nw, lvl1_threads, host_max);
        plans.push_back(rp);
        const int parity = int(plans.size() - 1) & 1;
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
        CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, w.levels_done[parity], 0));  // batch k - 2 is done with them
        gd::Level1Args<C> la{buckets, occupied, B, rp.s1, rp.S1, A0, R0, summed};
        k_level1<C><<<detail::blocks_for(l1, kReduceBlock), kReduceBlock, 0, st>>>(la, uint32_t(l1));
        CUZK_CUDA_CHECK_LAUNCH();
        CUZK_CUDA_CHECK(cudaEventRecord(w.level1_done[parity], st));
        cudaStream_t rs = w.reduce_stream;
        CUZK_CUDA_CHECK(cudaStreamWaitEvent(rs, w.level1_done[parity], 0));
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
        CUZK_CUDA_CHECK(cudaEventRecord(w.levels_done[parity], rs));
        tm.mark("reduce");
      }
    }
    for (cudaEvent_t e : w.levels_done) CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, e, 0));
    tm.mark("reduce");  // the last batch's further levels
    CUZK_CUDA_CHECK(cudaStreamSynchronize(st));
    tm.collect(phases);

    // 5. host: windows, Horner, ones
    const auto t0 = std::chrono::steady_clock::now();
    X result = X::infinity();
    if (m > 0) {
      // each window's last level on the host, windows in parallel
      std::vector<X> V(W, X::infinity());
      std::vector<int> batch_of(W);
      for (size_t b = 0; b < batch_ranges.size(); ++b)
        for (int j = batch_ranges[b].first; j < batch_ranges[b].second; ++j) batch_of[j] = int(b);
      parallel_for(size_t(W), 1, [&](size_t lo, size_t hi) {
        for (size_t jj = lo; jj < hi; ++jj) {
          const int b = batch_of[jj];
          const auto [w0, w1] = batch_ranges[b];
          const int nw = w1 - w0, j = int(jj) - w0;
          const gd::ReducePlan& rp = plans[b];
          const size_t at = size_t(j) * rp.final_n;
          const X* stt = rp.levels > 0 ? stage.t(w0, nw) + at : nullptr;
          V[jj] = gd::finish_window<C>(stage.a(w0) + at, stt, stage.r(w0, nw) + at, rp.final_n, rp.final_doublings);
        }
      });
      result = V[W - 1];
      for (int j = W - 2; j >= 0; --j) {
        for (int d = 0; d < c; ++d) result = result.dbl();
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

  // --- entry points -----------------------------------------------------------
  MsmWorkspace::Impl& workspace(MsmWorkspace* ws, std::unique_lock<std::mutex>& lk) {
    if (ws) return ws->impl();
    lk = std::unique_lock<std::mutex>(own_mu);
    return own_ws.impl();
  }

  void begin_stats(size_t count) {
    stats = GpuMsmStats{};
    stats.n = count;
    stats.phases.clear();
  }

  // Full or selected run. sel_host: ascending indices (streamed selections).
  X run_any(const S* d_scalars, const S* h_scalars, const uint32_t* d_index, const uint32_t* h_index, size_t count,
            cudaStream_t st, MsmWorkspace* ws) {
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
        w.ensure_streams();
        CUZK_CUDA_CHECK(cudaMemcpyAsync(const_cast<S*>(scal), up.host, count * sizeof(S), cudaMemcpyHostToDevice, st));
        up.host = nullptr;
      }
      result = streamed(w, scal, d_index, h_index, count, st);
    }
    return result;
  }

  // Bases streamed from host memory in chunks: the copy of chunk k+1 (copy
  // stream) overlaps the MSM of chunk k (st).
  X streamed(MsmWorkspace::Impl& w, const S* scal, const uint32_t* d_index, const uint32_t* h_index, size_t count,
             cudaStream_t st) {
    using namespace kernels;
    w.ensure_streams();
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
                                      cudaMemcpyHostToDevice, w.copy_stream));
      CUZK_CUDA_CHECK(cudaEventRecord(w.chunk_copied[k & 1], w.copy_stream));
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
      CUZK_CUDA_CHECK(cudaStreamWaitEvent(st, w.chunk_copied[s], 0));
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
};

}  // namespace cuzk::msm::cuda
