// Montgomery multiplication with a one-level Karatsuba product (device code,
// written against the same Ops policies as mont_mul_device.cuh).
//
// The interleaved product of mont_mul_device.cuh spends half of its 32-bit
// multiply-adds on a * b (n^2 pairs of lo/hi halves). Here a * b comes from
// three half-size products, L = a_lo b_lo, H = a_hi b_hi and
// M = |a_lo - a_hi| |b_lo - b_hi|, with a_lo b_hi + a_hi b_lo = L + H -+ M:
// 3n^2/4 pairs, a quarter fewer, for ~70 additions, xors and selects on the
// integer ALU, which the multiply-add pipe does not use. The 2n-word product
// is then reduced on its own (redc_wide).
#pragma once
#include <cstdint>

#include "ff/mont_mul_device.cuh"

namespace cuzk::ff {
namespace devmont {

// r = x * y for h-word x, y (h even). Pairs x[j] y[i] with j even go to the
// accumulator A, odd j to B, both indexed by absolute word position, so each
// row is two unbroken carry chains; r = A + B.
template <int h, class Ops>
CUZK_DEV_INLINE void mul_wide(Ops& ops, uint32_t (&r)[2 * h], const uint32_t (&x)[h], const uint32_t (&y)[h]) {
  static_assert(h % 2 == 0 && h >= 2, "even half size");
  uint32_t A[2 * h], B[2 * h];
CUZK_UNROLL
  for (int j = 0; j < h; j += 2) {
    A[j] = Ops::mul_lo(x[j], y[0]);
    A[j + 1] = Ops::mul_hi(x[j], y[0]);
    B[j + 1] = Ops::mul_lo(x[j + 1], y[0]);
    if (j + 2 < h) B[j + 2] = Ops::mul_hi(x[j + 1], y[0]);
  }
  B[h] = Ops::mul_hi(x[h - 1], y[0]);
CUZK_UNROLL
  for (int i = 1; i < h; ++i) {
    // even chain over positions i .. i+h-1; position h is new at row 1
    ops.mad_lo_cc(A[i], x[0], y[i], A[i]);
CUZK_UNROLL
    for (int j = 0; j < h; j += 2) {
      const int q = i + j + 1;
      ops.madc_hi_cc(A[q], x[j], y[i], (i == 1 && q == h) ? 0u : A[q]);
      if (j + 2 < h) ops.madc_lo_cc(A[q + 1], x[j + 2], y[i], (i == 1 && q + 1 == h) ? 0u : A[q + 1]);
    }
    ops.addc(A[i + h], 0u, 0u);
    // odd chain over positions i+1 .. i+h; position h+1 is new at row 1.
    // B < 2^(64h): the last row's carry out is zero.
    ops.mad_lo_cc(B[i + 1], x[1], y[i], B[i + 1]);
CUZK_UNROLL
    for (int j = 1; j < h; j += 2) {
      const int q = i + j + 1;
      const uint32_t bq = (i == 1 && q == h + 1) ? 0u : B[q];
      if (j + 2 < h) {
        ops.madc_hi_cc(B[q], x[j], y[i], bq);
        ops.madc_lo_cc(B[q + 1], x[j + 2], y[i], (i == 1 && q + 1 == h + 1) ? 0u : B[q + 1]);
      } else if (i + 1 < h) {
        ops.madc_hi_cc(B[q], x[j], y[i], bq);
        ops.addc(B[q + 1], 0u, 0u);
      } else {
        ops.madc_hi(B[q], x[j], y[i], bq);
      }
    }
  }
  r[0] = A[0];
  ops.add_cc(r[1], A[1], B[1]);
CUZK_UNROLL
  for (int k = 2; k < 2 * h - 1; ++k) ops.addc_cc(r[k], A[k], B[k]);
  ops.addc(r[2 * h - 1], A[2 * h - 1], B[2 * h - 1]);
}

// d = |lo - hi| (h words); mask = all ones when lo < hi, else 0
template <int h, class Ops>
CUZK_DEV_INLINE void abs_diff(Ops& ops, uint32_t (&d)[h], uint32_t& mask, const uint32_t (&lo)[h],
                              const uint32_t (&hi)[h]) {
  ops.sub_cc(d[0], lo[0], hi[0]);
CUZK_UNROLL
  for (int j = 1; j < h; ++j) ops.subc_cc(d[j], lo[j], hi[j]);
  ops.subc(mask, 0u, 0u);
  // (d ^ mask) - mask: the two's complement negation when mask is all ones
  ops.sub_cc(d[0], d[0] ^ mask, mask);
CUZK_UNROLL
  for (int j = 1; j < h - 1; ++j) ops.subc_cc(d[j], d[j] ^ mask, mask);
  ops.subc(d[h - 1], d[h - 1] ^ mask, mask);
}

// t = a * b (2n words) by one Karatsuba level
template <int n, class Ops>
CUZK_DEV_INLINE void karatsuba_product(Ops& ops, uint32_t (&t)[2 * n], const uint32_t (&a)[n], const uint32_t (&b)[n]) {
  constexpr int h = n / 2;
  uint32_t alo[h], ahi[h], blo[h], bhi[h];
CUZK_UNROLL
  for (int j = 0; j < h; ++j) {
    alo[j] = a[j];
    ahi[j] = a[h + j];
    blo[j] = b[j];
    bhi[j] = b[h + j];
  }
  uint32_t da[h], db[h], ma, mb;
  abs_diff<h>(ops, da, ma, alo, ahi);
  abs_diff<h>(ops, db, mb, blo, bhi);
  uint32_t L[n], H[n], M[n];
  mul_wide<h>(ops, L, alo, blo);
  mul_wide<h>(ops, H, ahi, bhi);
  mul_wide<h>(ops, M, da, db);
  // mid = L + H - s M, s = +1 when the differences have the same sign
  // (k all ones: add ~M + 1), else -1 (k = 0: add M); 0 <= mid < 2^(32n+1)
  const uint32_t k = ~(ma ^ mb);
  uint32_t mid[n + 1], unused;
  ops.add_cc(mid[0], L[0], H[0]);
CUZK_UNROLL
  for (int j = 1; j < n; ++j) ops.addc_cc(mid[j], L[j], H[j]);
  ops.addc(mid[n], 0u, 0u);
  ops.add_cc(unused, k, k);  // carry in: 1 when k is all ones
CUZK_UNROLL
  for (int j = 0; j < n; ++j) ops.addc_cc(mid[j], mid[j], M[j] ^ k);
  ops.addc(mid[n], mid[n], k);
  (void)unused;
  // t = L + mid 2^(32h) + H 2^(32n)
CUZK_UNROLL
  for (int j = 0; j < h; ++j) t[j] = L[j];
  ops.add_cc(t[h], L[h], mid[0]);
CUZK_UNROLL
  for (int j = 1; j < h; ++j) ops.addc_cc(t[h + j], L[h + j], mid[j]);
CUZK_UNROLL
  for (int j = 0; j <= h; ++j) ops.addc_cc(t[n + j], H[j], mid[h + j]);
CUZK_UNROLL
  for (int j = h + 1; j < n - 1; ++j) ops.addc_cc(t[n + j], H[j], 0u);
  ops.addc(t[2 * n - 1], H[n - 1], 0u);
}

// res = t / R mod p for t < p R (the low half reduced word by word on two
// position-aligned accumulators, pairs starting on even / odd words, as in
// sqr_impl); res < 2p, below p when Reduce.
template <int n, class Ops, bool Reduce>
CUZK_DEV_INLINE void redc_wide(Ops& ops, uint32_t (&res)[n], const uint32_t (&t)[2 * n], const uint32_t (&p)[n],
                               uint32_t inv) {
  uint32_t A0[2 * n], A1[2 * n];
CUZK_UNROLL
  for (int k = 0; k < n; ++k) A0[k] = t[k];
  {
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
  // res = A0[n..2n-1] + A1[n..2n-2] + t[n..2n-1]  (< 2p)
  uint32_t s[n];
  ops.add_cc(s[0], A0[n], A1[n]);
CUZK_UNROLL
  for (int k = 1; k < n - 1; ++k) ops.addc_cc(s[k], A0[n + k], A1[n + k]);
  ops.addc(s[n - 1], A0[2 * n - 1], 0u);
  ops.add_cc(s[0], s[0], t[n]);
CUZK_UNROLL
  for (int k = 1; k < n - 1; ++k) ops.addc_cc(s[k], s[k], t[n + k]);
  ops.addc(s[n - 1], s[n - 1], t[2 * n - 1]);
  if constexpr (Reduce) {
    final_sub<n>(ops, res, s, p);
  } else {
CUZK_UNROLL
    for (int k = 0; k < n; ++k) res[k] = s[k];
  }
}

// r = A B / R mod p; the same contract as mul_impl (Reduce false: B < 2p
// allowed, result < 2p)
template <class P, class Ops, int N = P::kLimbs, bool Reduce = true>
CUZK_DEV_INLINE void mul_karatsuba_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A, const Limbs<N>& B) {
  constexpr int n = 2 * N;
  uint32_t a[n], b[n], p[n], t[2 * n], res[n];
  to32<N>(a, A);
  to32<N>(b, B);
  modulus32<P>(p);
  karatsuba_product<n>(ops, t, a, b);
  redc_wide<n, Ops, Reduce>(ops, res, t, p, inv32<P>());
  from32<N>(r, res);
}

}  // namespace devmont
}  // namespace cuzk::ff
