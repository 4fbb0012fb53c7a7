// Quadratic extension Fp2 = Fp[u]/(u^2 + 1), element c0 + c1*u, host and device.
// Contract: C::Fp is the base prime field (p = 3 mod 4, so u^2 = -1 is irreducible);
// C::kXiC0 gives the sextic non-residue xi = kXiC0 + u used by the towers above.
#pragma once
#include <cstdint>

#include "ff/field.hpp"
#include "ff/params/tower_mul_x86.hpp"

namespace cuzk::ff {

namespace tower_detail {

#if !CUZK_DEVICE_CODE && defined(__x86_64__) && !defined(CUZK_PORTABLE_ARITH)
// Modular add/sub for the host as straight adc/sbb/cmov chains, always inlined: the
// towers spend about four additions per multiplication, and the portable loops in
// mont_mul.hpp compile to setb/or sequences that cost half of all pairing time.
// Same contract as mont_add/mont_sub: inputs < p, p below 2^(64N-1), output < p.
#define CUZK_TOWER_X86_ADDSUB 1

template <class P>
__attribute__((always_inline)) inline void add4(Limbs<4>& r, const Limbs<4>& a, const Limbs<4>& b) {
  static constexpr Limbs<4> p = P::modulus();
  uint64_t s0 = a.v[0], s1 = a.v[1], s2 = a.v[2], s3 = a.v[3], d0, d1, d2, d3;
  asm("addq %[b0], %[s0]\n\tadcq %[b1], %[s1]\n\tadcq %[b2], %[s2]\n\tadcq %[b3], %[s3]\n\t"
      "movq %[s0], %[d0]\n\tmovq %[s1], %[d1]\n\tmovq %[s2], %[d2]\n\tmovq %[s3], %[d3]\n\t"
      "subq %[p0], %[d0]\n\tsbbq %[p1], %[d1]\n\tsbbq %[p2], %[d2]\n\tsbbq %[p3], %[d3]\n\t"
      "cmovcq %[s0], %[d0]\n\tcmovcq %[s1], %[d1]\n\tcmovcq %[s2], %[d2]\n\tcmovcq %[s3], %[d3]"
      : [s0] "+&r"(s0), [s1] "+&r"(s1), [s2] "+&r"(s2), [s3] "+&r"(s3), [d0] "=&r"(d0), [d1] "=&r"(d1), [d2] "=&r"(d2),
        [d3] "=&r"(d3)
      : [b0] "m"(b.v[0]), [b1] "m"(b.v[1]), [b2] "m"(b.v[2]), [b3] "m"(b.v[3]), [p0] "m"(p.v[0]), [p1] "m"(p.v[1]),
        [p2] "m"(p.v[2]), [p3] "m"(p.v[3])
      : "cc");
  r.v[0] = d0, r.v[1] = d1, r.v[2] = d2, r.v[3] = d3;
}

template <class P>
__attribute__((always_inline)) inline void sub4(Limbs<4>& r, const Limbs<4>& a, const Limbs<4>& b) {
  static constexpr Limbs<4> p = P::modulus();
  uint64_t d0 = a.v[0], d1 = a.v[1], d2 = a.v[2], d3 = a.v[3], m0, m1, m2, m3;
  // on borrow, add p back: mask = -borrow selects p limb by limb
  asm("subq %[b0], %[d0]\n\tsbbq %[b1], %[d1]\n\tsbbq %[b2], %[d2]\n\tsbbq %[b3], %[d3]\n\t"
      "sbbq %[m0], %[m0]\n\tmovq %[m0], %[m1]\n\tmovq %[m0], %[m2]\n\tmovq %[m0], %[m3]\n\t"
      "andq %[p0], %[m0]\n\tandq %[p1], %[m1]\n\tandq %[p2], %[m2]\n\tandq %[p3], %[m3]\n\t"
      "addq %[m0], %[d0]\n\tadcq %[m1], %[d1]\n\tadcq %[m2], %[d2]\n\tadcq %[m3], %[d3]"
      : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [m0] "=&r"(m0), [m1] "=&r"(m1), [m2] "=&r"(m2),
        [m3] "=&r"(m3)
      : [b0] "m"(b.v[0]), [b1] "m"(b.v[1]), [b2] "m"(b.v[2]), [b3] "m"(b.v[3]), [p0] "m"(p.v[0]), [p1] "m"(p.v[1]),
        [p2] "m"(p.v[2]), [p3] "m"(p.v[3])
      : "cc");
  r.v[0] = d0, r.v[1] = d1, r.v[2] = d2, r.v[3] = d3;
}

template <class P>
__attribute__((always_inline)) inline void add6(Limbs<6>& r, const Limbs<6>& a, const Limbs<6>& b) {
  static constexpr Limbs<6> p = P::modulus();
  uint64_t s0 = a.v[0], s1 = a.v[1], s2 = a.v[2], s3 = a.v[3], s4 = a.v[4], s5 = a.v[5];
  uint64_t d0, d1, d2, d3, d4, d5;
  asm("addq %[b0], %[s0]\n\tadcq %[b1], %[s1]\n\tadcq %[b2], %[s2]\n\tadcq %[b3], %[s3]\n\t"
      "adcq %[b4], %[s4]\n\tadcq %[b5], %[s5]\n\t"
      "movq %[s0], %[d0]\n\tmovq %[s1], %[d1]\n\tmovq %[s2], %[d2]\n\tmovq %[s3], %[d3]\n\t"
      "movq %[s4], %[d4]\n\tmovq %[s5], %[d5]\n\t"
      "subq %[p0], %[d0]\n\tsbbq %[p1], %[d1]\n\tsbbq %[p2], %[d2]\n\tsbbq %[p3], %[d3]\n\t"
      "sbbq %[p4], %[d4]\n\tsbbq %[p5], %[d5]\n\t"
      "cmovcq %[s0], %[d0]\n\tcmovcq %[s1], %[d1]\n\tcmovcq %[s2], %[d2]\n\tcmovcq %[s3], %[d3]\n\t"
      "cmovcq %[s4], %[d4]\n\tcmovcq %[s5], %[d5]"
      : [s0] "+&r"(s0), [s1] "+&r"(s1), [s2] "+&r"(s2), [s3] "+&r"(s3), [s4] "+&r"(s4), [s5] "+&r"(s5), [d0] "=&r"(d0),
        [d1] "=&r"(d1), [d2] "=&r"(d2), [d3] "=&r"(d3), [d4] "=&r"(d4), [d5] "=&r"(d5)
      : [b0] "m"(b.v[0]), [b1] "m"(b.v[1]), [b2] "m"(b.v[2]), [b3] "m"(b.v[3]), [b4] "m"(b.v[4]), [b5] "m"(b.v[5]),
        [p0] "m"(p.v[0]), [p1] "m"(p.v[1]), [p2] "m"(p.v[2]), [p3] "m"(p.v[3]), [p4] "m"(p.v[4]), [p5] "m"(p.v[5])
      : "cc");
  r.v[0] = d0, r.v[1] = d1, r.v[2] = d2, r.v[3] = d3, r.v[4] = d4, r.v[5] = d5;
}

template <class P>
__attribute__((always_inline)) inline void sub6(Limbs<6>& r, const Limbs<6>& a, const Limbs<6>& b) {
  static constexpr Limbs<6> p = P::modulus();
  uint64_t d0 = a.v[0], d1 = a.v[1], d2 = a.v[2], d3 = a.v[3], d4 = a.v[4], d5 = a.v[5];
  uint64_t m0, m1, m2, m3, m4, m5;
  asm("subq %[b0], %[d0]\n\tsbbq %[b1], %[d1]\n\tsbbq %[b2], %[d2]\n\tsbbq %[b3], %[d3]\n\t"
      "sbbq %[b4], %[d4]\n\tsbbq %[b5], %[d5]\n\t"
      "sbbq %[m0], %[m0]\n\tmovq %[m0], %[m1]\n\tmovq %[m0], %[m2]\n\tmovq %[m0], %[m3]\n\t"
      "movq %[m0], %[m4]\n\tmovq %[m0], %[m5]\n\t"
      "andq %[p0], %[m0]\n\tandq %[p1], %[m1]\n\tandq %[p2], %[m2]\n\tandq %[p3], %[m3]\n\t"
      "andq %[p4], %[m4]\n\tandq %[p5], %[m5]\n\t"
      "addq %[m0], %[d0]\n\tadcq %[m1], %[d1]\n\tadcq %[m2], %[d2]\n\tadcq %[m3], %[d3]\n\t"
      "adcq %[m4], %[d4]\n\tadcq %[m5], %[d5]"
      : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [d4] "+&r"(d4), [d5] "+&r"(d5), [m0] "=&r"(m0),
        [m1] "=&r"(m1), [m2] "=&r"(m2), [m3] "=&r"(m3), [m4] "=&r"(m4), [m5] "=&r"(m5)
      : [b0] "m"(b.v[0]), [b1] "m"(b.v[1]), [b2] "m"(b.v[2]), [b3] "m"(b.v[3]), [b4] "m"(b.v[4]), [b5] "m"(b.v[5]),
        [p0] "m"(p.v[0]), [p1] "m"(p.v[1]), [p2] "m"(p.v[2]), [p3] "m"(p.v[3]), [p4] "m"(p.v[4]), [p5] "m"(p.v[5])
      : "cc");
  r.v[0] = d0, r.v[1] = d1, r.v[2] = d2, r.v[3] = d3, r.v[4] = d4, r.v[5] = d5;
}
#else
#define CUZK_TOWER_X86_ADDSUB 0
#endif

#if defined(__CUDACC__)
#define CUZK_TOWER_INLINE CUZK_HD
#else
#define CUZK_TOWER_INLINE inline __attribute__((always_inline))
#endif

// Heavy tower and pairing functions stay out of line under nvcc: CUZK_HD force-inlines,
// and a fully inlined final exponentiation is one function too large for cicc/ptxas.
#if defined(__CUDACC__)
#define CUZK_TOWER_OUTLINE __host__ __device__ __noinline__
#else
#define CUZK_TOWER_OUTLINE inline
#endif

// a + b and a - b in the base field, through the fast host chains when available.
template <class F>
CUZK_TOWER_INLINE F add(const F& a, const F& b) {
#if CUZK_TOWER_X86_ADDSUB
  if constexpr (F::N == 6) {
    F r;
    add6<typename F::Params>(r.m, a.m, b.m);
    return r;
  } else if constexpr (F::N == 4) {
    F r;
    add4<typename F::Params>(r.m, a.m, b.m);
    return r;
  }
#endif
  return a + b;
}
template <class F>
CUZK_TOWER_INLINE F sub(const F& a, const F& b) {
#if CUZK_TOWER_X86_ADDSUB
  if constexpr (F::N == 6) {
    F r;
    sub6<typename F::Params>(r.m, a.m, b.m);
    return r;
  } else if constexpr (F::N == 4) {
    F r;
    sub4<typename F::Params>(r.m, a.m, b.m);
    return r;
  }
#endif
  return a - b;
}

// a / 2: halving the Montgomery representation halves the value; an odd
// representation x becomes (x + p) / 2, which stays below p.
template <class F>
CUZK_HD F halve(const F& a) {
  constexpr int N = F::N;
  const Limbs<N> p = F::Params::modulus();
  Limbs<N> x = a.m;
  const uint64_t mask = 0 - (x.v[0] & 1);
  uint64_t carry = 0;
  for (int i = 0; i < N; ++i) x.v[i] = addc(x.v[i], p.v[i] & mask, carry);  // no carry out: p < 2^(64N-1)
  for (int i = 0; i < N - 1; ++i) x.v[i] = (x.v[i] >> 1) | (x.v[i + 1] << 63);
  x.v[N - 1] >>= 1;
  return F::from_montgomery(x);
}

}  // namespace tower_detail

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

  CUZK_TOWER_INLINE friend Fp2 operator+(const Fp2& a, const Fp2& b) {
    return Fp2{tower_detail::add(a.c0, b.c0), tower_detail::add(a.c1, b.c1)};
  }
  CUZK_TOWER_INLINE friend Fp2 operator-(const Fp2& a, const Fp2& b) {
    return Fp2{tower_detail::sub(a.c0, b.c0), tower_detail::sub(a.c1, b.c1)};
  }
  CUZK_TOWER_INLINE Fp2 operator-() const {
    return Fp2{tower_detail::sub(Base::zero(), c0), tower_detail::sub(Base::zero(), c1)};
  }

  // Host x86: c0 = a0 b0 + (p - a1) b1 and c1 = a0 b1 + a1 b0 as two sums of products
  // with one reduction each. Elsewhere Karatsuba: three base multiplications.
  CUZK_HD friend Fp2 operator*(const Fp2& a, const Fp2& b) {
#if CUZK_HAVE_TOWER_X86_SOP
    if constexpr (Base::N == 4 || Base::N == 6) {
      using P = typename Base::Params;
      static_assert(P::modulus().v[Base::N - 1] < 0x5555555555555555ULL, "mul_sum2 needs 3p < 2^(64N)");
      Fp2 r;
      Base na1 = tower_detail::sub(Base::zero(), a.c1);
      if constexpr (Base::N == 6) {
        tower_x86::mul_sum2_6<P>(r.c0.m, a.c0.m, b.c0.m, na1.m, b.c1.m);
        tower_x86::mul_sum2_6<P>(r.c1.m, a.c0.m, b.c1.m, a.c1.m, b.c0.m);
      } else {
        tower_x86::mul_sum2_4<P>(r.c0.m, a.c0.m, b.c0.m, na1.m, b.c1.m);
        tower_x86::mul_sum2_4<P>(r.c1.m, a.c0.m, b.c1.m, a.c1.m, b.c0.m);
      }
      return r;
    }
#endif
    Base t0 = a.c0 * b.c0;
    Base t1 = a.c1 * b.c1;
    Base t2 = tower_detail::add(a.c0, a.c1) * tower_detail::add(b.c0, b.c1);
    return Fp2{tower_detail::sub(t0, t1), tower_detail::sub(tower_detail::sub(t2, t0), t1)};
  }
  CUZK_TOWER_INLINE Fp2& operator+=(const Fp2& b) { return *this = *this + b; }
  CUZK_TOWER_INLINE Fp2& operator-=(const Fp2& b) { return *this = *this - b; }
  CUZK_HD Fp2& operator*=(const Fp2& b) { return *this = *this * b; }

  CUZK_TOWER_INLINE Fp2 dbl() const { return Fp2{tower_detail::add(c0, c0), tower_detail::add(c1, c1)}; }
  CUZK_TOWER_INLINE Fp2 neg() const { return -*this; }
  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: two base multiplications.
  CUZK_HD Fp2 sqr() const {
    Base a = tower_detail::add(c0, c1) * tower_detail::sub(c0, c1);
    Base b = c0 * c1;
    return Fp2{a, tower_detail::add(b, b)};
  }
  CUZK_TOWER_INLINE Fp2 conjugate() const { return Fp2{c0, tower_detail::sub(Base::zero(), c1)}; }
  CUZK_HD Fp2 mul_by_base(const Base& k) const { return Fp2{c0 * k, c1 * k}; }

  // this * xi with xi = k + u (k small): k*c0 - c1 + (c0 + k*c1) u, by additions only.
  CUZK_TOWER_INLINE Fp2 mul_by_xi() const {
    constexpr int k = C::kXiC0;
    Base a = times_small<k>(c0);
    Base b = times_small<k>(c1);
    return Fp2{tower_detail::sub(a, c1), tower_detail::add(c0, b)};
  }

  // Norm to Fp: c0^2 + c1^2 (= this * conjugate).
  CUZK_HD Base norm() const { return c0.sqr() + c1.sqr(); }

  // Inverse through the norm; inverse of zero is zero (the base inverse maps 0 to 0).
  CUZK_TOWER_OUTLINE Fp2 inverse() const {
    Base t = norm().inverse();
    return Fp2{c0 * t, -(c1 * t)};
  }

  template <int M>
  CUZK_TOWER_OUTLINE Fp2 pow(const Limbs<M>& e) const {
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
  CUZK_TOWER_OUTLINE bool sqrt(Fp2& out) const {
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
    Base delta = tower_detail::halve(c0 + gamma);
    Base x0;
    if (!delta.sqrt(x0)) {
      delta = tower_detail::halve(c0 - gamma);
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
  CUZK_TOWER_INLINE static Base times_small(const Base& x) {
    if constexpr (K == 1) {
      return x;
    } else if constexpr (K == 9) {
      Base x2 = tower_detail::add(x, x), x4 = tower_detail::add(x2, x2), x8 = tower_detail::add(x4, x4);
      return tower_detail::add(x8, x);
    } else {
      Base r = Base::zero();
      for (int i = 0; i < K; ++i) r += x;
      return r;
    }
  }
};

}  // namespace cuzk::ff
