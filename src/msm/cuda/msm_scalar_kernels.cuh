// Kernels over the scalars: classification (zero, one, non-trivial) and the
// signed window digits of the non-trivial ones (msm_kernels.hpp's bodies).
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

// Scalars are 32-byte Montgomery limbs; load them as two 16-byte vectors.
template <class S>
__device__ __forceinline__ ff::Limbs<S::N> load_canonical(const S* p) {
  static_assert(sizeof(S) % 16 == 0, "scalar size");
  S s;
  const uint4* src = reinterpret_cast<const uint4*>(p);
  uint4 tmp[sizeof(S) / 16];
#pragma unroll
  for (int i = 0; i < int(sizeof(S) / 16); ++i) tmp[i] = __ldg(src + i);
  memcpy(&s, tmp, sizeof(S));
  return s.to_canonical();
}

// Block-wide slot assignment: each thread with `take` gets a distinct slot in
// [counter, counter + total); one atomic per block. All threads must call it.
__device__ __forceinline__ uint32_t block_slot(bool take, uint32_t* counter, uint32_t* sh_warp, uint32_t* sh_base) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned bal = __ballot_sync(0xffffffffu, take);
  if (lane == 0) sh_warp[warp] = __popc(bal);
  __syncthreads();
  if (threadIdx.x == 0) {
    uint32_t tot = 0;
    for (int w = 0; w < int(blockDim.x >> 5); ++w) {
      const uint32_t c = sh_warp[w];
      sh_warp[w] = tot;
      tot += c;
    }
    *sh_base = tot ? atomicAdd(counter, tot) : 0;
  }
  __syncthreads();
  const uint32_t slot = *sh_base + sh_warp[warp] + __popc(bal & ((1u << lane) - 1));
  __syncthreads();  // sh_* are reused by the next call
  return slot;
}

// Classify scalars [begin, end): counters[0] += non-trivial, ones listed.
template <class C>
__global__ void __launch_bounds__(kDigitsBlock) k_classify(const typename C::Scalar* scalars, const uint32_t* index,
                                                           uint32_t index_offset, const uint32_t* inf_words,
                                                           size_t begin, size_t end, uint32_t* counters,
                                                           uint32_t* ones_idx) {
  using S = typename C::Scalar;
  __shared__ uint32_t sh_warp[kDigitsBlock / 32];
  __shared__ uint32_t sh_base;
  const size_t i = begin + size_t(blockIdx.x) * kDigitsBlock + threadIdx.x;
  uint8_t cls = gd::kClassSkip;
  uint32_t bidx = 0;
  if (i < end) {
    const ff::Limbs<S::N> k = load_canonical(scalars + i);
    bidx = index ? index[i] - index_offset : uint32_t(i);
    cls = gd::classify<S>(k, gd::bit_is_set(inf_words, bidx));
  }
  (void)block_slot(cls == gd::kClassGeneral, &counters[0], sh_warp, &sh_base);  // counted only
  const uint32_t slot = block_slot(cls == gd::kClassOne, &counters[1], sh_warp, &sh_base);
  if (cls == gd::kClassOne) ones_idx[slot] = bidx;
}

// Digits of the non-trivial scalars for windows [a.w0, a.w1).
template <class C>
__global__ void __launch_bounds__(kDigitsBlock) k_digits(const typename C::Scalar* scalars, const uint32_t* index,
                                                         uint32_t index_offset, const uint32_t* inf_words, size_t n,
                                                         uint32_t* counter, gd::DigitArgs a) {
  using S = typename C::Scalar;
  __shared__ uint32_t sh_warp[kDigitsBlock / 32];
  __shared__ uint32_t sh_base;
  const size_t i = size_t(blockIdx.x) * kDigitsBlock + threadIdx.x;
  uint8_t cls = gd::kClassSkip;
  uint32_t bidx = 0;
  ff::Limbs<S::N> k{};
  if (i < n) {
    k = load_canonical(scalars + i);
    bidx = index ? index[i] - index_offset : uint32_t(i);
    cls = gd::classify<S>(k, gd::bit_is_set(inf_words, bidx));
  }
  const uint32_t slot = block_slot(cls == gd::kClassGeneral, counter, sh_warp, &sh_base);
  if (cls == gd::kClassGeneral) gd::write_digits(a, k, bidx, slot);
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
