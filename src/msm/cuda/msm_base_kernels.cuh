// Kernels that make the device's bases: host points converted to the device
// layout with their infinity bitmap, encoded key points checked in place,
// and distinct random subgroup points.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "ec/encoded_point.hpp"
#include "ec/jacobian.hpp"
#include "msm/cuda/msm_kernels.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

// Host layout (ec::Affine with its flag) -> device layout + infinity bitmap.
// Launched with blocks of 256 over a chunk that starts at a multiple of 32.
template <class C>
__global__ void __launch_bounds__(256) k_convert(const ec::Affine<C>* in, size_t n, gd::DevPoint<C>* out,
                                                 uint32_t* inf_words) {
  using F = typename C::Base;
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  bool inf = false;
  if (i < n) {
    const ec::Affine<C> a = in[i];
    inf = a.inf;
    gd::DevPoint<C> d;
    d.x = inf ? F::zero() : a.x;
    d.y = inf ? F::zero() : a.y;
    gd::store_vec(out + i, d);
  }
  const unsigned b = __ballot_sync(0xffffffffu, inf);
  if ((threadIdx.x & 31) == 0 && i < n) inf_words[i >> 5] = b;
}

// Encoded bases, uploaded as they are (their layout is DevPoint's), checked
// in place: infinity bits set, the least bad index (first + i) kept in *bad,
// *any_inf set when there is an infinity. Blocks of 256 over a chunk that
// starts at a multiple of 32.
template <class C>
__global__ void __launch_bounds__(256) k_check_encoded(const gd::DevPoint<C>* pts, size_t n, size_t first,
                                                       uint32_t* inf_words, unsigned long long* bad,
                                                       uint32_t* any_inf) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  bool inf = false;
  if (i < n) {
    const gd::DevPoint<C> p = gd::load_vec(pts + i);
    const ec::EncodedPointKind k = ec::classify_encoded<C>(p.x, p.y);
    inf = k == ec::EncodedPointKind::kInfinity;
    if (k == ec::EncodedPointKind::kNotReduced || k == ec::EncodedPointKind::kNotOnCurve)
      atomicMin(bad, static_cast<unsigned long long>(first + i));
  }
  const unsigned b = __ballot_sync(0xffffffffu, inf);
  if ((threadIdx.x & 31) == 0 && i < n) {
    inf_words[i >> 5] = b;
    if (b) atomicOr(any_inf, 1u);
  }
}

// P_i = T0[i & 1023] + T1[(i >> 10) & 1023] + T2[(i >> 20) & 1023], K points
// per thread converted to affine with one inversion.
template <class C>
__global__ void __launch_bounds__(128) k_generate(const ec::Affine<C>* tables, size_t n, gd::DevPoint<C>* out) {
  using F = typename C::Base;
  constexpr int K = 8;
  const size_t i0 = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * K;
  if (i0 >= n) return;
  ec::Jacobian<C> J[K];
  F prefix[K];
  F acc = F::one();
  for (int k = 0; k < K; ++k) {
    const size_t i = i0 + k;
    ec::Jacobian<C> p = ec::Jacobian<C>::generator();
    if (i < n) {
      p = ec::Jacobian<C>::from_affine(tables[i & 1023]) + tables[1024 + ((i >> 10) & 1023)];
      p = p + tables[2048 + ((i >> 20) & 1023)];
      if (p.is_infinity()) p = ec::Jacobian<C>::generator();  // probability ~2^-250
    }
    J[k] = p;
    prefix[k] = acc;
    acc = acc * p.z;
  }
  F inv = acc.inverse();
  for (int k = K - 1; k >= 0; --k) {
    const F zinv = inv * prefix[k];
    inv = inv * J[k].z;
    const size_t i = i0 + k;
    if (i < n) {
      const F zi2 = zinv.sqr();
      gd::DevPoint<C> d;
      d.x = J[k].x * zi2;
      d.y = J[k].y * zi2 * zinv;
      gd::store_vec(out + i, d);
    }
  }
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
