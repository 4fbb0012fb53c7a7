// Device Montgomery arithmetic on 32-bit limbs with PTX carry chains.
//
// mont_mul.hpp calls device_mont_add/sub/mul/sqr from here when nvcc compiles
// for the GPU. Values are Limbs<N> (64-bit, little-endian) < p, R = 2^(64N);
// results are fully reduced, bit-identical to the host path. Every modulus
// must leave the top bit of its top limb clear (all four cuzk fields do).
//
// The algorithms are written once against an "Ops" policy of carry-chain
// primitives: PtxOps (inline PTX, device only) and EmuOps (a host emulation of
// the same instructions with an explicit carry flag, so CPU tests can check
// the exact instruction sequences without a GPU).
//
// Multiplication (n = 2N 32-bit limbs), interleaved Montgomery with the
// product split into an "even" accumulator E (pairs lo/hi of a[2k]*b[i] land
// on limbs 2k, 2k+1) and an "odd" accumulator O (a[2k+1]*b[i] on limbs 2k+1,
// 2k+2, stored one limb down), so each accumulation is one unbroken
// mad.lo.cc / madc.hi.cc chain and the two chains are independent:
//   T = E + 2^32 * O,  step i:  T += a * b[i];  m = T[0] * (-p^-1);  T += m * p;
//   T /= 2^32, which re-labels O as the new E (plus E[1] folded into its
//   lowest limb) and E shifted down two limbs as the new O; that shift rides
//   along the next odd-product chain for free.
// The top carry of each E chain goes into O's top limb (same weight); O never
// carries out because O <= T / 2^32 < 2^(32n) (T < (2 + 2^33) p < 2^(32n+32)).
//
// Squaring: cross products a[i]*a[j] (i < j) row by row, doubled with funnel
// shifts, plus the diagonal; then a separate Montgomery reduction of the low
// half on two position-aligned accumulators (pairs starting on even / odd
// limbs), and the high half added at the end.
//
// Throughput on the H200 against sppark's: docs/PERFORMANCE.md
// (bench_device_arith); the dedicated sqr is faster than mul(a, a) there. The
// asm statements must stay volatile: without it NVVM reorders them across the
// carry flag and results are wrong (seen on the H200).
#pragma once
#include <cstdint>

#include "ff/limbs.hpp"

#if defined(__CUDACC__)
#define CUZK_DEV_INLINE __device__ __forceinline__
#else
#define CUZK_DEV_INLINE inline
#endif
#ifndef CUZK_UNROLL  // ff/hd.hpp's, where it came first
#if defined(__CUDACC__)
#define CUZK_UNROLL _Pragma("unroll")
#else
#define CUZK_UNROLL
#endif
#endif

namespace cuzk::ff {
namespace devmont {

// ---------------------------------------------------------------------------
// Primitive policies. Names follow PTX: *_cc writes the carry flag, madc/addc/
// subc read it. "lo"/"hi" pick the half of the 32x32 -> 64 product.
#if defined(__CUDACC__)
// Carry chains span several asm statements, so they must stay in order: volatile
// keeps NVVM from reordering them (ptxas tracks the carry flag itself).
#ifndef CUZK_DEVMONT_ASM
#define CUZK_DEVMONT_ASM asm volatile
#endif
struct PtxOps {
  __device__ __forceinline__ static uint32_t mul_lo(uint32_t a, uint32_t b) { return a * b; }
  __device__ __forceinline__ static uint32_t mul_hi(uint32_t a, uint32_t b) { return __umulhi(a, b); }
  // (hi:lo << 1) >> 32, i.e. hi shifted left by one taking lo's top bit
  __device__ __forceinline__ static uint32_t shl1(uint32_t lo, uint32_t hi) { return __funnelshift_l(lo, hi, 1); }

  __device__ __forceinline__ void add_cc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("add.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void addc_cc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("addc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void addc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("addc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void sub_cc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("sub.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void subc_cc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("subc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void subc(uint32_t& d, uint32_t a, uint32_t b) {
    CUZK_DEVMONT_ASM("subc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  }
  __device__ __forceinline__ void mad_lo_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
  __device__ __forceinline__ void mad_hi_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
  __device__ __forceinline__ void madc_lo_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
  __device__ __forceinline__ void madc_hi_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
  __device__ __forceinline__ void madc_lo(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("madc.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
  __device__ __forceinline__ void madc_hi(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) {
    CUZK_DEVMONT_ASM("madc.hi.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  }
};
#endif

// Host emulation of the PTX semantics above (carry flag made explicit).
struct EmuOps {
  uint32_t cf = 0;
  static uint32_t mul_lo(uint32_t a, uint32_t b) { return a * b; }
  static uint32_t mul_hi(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
  static uint32_t shl1(uint32_t lo, uint32_t hi) { return (hi << 1) | (lo >> 31); }

  void add_cc(uint32_t& d, uint32_t a, uint32_t b) { set(uint64_t(a) + b, d); }
  void addc_cc(uint32_t& d, uint32_t a, uint32_t b) { set(uint64_t(a) + b + cf, d); }
  void addc(uint32_t& d, uint32_t a, uint32_t b) { d = a + b + cf; }
  void sub_cc(uint32_t& d, uint32_t a, uint32_t b) { setb(uint64_t(a) - b, d); }
  void subc_cc(uint32_t& d, uint32_t a, uint32_t b) { setb(uint64_t(a) - b - cf, d); }
  void subc(uint32_t& d, uint32_t a, uint32_t b) { d = a - b - cf; }
  void mad_lo_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { set(uint64_t(mul_lo(a, b)) + c, d); }
  void mad_hi_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { set(uint64_t(mul_hi(a, b)) + c, d); }
  void madc_lo_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { set(uint64_t(mul_lo(a, b)) + c + cf, d); }
  void madc_hi_cc(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { set(uint64_t(mul_hi(a, b)) + c + cf, d); }
  void madc_lo(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { d = mul_lo(a, b) + c + cf; }
  void madc_hi(uint32_t& d, uint32_t a, uint32_t b, uint32_t c) { d = mul_hi(a, b) + c + cf; }

 private:
  void set(uint64_t s, uint32_t& d) {
    d = uint32_t(s);
    cf = uint32_t(s >> 32);
  }
  void setb(uint64_t s, uint32_t& d) {  // a - b - c in 64 bits: borrow iff it wrapped
    d = uint32_t(s);
    cf = uint32_t(s >> 63);
  }
};

// ---------------------------------------------------------------------------
// Limb conversion (free on the GPU: a 64-bit register is a pair of 32-bit ones)

template <int N>
CUZK_DEV_INLINE void to32(uint32_t (&w)[2 * N], const Limbs<N>& x) {
CUZK_UNROLL
  for (int i = 0; i < N; ++i) {
    w[2 * i] = uint32_t(x.v[i]);
    w[2 * i + 1] = uint32_t(x.v[i] >> 32);
  }
}

template <int N>
CUZK_DEV_INLINE void from32(Limbs<N>& x, const uint32_t (&w)[2 * N]) {
CUZK_UNROLL
  for (int i = 0; i < N; ++i) x.v[i] = (uint64_t(w[2 * i + 1]) << 32) | w[2 * i];
}

// Where device code takes the modulus p and inv = -p^-1 mod 2^32 from
// (CUZK_DEVMONT_MODULUS):
//  0: immediates in the instructions;
//  1: __constant__ memory (IMAD reads the constant bank directly);
//  2: per field, __constant__ memory when inv or a 32-bit limb of p is 0, 1 or
//     0xffffffff, else immediates;
//  3: p immediate, inv from __constant__ memory.
// Why 2: BLS12-381 Fr has inv = 0xffffffff; as an immediate, ptxas turns
// m = t0 * inv into a negation and splits the m * p product pairs into
// separate lo/hi IMADs instead of fused IMAD.WIDE, which bench_device_arith
// measured slower on the H200.
#ifndef CUZK_DEVMONT_MODULUS
#define CUZK_DEVMONT_MODULUS 2
#endif

template <class P>
struct ModulusWords {
  uint32_t w[2 * P::kLimbs];
  uint32_t inv;
};
template <class P>
constexpr ModulusWords<P> modulus_words() {
  ModulusWords<P> m{};
  const Limbs<P::kLimbs> p = P::modulus();
  for (int i = 0; i < P::kLimbs; ++i) {
    m.w[2 * i] = uint32_t(p.v[i]);
    m.w[2 * i + 1] = uint32_t(p.v[i] >> 32);
  }
  m.inv = uint32_t(P::kInv);  // -p^-1 mod 2^32 is the low half of -p^-1 mod 2^64
  return m;
}
constexpr bool special_word(uint32_t w) { return w == 0 || w == 1 || w == 0xffffffffu; }
template <class P>
constexpr bool modulus_has_special_word() {
  const ModulusWords<P> m = modulus_words<P>();
  for (uint32_t w : m.w)
    if (special_word(w)) return true;
  return special_word(m.inv);
}
template <class P>
constexpr bool kModulusInConstantMemory =
    CUZK_DEVMONT_MODULUS == 1 || (CUZK_DEVMONT_MODULUS == 2 && modulus_has_special_word<P>());
template <class P>
constexpr bool kInvInConstantMemory = kModulusInConstantMemory<P> || CUZK_DEVMONT_MODULUS == 3;

// Both nvcc passes must see this declaration (the host side registers it), so
// translation units that run field code on the device include this header
// directly or through ff/mont_mul.hpp.
#if defined(__CUDACC__)
template <class P>
__constant__ ModulusWords<P> kModulusConst = modulus_words<P>();
#endif

template <class P>
CUZK_DEV_INLINE void modulus32(uint32_t (&w)[2 * P::kLimbs]) {
#if defined(__CUDA_ARCH__)
  if constexpr (kModulusInConstantMemory<P>) {
    CUZK_UNROLL
    for (int j = 0; j < 2 * P::kLimbs; ++j) w[j] = kModulusConst<P>.w[j];
    return;
  }
#endif
  constexpr Limbs<P::kLimbs> p = P::modulus();
  to32<P::kLimbs>(w, p);
}

// 2p as 32-bit words (immediates), for values kept below 2p (ff/lazy_device.cuh)
template <class P, int n = 2 * P::kLimbs>
CUZK_DEV_INLINE void twice_modulus32(uint32_t (&w)[n]) {
  constexpr Limbs<P::kLimbs> p = P::modulus();
CUZK_UNROLL
  for (int i = 0; i < P::kLimbs; ++i) {
    const uint64_t v = (p.v[i] << 1) | (i ? p.v[i - 1] >> 63 : 0);
    w[2 * i] = uint32_t(v);
    w[2 * i + 1] = uint32_t(v >> 32);
  }
}

template <class P>
CUZK_DEV_INLINE uint32_t inv32() {
#if defined(__CUDA_ARCH__)
  if constexpr (kInvInConstantMemory<P>) return kModulusConst<P>.inv;
#endif
  return uint32_t(P::kInv);
}

// r = t >= p ? t - p : t  (t < 2p)
template <int n, class Ops>
CUZK_DEV_INLINE void final_sub(Ops& ops, uint32_t (&r)[n], const uint32_t (&t)[n], const uint32_t (&p)[n]) {
  uint32_t d[n], borrow;
  ops.sub_cc(d[0], t[0], p[0]);
CUZK_UNROLL
  for (int j = 1; j < n; ++j) ops.subc_cc(d[j], t[j], p[j]);
  ops.subc(borrow, 0u, 0u);  // 0xffffffff when t < p
CUZK_UNROLL
  for (int j = 0; j < n; ++j) r[j] = borrow ? t[j] : d[j];
}

// ---------------------------------------------------------------------------
// Multiplication

// One Montgomery reduction step on (E, O): m = E[0] * inv; E += m * p_even;
// O += m * p_odd; E's top carry lands in O's top limb. Afterwards E[0] == 0.
template <int n, class Ops>
CUZK_DEV_INLINE void redc_step(Ops& ops, uint32_t (&E)[n], uint32_t (&O)[n], const uint32_t (&p)[n], uint32_t inv) {
  const uint32_t m = Ops::mul_lo(E[0], inv);
  // odd chain: O += m * (p[1], p[3], ...) ; never carries out
  ops.mad_lo_cc(O[0], p[1], m, O[0]);
CUZK_UNROLL
  for (int j = 1; j < n; j += 2) {
    if (j + 2 < n) {
      ops.madc_hi_cc(O[j], p[j], m, O[j]);
      ops.madc_lo_cc(O[j + 1], p[j + 2], m, O[j + 1]);
    } else {
      ops.madc_hi(O[j], p[j], m, O[j]);
    }
  }
  // even chain: E += m * (p[0], p[2], ...)
  ops.mad_lo_cc(E[0], p[0], m, E[0]);
CUZK_UNROLL
  for (int j = 0; j < n; j += 2) {
    ops.madc_hi_cc(E[j + 1], p[j], m, E[j + 1]);
    if (j + 2 < n) ops.madc_lo_cc(E[j + 2], p[j + 2], m, E[j + 2]);
  }
  ops.addc(O[n - 1], O[n - 1], 0u);
}

// Step i >= 1. On entry (E, O) hold T with E[0] == 0. X is the old O, Y the old
// E; afterwards X is the new E and Y the new O of T/2^32 + a*bi, then reduced.
template <int n, class Ops>
CUZK_DEV_INLINE void mul_step(Ops& ops, uint32_t (&X)[n], uint32_t (&Y)[n], const uint32_t (&a)[n], uint32_t bi,
                              const uint32_t (&p)[n], uint32_t inv) {
  // new E[0] = O[0] + E[1]; its carry (weight 2^32) rides into new O[0]
  ops.add_cc(X[0], X[0], Y[1]);
  // new O = (E >> 64) + a_odd * bi, shifting in place
CUZK_UNROLL
  for (int j = 0; j < n - 2; j += 2) {
    ops.madc_lo_cc(Y[j], a[j + 1], bi, Y[j + 2]);
    ops.madc_hi_cc(Y[j + 1], a[j + 1], bi, Y[j + 3]);
  }
  ops.madc_lo_cc(Y[n - 2], a[n - 1], bi, 0u);
  ops.madc_hi(Y[n - 1], a[n - 1], bi, 0u);
  // new E += a_even * bi
  ops.mad_lo_cc(X[0], a[0], bi, X[0]);
CUZK_UNROLL
  for (int j = 0; j < n; j += 2) {
    ops.madc_hi_cc(X[j + 1], a[j], bi, X[j + 1]);
    if (j + 2 < n) ops.madc_lo_cc(X[j + 2], a[j + 2], bi, X[j + 2]);
  }
  ops.addc(Y[n - 1], Y[n - 1], 0u);
  redc_step<n>(ops, X, Y, p, inv);
}

// T = a * b[0], split into the even / odd accumulators.
template <int n, class Ops>
CUZK_DEV_INLINE void mul_first_row(uint32_t (&e)[n], uint32_t (&o)[n], const uint32_t (&a)[n], uint32_t b0) {
CUZK_UNROLL
  for (int j = 0; j < n; j += 2) {
    e[j] = Ops::mul_lo(a[j], b0);
    e[j + 1] = Ops::mul_hi(a[j], b0);
    o[j] = Ops::mul_lo(a[j + 1], b0);
    o[j + 1] = Ops::mul_hi(a[j + 1], b0);
  }
}

// After the last step (n even, so E is in o and O in e): O + (E >> 32), which
// is < 2p; reduced below p unless Reduce is false (ff/lazy_device.cuh).
template <int n, class Ops, bool Reduce = true>
CUZK_DEV_INLINE void mul_last(Ops& ops, uint32_t (&res)[n], const uint32_t (&e)[n], const uint32_t (&o)[n],
                              const uint32_t (&p)[n]) {
  uint32_t t[n];
  ops.add_cc(t[0], e[0], o[1]);
CUZK_UNROLL
  for (int j = 1; j < n - 1; ++j) ops.addc_cc(t[j], e[j], o[j + 1]);
  ops.addc(t[n - 1], e[n - 1], 0u);
  if constexpr (Reduce) {
    final_sub<n>(ops, res, t, p);
  } else {
CUZK_UNROLL
    for (int j = 0; j < n; ++j) res[j] = t[j];
  }
}

// r = A * B / R mod p. With Reduce false the result is only < 2p, and B (the
// operand taken word by word) may be any value below 2p while A < p: every
// step's partial sum stays below A + p, as with reduced operands, and the
// result (A B + m p) / R < p (2p / R + 1) < 2p.
template <class P, class Ops, int N = P::kLimbs, bool Reduce = true>
CUZK_DEV_INLINE void mul_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A, const Limbs<N>& B) {
  constexpr int n = 2 * N;
  static_assert(n % 2 == 0 && n >= 4, "even limb count");
  uint32_t a[n], b[n], p[n];
  to32<N>(a, A);
  to32<N>(b, B);
  modulus32<P>(p);
  const uint32_t inv = inv32<P>();

  uint32_t e[n], o[n];
  mul_first_row<n, Ops>(e, o, a, b[0]);
  redc_step<n>(ops, e, o, p, inv);
CUZK_UNROLL
  for (int i = 1; i < n; ++i) {
    if (i & 1)
      mul_step<n>(ops, o, e, a, b[i], p, inv);
    else
      mul_step<n>(ops, e, o, a, b[i], p, inv);
  }
  uint32_t res[n];
  mul_last<n, Ops, Reduce>(ops, res, e, o, p);
  from32<N>(r, res);
}

// ---------------------------------------------------------------------------
// Squaring

template <class P, class Ops, int N = P::kLimbs>
CUZK_DEV_INLINE void sqr_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A) {
  constexpr int n = 2 * N;
  static_assert(n >= 4, "at least 4 limbs");
  uint32_t a[n], p[n];
  to32<N>(a, A);
  modulus32<P>(p);
  const uint32_t inv = inv32<P>();

  // --- cross products sum_{i<j} a_i a_j 2^(32(i+j)) into c[1 .. 2n-2]
  uint32_t c[2 * n];
  // row 0: lo halves are independent, hi halves one chain; c[n] is fresh
CUZK_UNROLL
  for (int j = 1; j < n; ++j) c[j] = Ops::mul_lo(a[0], a[j]);
  ops.mad_hi_cc(c[2], a[0], a[1], c[2]);
CUZK_UNROLL
  for (int j = 2; j < n - 1; ++j) ops.madc_hi_cc(c[j + 1], a[0], a[j], c[j + 1]);
  ops.madc_hi(c[n], a[0], a[n - 1], 0u);
  // row i: lo chain over positions 2i+1 .. i+n-1 (carry -> fresh c[i+n]),
  // then hi chain over 2i+2 .. i+n (partial sums fit below position i+n+1)
CUZK_UNROLL
  for (int i = 1; i < n - 1; ++i) {
    ops.mad_lo_cc(c[2 * i + 1], a[i], a[i + 1], c[2 * i + 1]);
CUZK_UNROLL
    for (int j = i + 2; j < n; ++j) ops.madc_lo_cc(c[i + j], a[i], a[j], c[i + j]);
    ops.addc(c[i + n], 0u, 0u);
    if (i + 1 == n - 1) {
      c[i + n] += Ops::mul_hi(a[i], a[n - 1]);
    } else {
      ops.mad_hi_cc(c[2 * i + 2], a[i], a[i + 1], c[2 * i + 2]);
CUZK_UNROLL
      for (int j = i + 2; j < n - 1; ++j) ops.madc_hi_cc(c[i + j + 1], a[i], a[j], c[i + j + 1]);
      ops.madc_hi(c[i + n], a[i], a[n - 1], c[i + n]);
    }
  }
  // --- t = 2 * cross + diagonal (t has 2n limbs, t < p^2 < 2^(64n-2))
  uint32_t t[2 * n];
  t[1] = c[1] << 1;
CUZK_UNROLL
  for (int k = 2; k < 2 * n - 1; ++k) t[k] = Ops::shl1(c[k - 1], c[k]);
  t[2 * n - 1] = c[2 * n - 2] >> 31;
  ops.mad_lo_cc(t[0], a[0], a[0], 0u);
CUZK_UNROLL
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n) {
      ops.madc_hi_cc(t[2 * i + 1], a[i], a[i], t[2 * i + 1]);
      ops.madc_lo_cc(t[2 * i + 2], a[i + 1], a[i + 1], t[2 * i + 2]);
    } else {
      ops.madc_hi(t[2 * i + 1], a[i], a[i], t[2 * i + 1]);
    }
  }

  // --- Montgomery reduction of the low half t[0 .. n-1].
  // A0 holds pairs that start on even positions, A1 on odd ones (both indexed
  // by absolute limb position). At step i, X = A[i%2] takes m*p_even at
  // positions i .. i+n-1 and Y = A[1-i%2] takes m*p_odd at i+1 .. i+n.
  // Y's positions i+n-1 and i+n are still unwritten (zero) at step i >= 1.
  uint32_t A0[2 * n], A1[2 * n];
CUZK_UNROLL
  for (int k = 0; k < n; ++k) A0[k] = t[k];
  {
    // step 0: Y (A1) is empty, so its products need no chain
    const uint32_t m = Ops::mul_lo(A0[0], inv);
CUZK_UNROLL
    for (int j = 1; j < n; j += 2) {
      A1[j] = Ops::mul_lo(m, p[j]);
      A1[j + 1] = Ops::mul_hi(m, p[j]);
    }
    ops.mad_lo_cc(A0[0], p[0], m, A0[0]);
CUZK_UNROLL
    for (int j = 0; j < n; j += 2) {
      ops.madc_hi_cc(A0[j + 1], p[j], m, A0[j + 1]);
      if (j + 2 < n) ops.madc_lo_cc(A0[j + 2], p[j + 2], m, A0[j + 2]);
    }
    ops.addc(A1[n], A1[n], 0u);
  }
CUZK_UNROLL
  for (int i = 1; i < n; ++i) {
    uint32_t(&X)[2 * n] = (i & 1) ? A1 : A0;
    uint32_t(&Y)[2 * n] = (i & 1) ? A0 : A1;
    ops.add_cc(X[i], X[i], Y[i]);  // fold position i; carry into Y[i+1]
    const uint32_t m = Ops::mul_lo(X[i], inv);
CUZK_UNROLL
    for (int j = 1; j < n; j += 2) {
      const bool fresh_lo = (i + j >= i + n - 1), fresh_hi = (i + j + 1 >= i + n - 1);
      ops.madc_lo_cc(Y[i + j], p[j], m, fresh_lo ? 0u : Y[i + j]);
      if (j + 2 < n)
        ops.madc_hi_cc(Y[i + j + 1], p[j], m, fresh_hi ? 0u : Y[i + j + 1]);
      else
        ops.madc_hi(Y[i + j + 1], p[j], m, 0u);
    }
    ops.mad_lo_cc(X[i], p[0], m, X[i]);
CUZK_UNROLL
    for (int j = 0; j < n; j += 2) {
      ops.madc_hi_cc(X[i + j + 1], p[j], m, X[i + j + 1]);
      if (j + 2 < n) ops.madc_lo_cc(X[i + j + 2], p[j + 2], m, X[i + j + 2]);
    }
    ops.addc(Y[i + n], Y[i + n], 0u);
  }
  // --- result = A0[n..2n-1] + A1[n..2n-2] + t[n..2n-1]  (< 2p)
  uint32_t s[n];
  ops.add_cc(s[0], A0[n], A1[n]);
CUZK_UNROLL
  for (int k = 1; k < n - 1; ++k) ops.addc_cc(s[k], A0[n + k], A1[n + k]);
  ops.addc(s[n - 1], A0[2 * n - 1], 0u);
  ops.add_cc(s[0], s[0], t[n]);
CUZK_UNROLL
  for (int k = 1; k < n - 1; ++k) ops.addc_cc(s[k], s[k], t[n + k]);
  ops.addc(s[n - 1], s[n - 1], t[2 * n - 1]);
  uint32_t res[n];
  final_sub<n>(ops, res, s, p);
  from32<N>(r, res);
}

// ---------------------------------------------------------------------------
// Addition and subtraction

template <class P, class Ops, int N = P::kLimbs>
CUZK_DEV_INLINE void add_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A, const Limbs<N>& B) {
  constexpr int n = 2 * N;
  uint32_t a[n], b[n], p[n], s[n], res[n];
  to32<N>(a, A);
  to32<N>(b, B);
  modulus32<P>(p);
  ops.add_cc(s[0], a[0], b[0]);
CUZK_UNROLL
  for (int j = 1; j < n - 1; ++j) ops.addc_cc(s[j], a[j], b[j]);
  ops.addc(s[n - 1], a[n - 1], b[n - 1]);  // p < 2^(32n-1): no overflow
  final_sub<n>(ops, res, s, p);
  from32<N>(r, res);
}

// res = a - b mod m for a, b < m (m is p, or 2p in ff/lazy_device.cuh)
template <int n, class Ops>
CUZK_DEV_INLINE void sub_mod(Ops& ops, uint32_t (&res)[n], const uint32_t (&a)[n], const uint32_t (&b)[n],
                             const uint32_t (&m)[n]) {
  uint32_t d[n], borrow;
  ops.sub_cc(d[0], a[0], b[0]);
CUZK_UNROLL
  for (int j = 1; j < n; ++j) ops.subc_cc(d[j], a[j], b[j]);
  ops.subc(borrow, 0u, 0u);  // all ones when a < b
  ops.add_cc(res[0], d[0], m[0] & borrow);
CUZK_UNROLL
  for (int j = 1; j < n - 1; ++j) ops.addc_cc(res[j], d[j], m[j] & borrow);
  ops.addc(res[n - 1], d[n - 1], m[n - 1] & borrow);
}

// a - b mod p, or mod 2p when Twice (a, b below the modulus)
template <class P, class Ops, int N = P::kLimbs, bool Twice = false>
CUZK_DEV_INLINE void sub_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A, const Limbs<N>& B) {
  constexpr int n = 2 * N;
  uint32_t a[n], b[n], m[n], res[n];
  to32<N>(a, A);
  to32<N>(b, B);
  if constexpr (Twice)
    twice_modulus32<P>(m);
  else
    modulus32<P>(m);
  sub_mod<n>(ops, res, a, b, m);
  from32<N>(r, res);
}

// Squaring: the dedicated routine (faster on the H200 for every field:
// bench_device_arith's "sqr" vs "sqr as mul(a,a)" rows), or a multiplication.
#ifndef CUZK_DEVICE_DEDICATED_SQR
#define CUZK_DEVICE_DEDICATED_SQR 1
#endif

}  // namespace devmont

// ---------------------------------------------------------------------------
// Entry points used by mont_mul.hpp in device code.
#if defined(__CUDACC__)
template <class P, int N = P::kLimbs>
__device__ __forceinline__ void device_mont_add(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
  devmont::PtxOps ops;
  devmont::add_impl<P>(ops, r, a, b);
}
template <class P, int N = P::kLimbs>
__device__ __forceinline__ void device_mont_sub(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
  devmont::PtxOps ops;
  devmont::sub_impl<P>(ops, r, a, b);
}
// CUZK_DEVICE_MUL_CALL=1 (the default) makes the multiplication one called
// function per field (arguments and result in registers) instead
// of inlined code: a kernel with dozens of inlined multiplications outgrows
// the instruction cache (Nsight Compute: "no instruction" stalls), so the NTT
// and MSM kernels run faster with the call, although a lone dependent chain
// (bench_device_arith) runs slightly slower (src/ntt/cuda/NOTES.md,
// docs/PERFORMANCE.md). Squaring stays inline: fewer of them, not measured
// as a call.
#ifndef CUZK_DEVICE_MUL_CALL
#define CUZK_DEVICE_MUL_CALL 1
#endif
template <class P, int N = P::kLimbs>
__device__ __noinline__ Limbs<N> device_mont_mul_called(Limbs<N> a, Limbs<N> b) {
  devmont::PtxOps ops;
  Limbs<N> r;
  devmont::mul_impl<P>(ops, r, a, b);
  return r;
}
template <class P, int N = P::kLimbs>
__device__ __forceinline__ void device_mont_mul(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if CUZK_DEVICE_MUL_CALL
  r = device_mont_mul_called<P>(a, b);
#else
  devmont::PtxOps ops;
  devmont::mul_impl<P>(ops, r, a, b);
#endif
}
template <class P, int N = P::kLimbs>
__device__ __forceinline__ void device_mont_sqr(Limbs<N>& r, const Limbs<N>& a) {
  devmont::PtxOps ops;
#if CUZK_DEVICE_DEDICATED_SQR
  devmont::sqr_impl<P>(ops, r, a);
#else
  devmont::mul_impl<P>(ops, r, a, a);
#endif
}
#endif

}  // namespace cuzk::ff
