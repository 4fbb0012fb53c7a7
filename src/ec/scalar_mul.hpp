// Scalar multiplication [k]P, host and device. Contract: k is a little-endian
// limb integer of any size (or a scalar-field element, taken canonically); the
// result is exact for every k and P, including k = 0 and k >= r. Variable time:
// callers multiplying by secrets must not expose timing. The multiplications
// are CUZK_HD_NOINLINE: on the device a call is cheaper than copies of their bodies.
#pragma once
#include <cstdint>

#include "ec/xyzz.hpp"

// Keeps nvcc from unrolling loops whose bodies are whole point operations
// (fully unrolled G2 bodies cost minutes of compile time and instruction cache).
#if defined(__CUDACC__)
#define CUZK_EC_NO_UNROLL _Pragma("unroll 1")
#else
#define CUZK_EC_NO_UNROLL
#endif

namespace cuzk::ec {

// Fixed 4-bit windows over [0..15]P: 4 doublings and at most one addition per
// window; the table fits comfortably in registers/local memory even for G2.
template <class C, int M>
CUZK_HD_NOINLINE Jacobian<C> mul(const Jacobian<C>& p, const ff::Limbs<M>& k) {
  constexpr int kW = 4;
  Jacobian<C> table[1 << kW];
  table[0] = Jacobian<C>::infinity();
  table[1] = p;
  CUZK_EC_NO_UNROLL
  for (int i = 2; i < (1 << kW); ++i) table[i] = (i & 1) ? table[i - 1] + p : table[i / 2].dbl();
  Jacobian<C> acc = Jacobian<C>::infinity();
  const int top = (ff::limbs_bit_length(k) + kW - 1) / kW * kW;
  CUZK_EC_NO_UNROLL
  for (int i = top - kW; i >= 0; i -= kW) {
    CUZK_EC_NO_UNROLL
    for (int j = 0; j < kW; ++j) acc = acc.dbl();
    const unsigned w = unsigned(k.v[i / 64] >> (i % 64)) & ((1u << kW) - 1);  // kW divides 64: no limb straddle
    if (w) acc += table[w];
  }
  return acc;
}

template <class C, int M>
CUZK_HD Jacobian<C> mul(const Affine<C>& p, const ff::Limbs<M>& k) {
  return mul(Jacobian<C>::from_affine(p), k);
}

template <class C>
CUZK_HD Jacobian<C> mul(const Jacobian<C>& p, const typename C::Scalar& k) {
  return mul(p, k.to_canonical());
}
template <class C>
CUZK_HD Jacobian<C> mul(const Affine<C>& p, const typename C::Scalar& k) {
  return mul(Jacobian<C>::from_affine(p), k.to_canonical());
}

// Plain double-and-add, for sparse constants such as the BLS parameter |x|
// (weight 6) where a window table would cost more than it saves. Pt is Affine
// (mixed additions) or Jacobian.
template <class C, template <class> class Pt>
CUZK_HD_NOINLINE Jacobian<C> mul_u64(const Pt<C>& p, uint64_t k) {
  Jacobian<C> acc = Jacobian<C>::infinity();
  CUZK_EC_NO_UNROLL
  for (int i = 63; i >= 0; --i) {
    acc = acc.dbl();
    if ((k >> i) & 1) acc += p;
  }
  return acc;
}

template <class C>
CUZK_HD Jacobian<C> operator*(const Jacobian<C>& p, const typename C::Scalar& k) {
  return mul(p, k);
}
template <class C>
CUZK_HD Jacobian<C> operator*(const Affine<C>& p, const typename C::Scalar& k) {
  return mul(p, k);
}

}  // namespace cuzk::ec
