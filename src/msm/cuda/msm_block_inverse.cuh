// One field inversion shared by a thread block (Montgomery's trick over the
// block, scanned by warp 0 with shuffles): the affine rounds' inversions.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "ff/binary_inverse.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace kernels {

// Warp shuffles of a whole field element, word by word.
enum class Shfl { kUp, kDown, kIdx };
template <Shfl M, class F>
__device__ __forceinline__ F shfl_field(const F& x, int arg) {
  F r;
  const uint32_t* s = reinterpret_cast<const uint32_t*>(&x);
  uint32_t* d = reinterpret_cast<uint32_t*>(&r);
#pragma unroll
  for (int i = 0; i < int(sizeof(F) / 4); ++i) {
    if constexpr (M == Shfl::kUp)
      d[i] = __shfl_up_sync(0xffffffffu, s[i], arg);
    else if constexpr (M == Shfl::kDown)
      d[i] = __shfl_down_sync(0xffffffffu, s[i], arg);
    else
      d[i] = __shfl_sync(0xffffffffu, s[i], arg);
  }
  return r;
}

// 1/v for every thread of the block (v != 0) with one inversion (Kaliski's,
// ff/binary_inverse.hpp: the other warps wait for it, so its latency counts):
// warp 0 takes kAffBlock / 32 values per lane, scans the lanes' products both
// ways with shuffles, inverts the block's product and hands each value its
// inverse (1/v_i = 1/total * product of all the others). All threads must
// call it.
template <class F>
__device__ F block_inverse(const F& v, F* sh) {
  constexpr int G = kAffBlock / 32;
  sh[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    const int l = int(threadIdx.x);
    F before[G];  // product of this lane's values ahead of value k
    F p = F::one();
#pragma unroll
    for (int k = 0; k < G; ++k) {
      before[k] = p;
      p = p * sh[G * l + k];
    }
    F up = p, down = p;  // inclusive products over lanes <= l and lanes >= l
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
      const F a = shfl_field<Shfl::kUp>(up, off);
      const F b = shfl_field<Shfl::kDown>(down, off);
      if (l >= off) up = up * a;
      if (l + off < 32) down = down * b;
    }
    F left = shfl_field<Shfl::kUp>(up, 1), right = shfl_field<Shfl::kDown>(down, 1);
    if (l == 0) left = F::one();
    if (l == 31) right = F::one();
    const F total = shfl_field<Shfl::kIdx>(up, 31);
    F inv;  // 1/p
    if constexpr (requires { typename F::Params; })
      inv = ff::inverse_binary(total) * left * right;
    else
      inv = total.inverse() * left * right;
#pragma unroll
    for (int k = G - 1; k >= 0; --k) {
      const F val = sh[G * l + k];
      sh[G * l + k] = inv * before[k];
      inv = inv * val;
    }
  }
  __syncthreads();
  const F r = sh[threadIdx.x];
  __syncthreads();  // sh is reused by the next call
  return r;
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
