// Scalar multiplication [k]P, host and device. Contract: k is a little-endian
// limb integer of any size (or a scalar-field element, taken canonically); the
// result is exact for every k and P, including k = 0 and k >= r. Variable time:
// callers multiplying by secrets must not expose timing.
#pragma once
#include <cstdint>

#include "ec/xyzz.hpp"

// A device field product is ~1000 (BN254) or ~2000 (BLS12-381) PTX lines, so a
// G2 addition inlined is ~100k lines. These loops would otherwise be unrolled
// and inlined into minutes of compile time; on the device they call one
// out-of-line copy of each point operation instead. Host code is unaffected.
#if defined(__CUDACC__)
#define CUZK_EC_NO_UNROLL _Pragma("unroll 1")
#define CUZK_EC_OUTLINE __host__ __device__ __noinline__
#else
#define CUZK_EC_NO_UNROLL
#define CUZK_EC_OUTLINE inline
#endif

namespace cuzk::ec {

namespace outlined {
template <class C>
CUZK_EC_OUTLINE Jacobian<C> add(const Jacobian<C>& p, const Jacobian<C>& q) {
  return p + q;
}
template <class C>
CUZK_EC_OUTLINE Jacobian<C> add(const Jacobian<C>& p, const Affine<C>& q) {
  return p + q;
}
template <class C>
CUZK_EC_OUTLINE Jacobian<C> dbl(const Jacobian<C>& p) {
  return p.dbl();
}
}  // namespace outlined

// Fixed 4-bit windows over [0..15]P: 4 doublings and at most one addition per
// window; the table fits comfortably in registers/local memory even for G2.
template <class C, int M>
CUZK_EC_OUTLINE Jacobian<C> mul(const Jacobian<C>& p, const ff::Limbs<M>& k) {
  constexpr int kW = 4;
  Jacobian<C> table[1 << kW];
  table[0] = Jacobian<C>::infinity();
  table[1] = p;
  CUZK_EC_NO_UNROLL
  for (int i = 2; i < (1 << kW); ++i) table[i] = (i & 1) ? outlined::add(table[i - 1], p) : outlined::dbl(table[i / 2]);
  Jacobian<C> acc = Jacobian<C>::infinity();
  const int top = (ff::limbs_bit_length(k) + kW - 1) / kW * kW;
  CUZK_EC_NO_UNROLL
  for (int i = top - kW; i >= 0; i -= kW) {
    CUZK_EC_NO_UNROLL
    for (int j = 0; j < kW; ++j) acc = outlined::dbl(acc);
    const unsigned w = unsigned(k.v[i / 64] >> (i % 64)) & ((1u << kW) - 1);  // kW divides 64: no limb straddle
    if (w) acc = outlined::add(acc, table[w]);
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
CUZK_EC_OUTLINE Jacobian<C> mul_u64(const Pt<C>& p, uint64_t k) {
  Jacobian<C> acc = Jacobian<C>::infinity();
  CUZK_EC_NO_UNROLL
  for (int i = 63; i >= 0; --i) {
    acc = outlined::dbl(acc);
    if ((k >> i) & 1) acc = outlined::add(acc, p);
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
