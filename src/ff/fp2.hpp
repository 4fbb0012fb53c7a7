// Quadratic extension Fp2 = Fp[u]/(u^2 + 1), element c0 + c1*u, host and device.
// Contract: C::Fp is the base prime field (p = 3 mod 4, so u^2 = -1 is irreducible);
// C::kXiC0 gives the sextic non-residue xi = kXiC0 + u used by the towers above.
#pragma once
#include <cstdint>

#include "ff/field.hpp"

namespace cuzk::ff {

template <class C>
struct Fp2 {
  using Config = C;
  using Base = typename C::Fp;
  Base c0, c1;

  CUZK_HD static constexpr Fp2 zero() { return Fp2{Base::zero(), Base::zero()}; }
  CUZK_HD static constexpr Fp2 one() { return Fp2{Base::one(), Base::zero()}; }
  template <int N>
  CUZK_HD static constexpr Fp2 from_montgomery(const Limbs<N>& a, const Limbs<N>& b) {
    return Fp2{Base::from_montgomery(a), Base::from_montgomery(b)};
  }

  CUZK_HD bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  CUZK_HD bool is_one() const { return c0.is_one() && c1.is_zero(); }
  CUZK_HD friend bool operator==(const Fp2& a, const Fp2& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  CUZK_HD friend bool operator!=(const Fp2& a, const Fp2& b) { return !(a == b); }

  CUZK_HD friend Fp2 operator+(const Fp2& a, const Fp2& b) { return Fp2{a.c0 + b.c0, a.c1 + b.c1}; }
  CUZK_HD friend Fp2 operator-(const Fp2& a, const Fp2& b) { return Fp2{a.c0 - b.c0, a.c1 - b.c1}; }
  CUZK_HD Fp2 operator-() const { return Fp2{-c0, -c1}; }

  // Karatsuba: three base multiplications instead of four.
  CUZK_HD friend Fp2 operator*(const Fp2& a, const Fp2& b) {
    Base t0 = a.c0 * b.c0;
    Base t1 = a.c1 * b.c1;
    Base t2 = (a.c0 + a.c1) * (b.c0 + b.c1);
    return Fp2{t0 - t1, t2 - t0 - t1};
  }
  CUZK_HD Fp2& operator+=(const Fp2& b) { return *this = *this + b; }
  CUZK_HD Fp2& operator-=(const Fp2& b) { return *this = *this - b; }
  CUZK_HD Fp2& operator*=(const Fp2& b) { return *this = *this * b; }

  CUZK_HD Fp2 dbl() const { return Fp2{c0.dbl(), c1.dbl()}; }
  CUZK_HD Fp2 neg() const { return -*this; }
  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: two base multiplications.
  CUZK_HD Fp2 sqr() const {
    Base a = (c0 + c1) * (c0 - c1);
    Base b = c0 * c1;
    return Fp2{a, b.dbl()};
  }
  CUZK_HD Fp2 conjugate() const { return Fp2{c0, -c1}; }
  CUZK_HD Fp2 mul_by_base(const Base& k) const { return Fp2{c0 * k, c1 * k}; }

  // this * xi with xi = k + u (k small): k*c0 - c1 + (c0 + k*c1) u, by additions only.
  CUZK_HD Fp2 mul_by_xi() const {
    constexpr int k = C::kXiC0;
    Base a = times_small<k>(c0);
    Base b = times_small<k>(c1);
    return Fp2{a - c1, c0 + b};
  }

  // Norm to Fp: c0^2 + c1^2 (= this * conjugate).
  CUZK_HD Base norm() const { return c0.sqr() + c1.sqr(); }

  // Inverse through the norm; inverse of zero is zero (the base inverse maps 0 to 0).
  CUZK_HD Fp2 inverse() const {
    Base t = norm().inverse();
    return Fp2{c0 * t, -(c1 * t)};
  }

  template <int M>
  CUZK_HD Fp2 pow(const Limbs<M>& e) const {
    Fp2 r = one();
    for (int i = limbs_bit_length(e) - 1; i >= 0; --i) {
      r = r.sqr();
      if (limbs_bit(e, i)) r *= *this;
    }
    return r;
  }
  CUZK_HD Fp2 pow(uint64_t e) const { return pow(Limbs<1>{{e}}); }

  // x is a square in Fp2 exactly when its norm is a square in Fp.
  CUZK_HD int legendre() const { return norm().legendre(); }

  // Complex-method square root (needs p = 3 mod 4, so -1 is a non-square in Fp).
  // Returns false, leaving out unchanged, when this is not a square.
  CUZK_HD bool sqrt(Fp2& out) const {
    if (c1.is_zero()) {
      Base r;
      if (c0.sqrt(r)) {
        out = Fp2{r, Base::zero()};
        return true;
      }
      // c0 is a non-square, so -c0 is a square and sqrt(c0) = sqrt(-c0) * u.
      if (!(-c0).sqrt(r)) return false;
      out = Fp2{Base::zero(), r};
      return true;
    }
    Base gamma;
    if (!norm().sqrt(gamma)) return false;
    // (c0 + gamma)/2 * (c0 - gamma)/2 = -c1^2/4 is a non-square, so exactly one of
    // the two halves is a square; its root is the real part of the answer.
    Base half = Base::from_u64(2).inverse();
    Base delta = (c0 + gamma) * half;
    Base x0;
    if (!delta.sqrt(x0)) {
      delta = (c0 - gamma) * half;
      if (!delta.sqrt(x0)) return false;
    }
    Base x1 = c1 * (x0.dbl()).inverse();
    out = Fp2{x0, x1};
    return true;
  }

  // ZCash BLS12-381 serialization rule: compare c1, or c0 when c1 is zero.
  CUZK_HD bool is_lexicographically_largest() const {
    if (!c1.is_zero()) return c1.is_lexicographically_largest();
    return c0.is_lexicographically_largest();
  }

  // x^(p^power): the p-power Frobenius is conjugation, so only the parity matters.
  CUZK_HD Fp2 frobenius_map(int power) const { return (power & 1) ? conjugate() : *this; }

 private:
  template <int K>
  CUZK_HD static Base times_small(const Base& x) {
    if constexpr (K == 1) {
      return x;
    } else if constexpr (K == 9) {
      Base x8 = x.dbl().dbl().dbl();
      return x8 + x;
    } else {
      Base r = Base::zero();
      for (int i = 0; i < K; ++i) r += x;
      return r;
    }
  }
};

}  // namespace cuzk::ff
