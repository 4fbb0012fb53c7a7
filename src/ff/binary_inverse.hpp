// Field inversion by the binary extended Euclidean algorithm (Guide to
// Elliptic Curve Cryptography, Alg. 2.22): about 2 log2(p) shifts and
// subtractions of N-limb integers, where Fermat's a^(p-2) takes log2(p)
// squarings and multiplications, several times the work and, on a GPU, the
// latency. Its running time depends on the value: for public data only (the
// GPU MSM's batched denominators). Inverse of zero is zero, as Field::inverse.
#pragma once
#include "ff/field.hpp"

namespace cuzk::ff {

namespace binary_inverse_detail {

// a = (a + top * 2^(64N)) / 2 for even a + top * 2^(64N)
template <int N>
CUZK_HD void halve(Limbs<N>& a, uint64_t top) {
  for (int i = 0; i < N - 1; ++i) a.v[i] = (a.v[i] >> 1) | (a.v[i + 1] << 63);
  a.v[N - 1] = (a.v[N - 1] >> 1) | (top << 63);
}

template <int N>
CUZK_HD uint64_t add_in_place(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t carry = 0;
  for (int i = 0; i < N; ++i) a.v[i] = addc(a.v[i], b.v[i], carry);
  return carry;
}

template <int N>
CUZK_HD void sub_in_place(Limbs<N>& a, const Limbs<N>& b) {
  uint64_t borrow = 0;
  for (int i = 0; i < N; ++i) a.v[i] = subb(a.v[i], b.v[i], borrow);
}

// x / 2 mod p for x < p (p odd): x + p fits N limbs plus the carry word.
template <int N>
CUZK_HD void halve_mod(Limbs<N>& x, const Limbs<N>& p) {
  const uint64_t top = (x.v[0] & 1) ? add_in_place(x, p) : 0;
  halve(x, top);
}

template <int N>
CUZK_HD bool is_one(const Limbs<N>& a) {
  uint64_t rest = a.v[0] ^ 1;
  for (int i = 1; i < N; ++i) rest |= a.v[i];
  return rest == 0;
}

}  // namespace binary_inverse_detail

template <class P>
CUZK_HD Field<P> inverse_binary(const Field<P>& a) {
  namespace d = binary_inverse_detail;
  using F = Field<P>;
  constexpr int N = P::kLimbs;
  if (a.is_zero()) return a;
  const Limbs<N> p = P::modulus();
  // invariants: x1 * m = u and x2 * m = v (mod p), m = a's Montgomery value aR
  Limbs<N> u = a.m, v = p;
  F x1 = F::from_montgomery(Limbs<N>{}), x2 = x1;
  x1.m.v[0] = 1;
  while (!d::is_one(u) && !d::is_one(v)) {
    while (!(u.v[0] & 1)) {
      d::halve(u, 0);
      d::halve_mod(x1.m, p);
    }
    while (!(v.v[0] & 1)) {
      d::halve(v, 0);
      d::halve_mod(x2.m, p);
    }
    if (limbs_geq(u, v)) {
      d::sub_in_place(u, v);
      x1 = x1 - x2;  // subtraction mod p does not care about the Montgomery factor
    } else {
      d::sub_in_place(v, u);
      x2 = x2 - x1;
    }
  }
  // the integer (aR)^-1 = a^-1 R^-1; two Montgomery products by R^2 make a^-1 R
  const F r2 = F::from_montgomery(P::r2_mod_p());
  return (d::is_one(u) ? x1 : x2) * r2 * r2;
}

}  // namespace cuzk::ff
