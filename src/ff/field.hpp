// Prime field element in Montgomery form, one template for host and device.
// Contract: values are always fully reduced (< p); every operation keeps that.
// P supplies the modulus and Montgomery constants (src/ff/params/*.hpp). The
// multiplication is CIOS without the final carry word, which is valid because
// every modulus here leaves the top bit of its top limb clear.
#pragma once
#include <cstdint>

#include "ff/limbs.hpp"
#include "ff/mont_mul.hpp"

namespace cuzk::ff {

template <class P>
struct Field {
  using Params = P;
  static constexpr int N = P::kLimbs;
  static constexpr int kBits = P::kBits;
  static constexpr int kBytes = N * 8;

  Limbs<N> m;  // Montgomery representation, < p

  CUZK_HD static constexpr Field zero() { return Field{Limbs<N>{}}; }
  CUZK_HD static constexpr Field one() { return Field{P::r_mod_p()}; }
  CUZK_HD static constexpr Field from_montgomery(const Limbs<N>& x) { return Field{x}; }

  // Canonical integer (must be < p) into Montgomery form.
  CUZK_HD static Field from_canonical(const Limbs<N>& x) {
    Field r;
    mont_mul<P>(r.m, x, P::r2_mod_p());
    return r;
  }
  CUZK_HD static Field from_u64(uint64_t x) {
    Limbs<N> l{};
    l.v[0] = x;
    return from_canonical(l);
  }
  CUZK_HD Limbs<N> to_canonical() const {
    Limbs<N> one_plain{};
    one_plain.v[0] = 1;
    Limbs<N> r;
    mont_mul<P>(r, m, one_plain);
    return r;
  }

  CUZK_HD bool is_zero() const { return limbs_is_zero(m); }
  CUZK_HD bool is_one() const { return *this == one(); }
  CUZK_HD friend bool operator==(const Field& a, const Field& b) {
    uint64_t acc = 0;
    for (int i = 0; i < N; ++i) acc |= a.m.v[i] ^ b.m.v[i];
    return acc == 0;
  }
  CUZK_HD friend bool operator!=(const Field& a, const Field& b) { return !(a == b); }

  CUZK_HD friend Field operator+(const Field& a, const Field& b) {
    Field r;
    mont_add<P>(r.m, a.m, b.m);
    return r;
  }
  CUZK_HD friend Field operator-(const Field& a, const Field& b) {
    Field r;
    mont_sub<P>(r.m, a.m, b.m);
    return r;
  }
  CUZK_HD friend Field operator*(const Field& a, const Field& b) {
    Field r;
    mont_mul<P>(r.m, a.m, b.m);
    return r;
  }
  CUZK_HD Field operator-() const {
    Field r;
    mont_sub<P>(r.m, Limbs<N>{}, m);
    return r;
  }
  CUZK_HD Field& operator+=(const Field& b) { return *this = *this + b; }
  CUZK_HD Field& operator-=(const Field& b) { return *this = *this - b; }
  CUZK_HD Field& operator*=(const Field& b) { return *this = *this * b; }

  CUZK_HD Field dbl() const { return *this + *this; }
  CUZK_HD Field sqr() const {
    Field r;
    mont_sqr<P>(r.m, m);
    return r;
  }
  CUZK_HD Field neg() const { return -*this; }

  // this^e for an exponent given as little-endian limbs (left-to-right binary).
  template <int M>
  CUZK_HD Field pow(const Limbs<M>& e) const {
    Field r = one();
    for (int i = limbs_bit_length(e) - 1; i >= 0; --i) {
      r = r.sqr();
      if (limbs_bit(e, i)) r *= *this;
    }
    return r;
  }
  CUZK_HD Field pow(uint64_t e) const { return pow(Limbs<1>{{e}}); }

  // Multiplicative inverse by Fermat (a^(p-2)); inverse of zero is zero.
  CUZK_HD Field inverse() const {
    Limbs<N> e = P::modulus();
    uint64_t borrow = 0;
    e.v[0] = subb(e.v[0], 2, borrow);
    for (int i = 1; i < N; ++i) e.v[i] = subb(e.v[i], 0, borrow);
    return pow(e);
  }

  // Legendre symbol: 0 for zero, 1 for a non-zero square, -1 otherwise.
  CUZK_HD int legendre() const {
    if (is_zero()) return 0;
    Field t = pow(P::half_p_minus_1());
    return t.is_one() ? 1 : -1;
  }

  // Square root by Tonelli-Shanks (one exponentiation when p = 3 mod 4).
  // Returns false, leaving out unchanged, when this is not a square.
  CUZK_HD bool sqrt(Field& out) const {
    if (is_zero()) {
      out = zero();
      return true;
    }
    Field w = pow(P::odd_part_minus_1_half());
    Field x = *this * w;  // a^((t+1)/2)
    Field b = x * w;      // a^t
    Field z = Field{P::nonresidue_pow_t()};
    int v = P::kTwoAdicity;
    while (!b.is_one()) {
      int k = 0;
      Field b2 = b;
      while (!b2.is_one()) {
        b2 = b2.sqr();
        if (++k == v) return false;
      }
      Field t = z;
      for (int i = 0; i < v - k - 1; ++i) t = t.sqr();
      z = t.sqr();
      b *= z;
      x *= t;
      v = k;
    }
    out = x;
    return true;
  }

  // The larger of the two square roots is the one whose canonical value > (p-1)/2.
  CUZK_HD bool is_lexicographically_largest() const {
    Limbs<N> c = to_canonical();
    Limbs<N> h = P::half_p_minus_1();
    return !limbs_geq(h, c);
  }
};

}  // namespace cuzk::ff
