// Quadratic extension Fp12 = Fp6[w]/(w^2 - v), element c0 + c1 w, host and device.
// Contract: C as for Fp6 plus fp12_frob_c1. The cyclotomic_* functions are valid only
// for elements of the cyclotomic subgroup (norm 1 to Fp6 and Fp4), i.e. after the
// easy part of the final exponentiation.
#pragma once
#include "ff/fp6.hpp"

namespace cuzk::ff {

template <class C>
struct Fp12 {
  using Config = C;
  using F2 = Fp2<C>;
  using F6 = Fp6<C>;
  using Base = typename C::Fp;
  F6 c0, c1;

  CUZK_HD static constexpr Fp12 zero() { return Fp12{F6::zero(), F6::zero()}; }
  CUZK_HD static constexpr Fp12 one() { return Fp12{F6::one(), F6::zero()}; }

  CUZK_HD bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  CUZK_HD bool is_one() const { return c0.is_one() && c1.is_zero(); }
  CUZK_HD friend bool operator==(const Fp12& a, const Fp12& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  CUZK_HD friend bool operator!=(const Fp12& a, const Fp12& b) { return !(a == b); }

  CUZK_HD friend Fp12 operator+(const Fp12& a, const Fp12& b) { return Fp12{a.c0 + b.c0, a.c1 + b.c1}; }
  CUZK_HD friend Fp12 operator-(const Fp12& a, const Fp12& b) { return Fp12{a.c0 - b.c0, a.c1 - b.c1}; }
  CUZK_HD Fp12 operator-() const { return Fp12{-c0, -c1}; }
  CUZK_HD Fp12 neg() const { return -*this; }
  CUZK_HD Fp12 dbl() const { return Fp12{c0.dbl(), c1.dbl()}; }

  // Karatsuba: three Fp6 multiplications.
  CUZK_TOWER_OUTLINE friend Fp12 operator*(const Fp12& a, const Fp12& b) {
    F6 t0 = a.c0 * b.c0;
    F6 t1 = a.c1 * b.c1;
    F6 r1 = (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1;
    return Fp12{t0 + t1.mul_by_v(), r1};
  }
  CUZK_HD Fp12& operator+=(const Fp12& b) { return *this = *this + b; }
  CUZK_HD Fp12& operator-=(const Fp12& b) { return *this = *this - b; }
  CUZK_HD Fp12& operator*=(const Fp12& b) { return *this = *this * b; }

  // Complex squaring: (c0 + c1 w)^2 = (c0 + c1)(c0 + v c1) - (1 + v) c0 c1 + 2 c0 c1 w.
  CUZK_TOWER_OUTLINE Fp12 sqr() const {
    F6 ab = c0 * c1;
    F6 t = (c0 + c1) * (c0 + c1.mul_by_v());
    return Fp12{t - ab - ab.mul_by_v(), ab.dbl()};
  }

  // x^(p^6): w^(p^6) = -w. In the cyclotomic subgroup this is the inverse.
  CUZK_HD Fp12 conjugate() const { return Fp12{c0, -c1}; }

  CUZK_TOWER_OUTLINE Fp12 inverse() const {
    F6 t = (c0.sqr() - c1.sqr().mul_by_v()).inverse();
    return Fp12{c0 * t, -(c1 * t)};
  }

  template <int M>
  CUZK_TOWER_OUTLINE Fp12 pow(const Limbs<M>& e) const {
    Fp12 r = one();
    for (int i = limbs_bit_length(e) - 1; i >= 0; --i) {
      r = r.sqr();
      if (limbs_bit(e, i)) r *= *this;
    }
    return r;
  }
  CUZK_HD Fp12 pow(uint64_t e) const { return pow(Limbs<1>{{e}}); }

  CUZK_TOWER_OUTLINE Fp12 frobenius_map(int power) const {
    int k = ((power % 12) + 12) % 12;
    F2 g = F2::from_montgomery(C::fp12_frob_c1(2 * k), C::fp12_frob_c1(2 * k + 1));
    return Fp12{c0.frobenius_map(k), c1.frobenius_map(k).mul_by_fp2(g)};
  }

  // this * (o0 + o1 v + o4 v w): the line of an M-type twist (coefficients 0, 1, 4 of
  // the Fp2 basis 1, v, v^2, w, vw, v^2w).
  CUZK_TOWER_OUTLINE Fp12 mul_by_014(const F2& o0, const F2& o1, const F2& o4) const {
    F6 t0 = c0.mul_by_01(o0, o1);
    F6 t1 = c1.mul_by_1(o4);
    F6 r1 = (c0 + c1).mul_by_01(o0, o1 + o4) - t0 - t1;
    return Fp12{t1.mul_by_v() + t0, r1};
  }
  // this * (o0 + o3 w + o4 v w): the line of a D-type twist.
  CUZK_TOWER_OUTLINE Fp12 mul_by_034(const F2& o0, const F2& o3, const F2& o4) const {
    F6 t0 = c0.mul_by_fp2(o0);
    F6 t1 = c1.mul_by_01(o3, o4);
    F6 r1 = (c0 + c1).mul_by_01(o0 + o3, o4) - t0 - t1;
    return Fp12{t1.mul_by_v() + t0, r1};
  }

  // Granger-Scott squaring in the cyclotomic subgroup: Fp12 seen as Fp4^3 with
  // Fp4 = Fp2[w^3]/((w^3)^2 - xi); each Fp4 square costs two Fp2 squarings.
  CUZK_TOWER_OUTLINE Fp12 cyclotomic_square() const {
    F2 t3, t4, t5, t6, t7, t8;
    fp4_square(t3, t4, c0.c0, c1.c1);
    fp4_square(t5, t6, c1.c0, c0.c2);
    fp4_square(t7, t8, c0.c1, c1.c2);
    F2 t9 = t8.mul_by_xi();
    Fp12 r;
    r.c0.c0 = (t3 - c0.c0).dbl() + t3;
    r.c0.c1 = (t5 - c0.c1).dbl() + t5;
    r.c0.c2 = (t7 - c0.c2).dbl() + t7;
    r.c1.c0 = (t9 + c1.c0).dbl() + t9;
    r.c1.c1 = (t4 + c1.c1).dbl() + t4;
    r.c1.c2 = (t6 + c1.c2).dbl() + t6;
    return r;
  }

  // this^e for an element of the cyclotomic subgroup (binary, cyclotomic squarings).
  CUZK_TOWER_OUTLINE Fp12 cyclotomic_exp(uint64_t e) const {
    Fp12 r = one();
    bool started = false;
    for (int i = 63; i >= 0; --i) {
      if (started) r = r.cyclotomic_square();
      if ((e >> i) & 1) {
        r = started ? r * *this : *this;
        started = true;
      }
    }
    return r;
  }

 private:
  // (a + b s)^2 with s^2 = xi: returns (a^2 + xi b^2, 2ab) computed as ((a+b)^2 - a^2 - b^2).
  CUZK_HD static void fp4_square(F2& r0, F2& r1, const F2& a, const F2& b) {
    F2 a2 = a.sqr();
    F2 b2 = b.sqr();
    r0 = b2.mul_by_xi() + a2;
    r1 = (a + b).sqr() - a2 - b2;
  }
};

}  // namespace cuzk::ff
