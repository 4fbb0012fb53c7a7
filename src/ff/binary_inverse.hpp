// Field inversion by Kaliski's almost Montgomery inverse (binary extended
// Euclid without modular halvings), with each run of trailing zeros shifted
// out in one pass: about 0.7 log2(p) subtractions, each with one multi-bit
// shift of two N-limb integers, where the plain binary Euclid halves mod p
// one bit at a time (about 2.5 times the word operations) and Fermat's
// a^(p-2) takes log2(p) squarings and multiplications. On a GPU its latency
// counts (the MSM's batched denominators: a block waits for its inversion).
// Its running time depends on the value: for public data only. Inverse of
// zero is zero, as Field::inverse.
#pragma once
#include "ff/field.hpp"

namespace cuzk::ff {

namespace binary_inverse_detail {

CUZK_HD int ctz64(uint64_t x) {  // x != 0
#if CUZK_DEVICE_CODE
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

// a >>= t, 0 < t < 64
template <int N>
CUZK_HD void shift_right(Limbs<N>& a, int t) {
  for (int i = 0; i < N - 1; ++i) a.v[i] = (a.v[i] >> t) | (a.v[i + 1] << (64 - t));
  a.v[N - 1] >>= t;
}

// a <<= t, 0 < t < 64 (the caller knows a < 2^(64N - t))
template <int N>
CUZK_HD void shift_left(Limbs<N>& a, int t) {
  for (int i = N - 1; i > 0; --i) a.v[i] = (a.v[i] << t) | (a.v[i - 1] >> (64 - t));
  a.v[0] <<= t;
}

template <int N>
CUZK_HD void add_in_place(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t carry = 0;
  for (int i = 0; i < N; ++i) a.v[i] = addc(a.v[i], b.v[i], carry);
}

// a -= b; returns the borrow (a < b)
template <int N>
CUZK_HD bool sub_in_place(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t borrow = 0;
  for (int i = 0; i < N; ++i) a.v[i] = subb(a.v[i], b.v[i], borrow);
  return borrow != 0;
}

// x even and nonzero: x >>= t, y <<= t, k += t for x's trailing zeros
// (at most 63 at a time).
template <int N>
CUZK_HD void strip_twos(Limbs<N>& x, Limbs<N>& y, int& k) {
  while (!(x.v[0] & 1)) {
    const int t = x.v[0] ? ctz64(x.v[0]) : 63;
    shift_right(x, t);
    shift_left(y, t);
    k += t;
  }
}

}  // namespace binary_inverse_detail

template <class P>
CUZK_HD Field<P> inverse_binary(const Field<P>& a) {
  namespace d = binary_inverse_detail;
  using F = Field<P>;
  constexpr int N = P::kLimbs;
  constexpr int W = 64 * N;
  static_assert(P::kBits < W, "r and s below 2p must fit N limbs");
  if (a.is_zero()) return a;
  const Limbs<N> p = P::modulus();
  // Kaliski, phase 1, on the integer m = aR (the Montgomery value): the
  // invariant p = u s + v r holds, r and s stay below 2p, and at the end
  // p - r = m^-1 2^k mod p with log2 p <= k <= 2 log2 p.
  Limbs<N> u = p, v = a.m, r{}, s{};
  s.v[0] = 1;
  int k = 0;
  d::strip_twos(v, r, k);  // u = p is odd
  while (!limbs_is_zero(v)) {
    // u and v odd here
    Limbs<N> diff = u;
    if (!d::sub_in_place(diff, v) && !limbs_is_zero(diff)) {  // u > v
      u = diff;
      d::add_in_place(r, s);
      d::strip_twos(u, s, k);
    } else {  // v >= u (equal only at u = v = 1: then v becomes 0 and r doubles once)
      d::sub_in_place(v, u);
      d::add_in_place(s, r);
      if (limbs_is_zero(v)) {
        d::shift_left(r, 1);
        ++k;
        break;
      }
      d::strip_twos(v, r, k);
    }
  }
  if (limbs_geq(r, p)) d::sub_in_place(r, p);
  Limbs<N> inv = p;
  d::sub_in_place(inv, r);  // m^-1 2^k mod p
  // the Montgomery form of a^-1 is m^-1 R^2 = (m^-1 2^k) 2^e, e = 2W - k:
  // two Montgomery products with 2^e R (from 2^e, at most a few doublings
  // past p's top bit, times R^2)
  const int e = 2 * W - k;
  const int e0 = e < P::kBits - 1 ? e : P::kBits - 1;
  Limbs<N> pow2{};
  pow2.v[e0 / 64] = uint64_t(1) << (e0 % 64);
  F two_e = F::from_montgomery(pow2);
  for (int i = e0; i < e; ++i) two_e = two_e.dbl();
  return F::from_montgomery(inv) * (two_e * F::from_montgomery(P::r2_mod_p()));
}

}  // namespace cuzk::ff
