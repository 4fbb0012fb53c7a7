// Final exponentiation f -> f^((p^12 - 1) / r), host and device, in two conventions:
//  - final_exponentiation_exact: exactly that power (the reduced Tate/ate pairing value);
//  - final_exponentiation_compat: the fixed multiple that @noble/curves, zkcrypto,
//    arkworks, gnark and blst all return: exponent 3 (p^12-1)/r for BLS12-381 and
//    2x(6x^2+3x+1) (p^12-1)/r for BN254. Both multiples are prime to r, so either
//    convention is a non-degenerate bilinear pairing and either decides a pairing check.
// Easy part (p^6 - 1)(p^2 + 1) by conjugation, one inversion and a Frobenius; the hard
// part (p^4 - p^2 + 1)/r written in base p with coefficients polynomial in the curve
// parameter x, so it costs a few exponentiations by the 63-64-bit |x|.
#pragma once
#include "ec/pairing/engine.hpp"

namespace cuzk::ec::pairing {

namespace detail {

// m^|x| for m in the cyclotomic subgroup.
template <class E>
CUZK_HD typename E::Fp12 exp_by_abs_x(const typename E::Fp12& m) {
  return m.cyclotomic_exp(E::kAbsX);
}
// m^x (signed): a negative exponent is a conjugation in the cyclotomic subgroup.
template <class E>
CUZK_HD typename E::Fp12 exp_by_x(const typename E::Fp12& m) {
  auto r = exp_by_abs_x<E>(m);
  return E::kXNegative ? r.conjugate() : r;
}

// m^e for m in the cyclotomic subgroup and a multi-limb e: sliding 4-bit windows over
// the odd powers m, m^3, ..., m^15.
template <class F12, int M>
CUZK_TOWER_OUTLINE F12 cyclotomic_exp_window(const F12& m, const ff::Limbs<M>& e) {
  F12 odd[8];
  odd[0] = m;
  F12 m2 = m.cyclotomic_square();
  for (int i = 1; i < 8; ++i) odd[i] = odd[i - 1] * m2;
  F12 r = F12::one();
  bool started = false;
  int i = ff::limbs_bit_length(e) - 1;
  while (i >= 0) {
    if (!ff::limbs_bit(e, i)) {
      if (started) r = r.cyclotomic_square();
      --i;
      continue;
    }
    // longest window [i .. j] of at most 4 bits that ends in a set bit
    int j = i - 3 < 0 ? 0 : i - 3;
    while (!ff::limbs_bit(e, j)) ++j;
    int w = 0;
    for (int k = i; k >= j; --k) {
      w = (w << 1) | int(ff::limbs_bit(e, k));
      if (started) r = r.cyclotomic_square();
    }
    r = started ? r * odd[w >> 1] : odd[w >> 1];
    started = true;
    i = j - 1;
  }
  return r;
}

// f^((p^6 - 1)(p^2 + 1)): lands in the cyclotomic subgroup (order divides p^4 - p^2 + 1).
template <class E>
CUZK_TOWER_OUTLINE typename E::Fp12 easy_part(const typename E::Fp12& f) {
  auto t = f.conjugate() * f.inverse();
  return t.frobenius_map(2) * t;
}

}  // namespace detail

// Exactly f^((p^12 - 1) / r).
template <class E>
CUZK_TOWER_OUTLINE typename E::Fp12 final_exponentiation_exact(const typename E::Fp12& f) {
  using F12 = typename E::Fp12;
  F12 m = detail::easy_part<E>(f);
  if constexpr (!E::kBn) {
    // (p^4 - p^2 + 1)/r = l0 + l1 p + l2 p^2 + l3 p^3 with l3 = (x - 1)^2 / 3 (the G1
    // cofactor), l2 = x l3, l1 = x l2 - l3, l0 = x l1 + 1.
    constexpr ff::Limbs<2> kL3 = {{0x8c00aaab0000aaabULL, 0x396c8c005555e156ULL}};
    F12 a = detail::cyclotomic_exp_window(m, kL3);
    F12 b = detail::exp_by_x<E>(a);
    F12 c = detail::exp_by_x<E>(b) * a.conjugate();
    F12 d = detail::exp_by_x<E>(c) * m;
    return a.frobenius_map(3) * b.frobenius_map(2) * c.frobenius_map(1) * d;
  } else {
    // Scott et al. (Pairing 2009): l3 = 1, l2 = 6x^2 + 1, l1 = -36x^3 - 18x^2 - 12x + 1,
    // l0 = -36x^3 - 30x^2 - 18x - 2, evaluated as
    // y0 y1^2 y2^6 y3^12 y4^18 y5^30 y6^36 with an addition chain on the y's.
    F12 fx = detail::exp_by_x<E>(m);
    F12 fx2 = detail::exp_by_x<E>(fx);
    F12 fx3 = detail::exp_by_x<E>(fx2);
    F12 y0 = m.frobenius_map(1) * m.frobenius_map(2) * m.frobenius_map(3);
    F12 y1 = m.conjugate();
    F12 y2 = fx2.frobenius_map(2);
    F12 y3 = fx.frobenius_map(1).conjugate();
    F12 y4 = (fx * fx2.frobenius_map(1)).conjugate();
    F12 y5 = fx2.conjugate();
    F12 y6 = (fx3 * fx3.frobenius_map(1)).conjugate();
    F12 t0 = y6.cyclotomic_square() * y4 * y5;
    F12 t1 = y3 * y5 * t0;
    t0 = t0 * y2;
    t1 = (t1.cyclotomic_square() * t0).cyclotomic_square();
    t0 = t1 * y1;
    t1 = t1 * y0;
    return t0.cyclotomic_square() * t1;
  }
}

// The ecosystem's value: final_exponentiation_exact(f)^3 (BLS12-381) or
// ^(2x(6x^2+3x+1)) (BN254), computed directly.
template <class E>
CUZK_TOWER_OUTLINE typename E::Fp12 final_exponentiation_compat(const typename E::Fp12& f) {
  using F12 = typename E::Fp12;
  F12 m = detail::easy_part<E>(f);
  if constexpr (!E::kBn) {
    // Hayashida-Hayasaka-Teruya: 3 (p^4 - p^2 + 1)/r = (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3.
    F12 t = detail::exp_by_x<E>(m) * m.conjugate();  // m^(x-1)
    F12 a = detail::exp_by_x<E>(t) * t.conjugate();  // m^((x-1)^2)
    F12 b = detail::exp_by_x<E>(a) * a.frobenius_map(1);
    F12 c = detail::exp_by_x<E>(detail::exp_by_x<E>(b)) * b.frobenius_map(2) * b.conjugate();
    return c * m.cyclotomic_square() * m;
  } else {
    // Fuentes-Castaneda, Knapp, Rodriguez-Henriquez (SAC 2011): exponent
    // p^3 (12x^3+6x^2+4x-1) + p^2 (12x^3+6x^2+6x) + p (12x^3+6x^2+4x) + 12x^3+12x^2+6x+1.
    F12 a = detail::exp_by_x<E>(m).cyclotomic_square();  // m^(2x)
    F12 b = a.cyclotomic_square() * a;                   // m^(6x)
    F12 c = detail::exp_by_x<E>(b);                      // m^(6x^2)
    F12 d = detail::exp_by_x<E>(c.cyclotomic_square());  // m^(12x^3)
    F12 y8 = d * c * b;                                  // m^(12x^3+6x^2+6x)
    F12 y9 = y8 * a.conjugate();                         // m^(12x^3+6x^2+4x)
    return (y9 * m.conjugate()).frobenius_map(3) * y8.frobenius_map(2) * y9.frobenius_map(1) * y8 * c * m;
  }
}

}  // namespace cuzk::ec::pairing
