// Montgomery product of 256-bit prime field elements on the FP64 pipe: the
// same x c / 2^256 mod p as devmont::mul_impl, computed from 52-bit digits
// held in doubles. Why: an sm_90 SM multiplies 64 doubles per clock (53-bit
// mantissas) on its FP64 units, beside the 64 32-bit multiply-adds per clock
// of the integer pipe that devmont's product keeps busy. A kernel whose
// products are half integer, half FP64 (devfp64::mul2_mixed) runs on both.
//
// Digits: x = sum x_i 2^(52 i), i < 5, each x_i < 2^52 an exact double.
// A digit product is split exactly (the FMA trick of Emmart, Zheng and Weems,
// "Faster modular exponentiation using double precision floating point
// arithmetic on the GPU", 2018):
//   h = fma_rz(a, b, 2^104)             = 2^104 + hi 2^52  (rounded toward zero)
//   l = fma_rn(a, b, 2^104 + 2^52 - h)  = 2^52 + lo        (exact)
// with a b = hi 2^52 + lo. The bit patterns of h and l are hi and lo plus a
// constant above bit 51 (the exponent field). Columns add those patterns as
// 64-bit integers and start from minus the total of the constants, so their
// low 52 bits are always exact and the whole column is once every term is in.
//
// Reduction: T += m p digit by digit, 4 steps of 52 bits and one of 48 bits,
// then T / 2^256. Bounds as devmont::mul_impl with Reduce = false: c < p and
// x < 2^256 give a result below 2p; Reduce = true subtracts p once more.
// Columns stay below 2^58 (at most 20 digit halves of < 2^52 plus a carry).
#pragma once
#include <cstdint>

#include "ff/limbs.hpp"
#include "ff/mont_mul_device.cuh"

#if !defined(__CUDA_ARCH__)
#include <cfenv>
#include <cmath>
#include <cstring>
#endif

namespace cuzk::ff {
namespace devfp64 {

constexpr int kDigits = 5;
constexpr uint64_t kMask52 = (uint64_t(1) << 52) - 1;
constexpr uint64_t kMask48 = (uint64_t(1) << 48) - 1;
constexpr uint64_t kBits52 = 0x4330000000000000ull;   // the bit pattern of 2^52
constexpr uint64_t kBits104 = 0x4670000000000000ull;  // of 2^104
constexpr double kTwo52 = 4503599627370496.0;
constexpr double kTwo104 = kTwo52 * kTwo52;
constexpr double kTwo104Plus52 = kTwo104 + kTwo52;  // exact: 2^52 is one ulp of 2^104

// ---------------------------------------------------------------------------
// Policies: Fp64Ops (device intrinsics) and Fp64EmuOps (the same operations on
// the host CPU, with the rounding mode switched for fma_rz), so CPU tests run
// the exact operation sequence.
#if defined(__CUDACC__)
struct Fp64Ops {
  __device__ __forceinline__ static double fma_rz(double a, double b, double c) { return __fma_rz(a, b, c); }
  __device__ __forceinline__ static double fma_rn(double a, double b, double c) { return __fma_rn(a, b, c); }
  __device__ __forceinline__ static double sub(double a, double b) { return __dsub_rn(a, b); }
  __device__ __forceinline__ static uint64_t bits(double d) { return uint64_t(__double_as_longlong(d)); }
  __device__ __forceinline__ static double from_bits(uint64_t u) { return __longlong_as_double(int64_t(u)); }
};
#endif

#if !defined(__CUDA_ARCH__)
// Needs a build without FMA contraction or constant folding across the
// rounding-mode switch (the tests compile with -frounding-math).
struct Fp64EmuOps {
  static double fma_rz(double a, double b, double c) {
    const int mode = std::fegetround();
    std::fesetround(FE_TOWARDZERO);
    volatile double r = std::fma(a, b, c);
    std::fesetround(mode);
    return r;
  }
  static double fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
  static double sub(double a, double b) { return a - b; }
  static uint64_t bits(double d) {
    uint64_t u;
    std::memcpy(&u, &d, 8);
    return u;
  }
  static double from_bits(uint64_t u) {
    double d;
    std::memcpy(&d, &u, 8);
    return d;
  }
};
#endif

// ---------------------------------------------------------------------------
// Digits

// a digit d < 2^52 as the exact double d: 2^52 + d has d as its mantissa
template <class Ops>
CUZK_DEV_INLINE double digit_to_double(uint64_t d) {
  return Ops::sub(Ops::from_bits(d | kBits52), kTwo52);
}

template <class Ops>
CUZK_DEV_INLINE void to_digits(double (&d)[kDigits], const Limbs<4>& w) {
  d[0] = digit_to_double<Ops>(w.v[0] & kMask52);
  d[1] = digit_to_double<Ops>(((w.v[0] >> 52) | (w.v[1] << 12)) & kMask52);
  d[2] = digit_to_double<Ops>(((w.v[1] >> 40) | (w.v[2] << 24)) & kMask52);
  d[3] = digit_to_double<Ops>(((w.v[2] >> 28) | (w.v[3] << 36)) & kMask52);
  d[4] = digit_to_double<Ops>(w.v[3] >> 16);
}

template <class P>
constexpr uint64_t modulus_digit(int i) {
  const Limbs<4> p = P::modulus();
  const int bit = 52 * i, limb = bit / 64, shift = bit % 64;
  uint64_t v = p.v[limb] >> shift;
  if (shift > 12 && limb + 1 < 4) v |= p.v[limb + 1] << (64 - shift);
  return v & kMask52;
}

// ---------------------------------------------------------------------------
// Column bookkeeping: which digit halves land in which column. The schedule
// below is the one mul_impl follows; bias() sums the exponent constants it
// adds to each column, which the columns start from minus.
struct ColumnBias {
  uint64_t v[2 * kDigits] = {};
};
constexpr ColumnBias column_bias() {
  ColumnBias b;
  for (int i = 0; i < kDigits; ++i)
    for (int j = 0; j < kDigits; ++j) {  // x_i c_j
      b.v[i + j] += kBits52;
      b.v[i + j + 1] += kBits104;
    }
  for (int i = 0; i < kDigits; ++i)
    for (int j = 0; j < kDigits; ++j) {  // m_i p_j; the low half of m_i p_0 is implicit for i < 4
      if (j > 0 || i == kDigits - 1) b.v[i + j] += kBits52;
      b.v[i + j + 1] += kBits104;
    }
  for (auto& x : b.v) x = uint64_t(0) - x;
  return b;
}

// col[k] += lo(a b), col[k + 1] += hi(a b), as biased bit patterns
template <class Ops>
CUZK_DEV_INLINE void add_digit_product(uint64_t& lo_col, uint64_t& hi_col, double a, double b) {
  const double h = Ops::fma_rz(a, b, kTwo104);
  const double l = Ops::fma_rn(a, b, Ops::sub(kTwo104Plus52, h));
  lo_col += Ops::bits(l);
  hi_col += Ops::bits(h);
}

// lo(a b) mod 2^52 as the double 2^52 + lo; its bit pattern is kBits52 | lo
template <class Ops>
CUZK_DEV_INLINE double low_digit_product(double a, double b) {
  const double h = Ops::fma_rz(a, b, kTwo104);
  return Ops::fma_rn(a, b, Ops::sub(kTwo104Plus52, h));
}

// ---------------------------------------------------------------------------
// Multiplication: r = x c / 2^256 mod p, r < 2p (Reduce: r < p).
// x < 2^256, c < p. The names follow mul_impl: the constant comes first.
template <class P, class Ops, bool Reduce = true>
CUZK_DEV_INLINE void mul_impl(Limbs<4>& r, const Limbs<4>& C, const Limbs<4>& X) {
  static_assert(P::kLimbs == 4, "the FP64 product is for 256-bit fields");
  constexpr ColumnBias bias = column_bias();
  constexpr uint64_t pinv = uint64_t(P::kInv) & kMask52;  // -p^-1 mod 2^52
  double x[kDigits], c[kDigits], p[kDigits];
  to_digits<Ops>(x, X);
  to_digits<Ops>(c, C);
CUZK_UNROLL
  for (int j = 0; j < kDigits; ++j) p[j] = double(modulus_digit<P>(j));  // exact: < 2^52

  uint64_t col[2 * kDigits];
CUZK_UNROLL
  for (int k = 0; k < 2 * kDigits; ++k) col[k] = bias.v[k];
CUZK_UNROLL
  for (int i = 0; i < kDigits; ++i)
CUZK_UNROLL
    for (int j = 0; j < kDigits; ++j) add_digit_product<Ops>(col[i + j], col[i + j + 1], x[i], c[j]);

  // Steps of 52 bits: m = col[i] (-p^-1) mod 2^52 makes col[i] + m p_0 a
  // multiple of 2^52. The low half of m p_0 is then 2^52 - (col[i] mod 2^52)
  // unless that is 0, so only its carry is added.
CUZK_UNROLL
  for (int i = 0; i < kDigits - 1; ++i) {
    const uint64_t t = col[i] & kMask52;
    const double m = Ops::sub(low_digit_product<Ops>(digit_to_double<Ops>(t), double(pinv)), kTwo52);
    col[i + 1] += Ops::bits(Ops::fma_rz(m, p[0], kTwo104)) + (col[i] >> 52) + (t != 0 ? 1 : 0);
CUZK_UNROLL
    for (int j = 1; j < kDigits; ++j) add_digit_product<Ops>(col[i + j], col[i + j + 1], m, p[j]);
  }
  // The last step clears 48 bits (52 * 4 + 48 = 256).
  {
    constexpr int i = kDigits - 1;
    const double l = low_digit_product<Ops>(digit_to_double<Ops>(col[i] & kMask48), double(pinv));
    const double m = digit_to_double<Ops>(Ops::bits(l) & kMask48);
CUZK_UNROLL
    for (int j = 0; j < kDigits; ++j) add_digit_product<Ops>(col[i + j], col[i + j + 1], m, p[j]);
  }
  // Carry columns 4..9 into 52-bit digits; the result is bits 256.. of T.
CUZK_UNROLL
  for (int k = kDigits - 1; k < 2 * kDigits - 1; ++k) {
    col[k + 1] += col[k] >> 52;
    col[k] &= kMask52;
  }
  Limbs<4> t;
  t.v[0] = (col[4] >> 48) | (col[5] << 4) | (col[6] << 56);
  t.v[1] = (col[6] >> 8) | (col[7] << 44);
  t.v[2] = (col[7] >> 20) | (col[8] << 32);
  t.v[3] = (col[8] >> 32) | (col[9] << 20);
  if constexpr (Reduce) {
    constexpr Limbs<4> pm = P::modulus();
    Limbs<4> d;
    uint64_t borrow = 0;
CUZK_UNROLL
    for (int k = 0; k < 4; ++k) {
      const uint64_t s = t.v[k] - pm.v[k];
      const uint64_t b1 = t.v[k] < pm.v[k], b2 = s < borrow;
      d.v[k] = s - borrow;
      borrow = b1 | b2;
    }
    r = borrow ? t : d;
  } else {
    r = t;
  }
}

// Two independent products, the first on the integer pipe (devmont::mul_impl),
// the second on the FP64 pipe; the scheduler interleaves the two streams.
template <class P, class IntOps, class Ops, bool Reduce = true>
CUZK_DEV_INLINE void mul2_mixed_impl(IntOps& iops, Limbs<4>& r0, Limbs<4>& r1, const Limbs<4>& C0, const Limbs<4>& X0,
                                     const Limbs<4>& C1, const Limbs<4>& X1) {
  Limbs<4> t0, t1;
  devmont::mul_impl<P, IntOps, 4, Reduce>(iops, t0, C0, X0);
  mul_impl<P, Ops, Reduce>(t1, C1, X1);
  r0 = t0;
  r1 = t1;
}

}  // namespace devfp64
}  // namespace cuzk::ff
