// Kernels of the batched affine bucket sums (affine_rounds.hpp): the runs'
// bounds and first items, the groups of runs, the pairs of each round, and
// the round itself.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "msm/cuda/affine_rounds.hpp"
#include "msm/cuda/msm_block_inverse.cuh"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

static __global__ void __launch_bounds__(256) k_run_bounds(gd::RunInit a) {
  const size_t e = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e < a.E) gd::run_bounds_thread(a, e);
}

template <class C>
__global__ void __launch_bounds__(256) k_runs_init(gd::RunInit a, const gd::DevPoint<C>* bases,
                                                   gd::DevXyzz<C>* buckets, uint8_t* occupied) {
  const uint32_t s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s <= a.R) gd::runs_init_thread<C>(a, bases, buckets, occupied, s);
}

static __global__ void __launch_bounds__(256) k_group_bounds(const uint32_t* ibase, uint32_t R, uint64_t step,
                                                      uint32_t* run, uint32_t* item, uint32_t G) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g <= G) gd::group_bound_thread(ibase, R, step, run, item, g);
}

static __global__ void __launch_bounds__(256) k_pair_counts(const uint32_t* len, uint32_t R, int k, uint32_t* counts) {
  const uint32_t s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s <= R) gd::pair_counts_thread(len, R, k, counts, s);
}

// One round of pairwise affine additions; slices of S pairs, grid-stride so
// that every thread of a block makes the same number of block_inverse calls.
// Registers for 3 blocks per SM (12 warps, ~167 registers, no spills): 2
// blocks (no spills either, fewer warps) and 4 (spills) measured slower where
// the affine sums run (NOTES.md).
template <class C>
__global__ void __launch_bounds__(kAffBlock, kAffMinBlocks) k_affine_round(gd::AffineRoundArgs<C> a) {
  using F = typename C::Base;
  __shared__ F sh[kAffBlock];
  __shared__ gd::Chunk16 staged[gd::PairStage<C>::kChunks * kAffBlock];
  gd::PairStage<C> stage;
  stage.column = staged + threadIdx.x;
  stage.lanes = kAffBlock;
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  for (uint64_t first = uint64_t(blockIdx.x) * blockDim.x; first < a.slices; first += a.T) {
    const uint64_t slice = first + threadIdx.x;
    const F prod = gd::affine_prefix_pass(a, slice, t);
    const F inv = block_inverse(prod, sh);
    gd::affine_result_pass(a, slice, t, inv, stage);
  }
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
