// GpuMsm<C>::Impl (msm_gpu.hpp): the state of one GpuMsm, the plans a call
// is made of, and the declarations of the host orchestration, defined in
// msm_plan.cuh (windows, batches, the bucket sums' method), msm_core.cuh (one
// MSM over one set of device bases, phase by phase), msm_accumulate.cuh (the
// bucket sums' launches) and msm_run.cuh (workspace, scalars, resident or
// streamed bases).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "msm/cuda/msm_affine_kernels.cuh"
#include "msm/cuda/msm_bucket_kernels.cuh"
#include "msm/cuda/msm_gpu.hpp"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_phase_timer.hpp"
#include "msm/cuda/msm_reduce_kernels.cuh"
#include "msm/cuda/msm_result_stage.hpp"
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
  std::vector<ec::Affine<C>> own_host_bases;  // ... when decoded here (from_encoded)
  size_t chunk = 0;
  int sms = 0;
  uint32_t acc_threads = 0;  // resident threads of k_accumulate
  uint32_t lvl1_threads = 0;  // resident threads of k_level1
  uint32_t aff_threads = 0;  // resident threads of k_affine_round (0: not built for C)
  MsmWorkspace own_ws;
  std::mutex own_mu;
  GpuMsmStats stats;
  bool profile = false;

  // Sums per window left to the host by the reduction, and at most as many
  // partial sums of the ones.
  static constexpr uint32_t kHostMax = 16;

  // A member template, so that this class's explicit instantiation for G2
  // (no affine sums) does not build the kernel.
  template <class CC = C>
  auto affine_kernel() const {
    return kernels::k_affine_round<CC>;
  }

  // What every constructor sets first, with `dev` current.
  void begin(int dev, size_t count, const GpuMsmOptions& o) {
    device = dev;
    n = count;
    opt = o;
    init_device_info();
    chunk = o.chunk_points ? (o.chunk_points + 31) / 32 * 32 : (size_t(1) << 22);
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

  // --- plans (msm_plan.cuh) --------------------------------------------------

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

  // The windows of a call with m non-trivial scalars: c-bit digits, W windows
  // of B buckets; combined: all windows sorted at once (window in the key's
  // top wbits bits) where they are few.
  struct WindowPlan {
    size_t m = 0;
    int c = 0, W = 0, wbits = 0;
    uint32_t B = 0;
    bool combined = false;
  };

  // The windows in batches [first, last) that fit the scratch, and the bucket
  // sums' method: affine (items_budget items at once) or XYZZ.
  struct BatchPlan {
    std::vector<std::pair<int, int>> ranges;
    bool affine = false;
    size_t items_budget = 0;
  };

  // affine sums for m non-trivial scalars, where their scratch fits
  bool affine_wanted(size_t m) const {
    if constexpr (gd::kAffineAccumulation<C>)
      return opt.affine_accumulation && m >= opt.affine_min_scalars && aff_threads > 0;
    return false;
  }
  AffinePlan affine_plan(size_t m, uint32_t B) const;
  WindowPlan plan_windows(size_t m);
  BatchPlan plan_batches(MsmWorkspace::Impl& w, const WindowPlan& wp);

  // --- one MSM over one set of device bases (msm_core.cuh) -------------------

  struct Upload {  // scalars to copy from the host, chunk by chunk, overlapped with classification
    const S* host = nullptr;
    size_t chunk = 0;
  };

  // One core() call: its inputs, its phase timer and its device counters.
  struct Pass {
    MsmWorkspace::Impl& w;
    MsmWorkspace::Impl::Streams& ss;  // w's copy and reduce streams and their events
    const DP* bases;
    const uint32_t* infw;
    const S* scalars;
    const uint32_t* index;
    uint32_t index_offset;
    size_t count;
    cudaStream_t st;
    detail::PhaseTimer tm{};
    uint32_t* counters = nullptr;  // [0]: non-trivial scalars (later the digits' slots), [1]: ones
    uint32_t* ones_idx = nullptr;  // bases whose scalar is one
  };
  struct ScalarCounts {
    size_t general = 0, ones = 0;
  };
  // One window batch's entries (keys, values and their sort's other buffers)
  // and buckets.
  struct Batch {
    int w0 = 0, nw = 0;
    size_t E = 0;  // entries: nw x m
    uint32_t *keys = nullptr, *vals = nullptr, *keys2 = nullptr, *vals2 = nullptr;
    DX* buckets = nullptr;
    uint8_t* occupied = nullptr;
  };
  struct SortedEntries {
    const uint32_t* keys = nullptr;
    const uint32_t* vals = nullptr;
  };

  // sum_{i<count} k_i * bases[idx_i], idx_i = index ? index[i] - index_offset : i.
  X core(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* infw, const S* d_scalars, const uint32_t* index,
         uint32_t index_offset, size_t count, cudaStream_t st, const Upload* up,
         std::vector<std::pair<std::string, double>>& phases);
  ScalarCounts classify_scalars(Pass& p, const Upload* up);
  detail::ResultStage<X> stage_results(MsmWorkspace::Impl& w, int windows);
  size_t sum_ones(Pass& p, size_t ones, const detail::ResultStage<X>& stage);
  Batch batch_scratch(Pass& p, const WindowPlan& wp, std::pair<int, int> range);
  void write_digits(Pass& p, const WindowPlan& wp, const Batch& b);
  SortedEntries sort_digits(Pass& p, const WindowPlan& wp, const Batch& b);
  bool accumulate_buckets(Pass& p, const WindowPlan& wp, const BatchPlan& bp, const Batch& b,
                          const SortedEntries& sorted);
  gd::ReducePlan reduce_batch(Pass& p, const WindowPlan& wp, const Batch& b, int parity, bool affine_buckets,
                              const detail::ResultStage<X>& stage);
  void await_reductions(Pass& p, std::vector<std::pair<std::string, double>>& phases);
  X finish_on_host(const WindowPlan& wp, const BatchPlan& bp, const std::vector<gd::ReducePlan>& plans,
                   const detail::ResultStage<X>& stage, size_t ones_final,
                   std::vector<std::pair<std::string, double>>& phases);

  // --- bucket sums (msm_accumulate.cuh) ---------------------------------------

  static void exclusive_sum(MsmWorkspace::Impl& w, const uint32_t* in, uint32_t* out, size_t n, cudaStream_t st);
  static uint32_t read_word(MsmWorkspace::Impl& w, const uint32_t* d, cudaStream_t st);
  void accumulate_xyzz(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys, const uint32_t* svals,
                       size_t E, int c, uint32_t B, DX* buckets, uint8_t* occupied, cudaStream_t st);
  bool accumulate_affine(MsmWorkspace::Impl& w, const DP* bases, const uint32_t* skeys, const uint32_t* svals,
                         size_t E, int c, uint32_t B, uint32_t R, size_t items_budget, DX* buckets, uint8_t* occupied,
                         cudaStream_t st);

  // --- entry points (msm_run.cuh) ---------------------------------------------

  MsmWorkspace::Impl& workspace(MsmWorkspace* ws, std::unique_lock<std::mutex>& lk);
  void begin_stats(size_t count);
  X run_any(const S* d_scalars, const S* h_scalars, const uint32_t* d_index, const uint32_t* h_index, size_t count,
            cudaStream_t st, MsmWorkspace* ws);
  X streamed(MsmWorkspace::Impl& w, const S* scal, const uint32_t* d_index, const uint32_t* h_index, size_t count,
             cudaStream_t st);
};

}  // namespace cuzk::msm::cuda
