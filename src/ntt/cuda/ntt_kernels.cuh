// GPU NTT kernels over a 32-byte prime field (BLS12-381 Fr, BN254 Fr).
// Internal to src/ntt/cuda: the host API is gpu_ntt.hpp.
//
// Algorithm: for n = 2^L > 2^12 the n-point DFT is a recursive four-step
// (Bailey) factorisation n = R_1 * ... * R_P into P = 2..4 passes of radix
// R_p = 2^r_p (r_p = 6..9), each pass one kernel, so the data crosses device
// memory P times (3 times at 2^19..2^27).
//   * Pass p < P ("column pass") works inside segments of N_p = R_p * S_p
//     elements: for every column j < S_p it takes the R_p elements j + S_p*t,
//     does an R_p-point DFT, multiplies output k by omega_{N_p}^{j*k} and
//     writes it back at j + S_p*k (in place within its tile).
//   * The last pass does R_P-point DFTs on contiguous segments and writes
//     every result straight to its natural index (the digit reversal of the
//     four-step factorisation), so the output is in natural order with no
//     separate permutation pass. It scatters across the array, so the host
//     runs pass 1 from `in` into a scratch buffer and the last pass from the
//     scratch buffer into `out` (which may be `in`).
// Inside a kernel a block holds a tile of G groups x R elements (512 or 1024
// elements, 16/32 KB of shared memory); every thread holds 8 elements in
// registers and does up to three radix-2 DIF stages on them per round
// (radix 8), exchanging through shared memory between rounds. Each round's
// thread-to-element map is chosen so that global accesses are coalesced
// (consecutive lanes on consecutive columns / addresses) and shared-memory
// accesses (16-byte, two planes) are bank-conflict free under an XOR swizzle.
// The last round handles the three lowest bits, whose twiddles are known at
// compile time (1, omega_8^m, omega_4), so trivial multiplications vanish.
// Twiddles: in-kernel stages read omega_4096^i from a 64 KB table (L1/L2);
// the column passes' omega_N^(jk) come from a k-major table of N entries
// (pass 1: optionally two sqrt(n) tables and one extra multiplication).
// n <= 2^12 runs in one block (ntt_small_kernel).
//
// Inverse transforms reuse the forward machinery: INTT(x)[k] =
// (1/n) DFT(x)[-k mod n]; the negation is folded into the last pass's store
// index and 1/n into an output scale. Element-wise factors (coset shifts,
// 1/n, 1/Z) are fused into the first pass's loads ("pre") and the last
// pass's stores ("post"), from two small power tables (base^i =
// lo[i & mask] * hi[i >> bits]). The H step's a*b - c is fused into a last
// pass as well ("post-op").
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <utility>

#include "ff/field.hpp"
#include "ff/lazy_device.cuh"
#include "ff/mul2_device.cuh"
#include "ntt/cuda/ntt_rounds.hpp"

namespace cuzk::ntt::cuda::detail {

constexpr int kLogW = 12;  // W table: omega_{2^12}^i for i < 2^11 (all in-kernel radix-2 stages)

// factor(i) = lo[i & (2^lo_bits - 1)] * hi[i >> lo_bits]
template <class F>
struct PowTable {
  const F* lo;
  const F* hi;
  int lo_bits;
};

enum ScaleMode : int { kScaleNone = 0, kScaleConst = 1, kScaleTable = 2 };

template <class F>
struct Scale {
  int mode;
  F c;
  PowTable<F> t;
};

template <class F>
struct PassArgs {
  const F* in;
  F* out;
  const F* W;  // omega_4096^i, i < 2048
  F w8[4];     // omega_8^m, m < 4
  int log_n;
  // column pass: segments of 2^log_N elements, stride 2^log_S
  int log_N, log_S;
  const F* tw;      // k-major output twiddles tw[(k << log_S) + j] = omega_N^(j k); null: two-level tw2
  PowTable<F> tw2;  // omega_n^e, e = (j k) << tw_shift
  int tw_shift;
  // last pass: digits of the segment index (passes 1..P-1)
  int ndig;
  int dig_bits[kMaxPasses];
  int dig_pos[kMaxPasses];
  int negate;  // store at -k mod n (inverse transform)
  Scale<F> pre, post;
  const F* pa;  // post-op when non-null: out = pa[i] * pb[i] - value
  const F* pb;
  // nonzero: the input / the column twiddle table are read evict-first, so
  // that the scratch the passes hand on stays in L2
  int stream_in, stream_tw;
};

// Pass-kernel arithmetic. With CUZK_NTT_LAZY (the default) data inside a
// transform (registers, and the scratch buffer between passes) stays below
// 2p and products skip their final subtraction (ff/lazy_device.cuh); loads
// take canonical values and the last pass stores canonical ones. mul's first
// operand is the constant (twiddle, scale): canonical.
#ifndef CUZK_NTT_LAZY
#define CUZK_NTT_LAZY 1
#endif
template <class F>
struct NttArith {
#if CUZK_NTT_LAZY
  using L = ff::Lazy<F>;
  __device__ __forceinline__ static F add(const F& a, const F& b) { return L::add(a, b); }
  __device__ __forceinline__ static F sub(const F& a, const F& b) { return L::sub(a, b); }
  __device__ __forceinline__ static F mul(const F& c, const F& x) { return L::mul(c, x); }
  __device__ __forceinline__ static void mul2(F& r0, F& r1, const F& c0, const F& x0, const F& c1, const F& x1) {
    L::mul2(r0, r1, c0, x0, c1, x1);
  }
  __device__ __forceinline__ static F canonical(const F& x) { return L::canonical(x); }
#else
  __device__ __forceinline__ static F add(const F& a, const F& b) { return a + b; }
  __device__ __forceinline__ static F sub(const F& a, const F& b) { return a - b; }
  __device__ __forceinline__ static F mul(const F& c, const F& x) { return c * x; }
  __device__ __forceinline__ static void mul2(F& r0, F& r1, const F& c0, const F& x0, const F& c1, const F& x1) {
    ff::mul2(r0, r1, c0, x0, c1, x1);
  }
  __device__ __forceinline__ static F canonical(const F& x) { return x; }
#endif
  // mul2 compiled in place instead of called. A call costs register moves
  // into and out of its argument registers (IMAD.MOV, on the multiply-add
  // pipe the products saturate), inlining costs code: with every product
  // inlined the kernels overflow the instruction cache. Inlined where it
  // measured faster: the column twiddles (results go straight to memory) and
  // the last round's omega_8 products of radix >= 2^7 passes (NOTES.md).
  __device__ __forceinline__ static void mul2_inline(F& r0, F& r1, const F& c0, const F& x0, const F& c1,
                                                     const F& x1) {
    ff::devmont::PtxOps ops;
    F t0, t1;
    ff::devmont::mul2_impl<typename F::Params, ff::devmont::PtxOps, F::N, !CUZK_NTT_LAZY>(ops, t0.m, t1.m, c0.m, x0.m,
                                                                                         c1.m, x1.m);
    r0 = t0;
    r1 = t1;
  }
};

template <class M, size_t... K>
__device__ __forceinline__ uint32_t deposit_impl(uint32_t tid, std::index_sequence<K...>) {
  return (0u | ... | (((tid >> K) & 1u) << M::map.pos[K]));
}
template <class M>
__device__ __forceinline__ uint32_t deposit(uint32_t tid) {
  return deposit_impl<M>(tid, std::make_index_sequence<M::map.nt>{});
}

// ---------------------------------------------------------------------------
// Element loads and stores (32-byte elements as two 16-byte halves).

template <class F>
__device__ __forceinline__ F make_elem(uint4 a, uint4 b) {
  static_assert(F::N == 4, "32-byte field elements");
  F r;
  r.m.v[0] = (uint64_t(a.y) << 32) | a.x;
  r.m.v[1] = (uint64_t(a.w) << 32) | a.z;
  r.m.v[2] = (uint64_t(b.y) << 32) | b.x;
  r.m.v[3] = (uint64_t(b.w) << 32) | b.z;
  return r;
}
template <class F>
__device__ __forceinline__ uint4 half0(const F& x) {
  return make_uint4(uint32_t(x.m.v[0]), uint32_t(x.m.v[0] >> 32), uint32_t(x.m.v[1]), uint32_t(x.m.v[1] >> 32));
}
template <class F>
__device__ __forceinline__ uint4 half1(const F& x) {
  return make_uint4(uint32_t(x.m.v[2]), uint32_t(x.m.v[2] >> 32), uint32_t(x.m.v[3]), uint32_t(x.m.v[3] >> 32));
}
template <class F>
__device__ __forceinline__ F ld_global(const F* p) {
  const uint4* q = reinterpret_cast<const uint4*>(p);
  return make_elem<F>(q[0], q[1]);
}
template <class F>
__device__ __forceinline__ F ld_table(const F* p) {  // read-only tables
  const uint4* q = reinterpret_cast<const uint4*>(p);
  return make_elem<F>(__ldg(q), __ldg(q + 1));
}
template <class F>
__device__ __forceinline__ F ld_stream(const F* p) {  // read once: evict first
  const uint4* q = reinterpret_cast<const uint4*>(p);
  return make_elem<F>(__ldcs(q), __ldcs(q + 1));
}
template <class F>
__device__ __forceinline__ void st_global(F* p, const F& x) {
  uint4* q = reinterpret_cast<uint4*>(p);
  q[0] = half0(x);
  q[1] = half1(x);
}

// base^i = pow_lo(t, i) * pow_hi(t, i)
template <class F>
__device__ __forceinline__ F pow_lo(const PowTable<F>& t, uint32_t i) {
  return ld_table(t.lo + (i & ((1u << t.lo_bits) - 1)));
}
template <class F>
__device__ __forceinline__ F pow_hi(const PowTable<F>& t, uint32_t i) {
  return ld_table(t.hi + (i >> t.lo_bits));
}
template <class F>
__device__ __forceinline__ F pow_factor(const PowTable<F>& t, uint32_t i) {
  return pow_lo(t, i) * pow_hi(t, i);
}
// x (below 2p in the pass kernels) times the scale's factor for index i
template <class F>
__device__ __forceinline__ void apply_scale(const Scale<F>& s, F& x, uint32_t i) {
  if (s.mode == kScaleConst)
    x = NttArith<F>::mul(s.c, x);
  else if (s.mode == kScaleTable)
    x = NttArith<F>::mul(pow_factor(s.t, i), x);
}

// ---------------------------------------------------------------------------
// Radix-2 DIF stage on tile bit B, the registers holding window [W, W+3):
// pairs (e, e | 2^(B-W)); (a, c) -> (a + c, (a - c) * omega_{2^(B+1)}^m),
// m = t mod 2^B = lane_low | (e's lower window bits) << W. With ZERO_LOW the
// caller knows lane_low == 0, so pairs whose window bits below B are zero
// have m = 0 and no product (for W = 0 that holds at compile time).
template <class F, int W, int B, bool ZERO_LOW, bool INLINE>
__device__ __forceinline__ void dif_stage_impl(F (&x)[8], uint32_t lane_low, const F* __restrict__ Wt,
                                               const F (&w8)[4]) {
  constexpr int Q = B - W;
  constexpr int NT = 1 << Q;
  // The stage's twiddle products are independent: they go two at a time
  // (ff::mul2). `held` is known at compile time once the loop is unrolled.
  int held = -1;
  F held_d, held_w;
#pragma unroll
  for (int e = 0; e < 8; ++e) {
    if (e & (1 << Q)) continue;
    const int h = e | (1 << Q);
    const int eb = e & (NT - 1);
    const F s = NttArith<F>::add(x[e], x[h]);
    const F d = NttArith<F>::sub(x[e], x[h]);
    x[e] = s;
    if ((W == 0 || ZERO_LOW) && eb == 0) {
      x[h] = d;
      continue;
    }
    F w;
    if constexpr (W == 0) {
      w = w8[eb << (2 - B)];  // m = eb: omega_{2^(B+1)}^eb = omega_8^(eb << (2 - B)); B <= 2 here
    } else {
      // loaded where used (L1 hits), keeping register pressure down
      w = ld_table(Wt + (size_t(lane_low | (uint32_t(eb) << W)) << (kLogW - 1 - B)));
    }
    if (held < 0) {
      held = h;
      held_d = d;
      held_w = w;
    } else {
      if constexpr (INLINE)
        NttArith<F>::mul2_inline(x[held], x[h], held_w, held_d, w, d);
      else
        NttArith<F>::mul2(x[held], x[h], held_w, held_d, w, d);
      held = -1;
    }
  }
  if (held >= 0) x[held] = NttArith<F>::mul(held_w, held_d);
}

// SKIPS: lane_low is the same across the warp, so the branch does not diverge.
// INLINE: products by NttArith::mul2_inline.
template <class F, int W, int B, bool SKIPS, bool INLINE>
__device__ __forceinline__ void dif_stage(F (&x)[8], uint32_t lane_low, const F* __restrict__ Wt, const F (&w8)[4]) {
  if constexpr (SKIPS && W > 0) {
    if (lane_low == 0)
      dif_stage_impl<F, W, B, true, INLINE>(x, lane_low, Wt, w8);
    else
      dif_stage_impl<F, W, B, false, INLINE>(x, lane_low, Wt, w8);
  } else {
    dif_stage_impl<F, W, B, false, INLINE>(x, lane_low, Wt, w8);
  }
}

template <class F, int W, int B, int BLO, bool SKIPS, bool INLINE>
__device__ __forceinline__ void dif_stages(F (&x)[8], uint32_t lane_low, const F* __restrict__ Wt, const F (&w8)[4]) {
  dif_stage<F, W, B, SKIPS, INLINE>(x, lane_low, Wt, w8);
  if constexpr (B > BLO) dif_stages<F, W, B - 1, BLO, SKIPS, INLINE>(x, lane_low, Wt, w8);
}

template <int TILE, class F>
__device__ __forceinline__ void st_shared(uint4* sm, uint32_t slot, const F& x) {
  sm[slot] = half0(x);
  sm[TILE + slot] = half1(x);
}
template <int TILE, class F>
__device__ __forceinline__ F ld_shared(const uint4* sm, uint32_t slot) {
  return make_elem<F>(sm[slot], sm[TILE + slot]);
}

// Runs rounds I..NR-1; returns the last round's base u.
template <class F, int R_LOG, int G_LOG, bool COLUMN, int I>
__device__ __forceinline__ uint32_t run_rounds(F (&x)[8], uint32_t tid, uint4* sm, const PassArgs<F>& a) {
  using RI = Round<R_LOG, G_LOG, COLUMN, I>;
  constexpr int TILE = 1 << (R_LOG + G_LOG);
  const uint32_t ub = deposit<RI>(tid);
  if constexpr (I > 0) {
    using RP = Round<R_LOG, G_LOG, COLUMN, I - 1>;
    const uint32_t sp = swz(deposit<RP>(tid));
    if constexpr (I > 1) __syncthreads();  // everyone has read the previous exchange
#pragma unroll
    for (int e = 0; e < 8; ++e) st_shared<TILE>(sm, sp ^ swz(uint32_t(e) << RP::w), x[e]);
    __syncthreads();
    const uint32_t sc = swz(ub);
#pragma unroll
    for (int e = 0; e < 8; ++e) x[e] = ld_shared<TILE, F>(sm, sc ^ swz(uint32_t(e) << RI::w));
  }
  dif_stages<F, RI::w, RI::hi, RI::lo, RI::skips, RI::inline_products>(x, ub & ((1u << RI::w) - 1), a.W, a.w8);
  if constexpr (I + 1 < RI::NR)
    return run_rounds<F, R_LOG, G_LOG, COLUMN, I + 1>(x, tid, sm, a);
  else
    return ub;
}

__device__ __forceinline__ uint32_t brev_bits(uint32_t v, int bits) { return bits ? __brev(v) >> (32 - bits) : 0u; }

constexpr int brev3(int e) { return ((e & 1) << 2) | (e & 2) | ((e >> 2) & 1); }

// Position of the last pass's segment with natural low index il (digits of
// passes 1..P-1, the first pass's digit lowest).
template <class F>
__device__ __forceinline__ uint32_t last_segment_base(const PassArgs<F>& a, uint32_t il) {
  uint32_t pos = 0;
#pragma unroll
  for (int d = 0; d < kMaxPasses; ++d) {
    if (d < a.ndig) {
      pos |= (il & ((1u << a.dig_bits[d]) - 1)) << a.dig_pos[d];
      il >>= a.dig_bits[d];
    }
  }
  return pos;
}

// Launched with programmatic stream serialization (gpu_ntt_impl.cuh), a pass
// kernel's blocks may start while the kernel before it finishes: this lets
// the next grid be scheduled at once and then waits until the previous one
// has completed and its writes are visible. Without the attribute both
// instructions do nothing.
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

template <int R_LOG, int G_LOG>
constexpr int kThreads = (1 << (R_LOG + G_LOG)) / 8;
// Blocks per SM. Radix-2^8/2^9 tiles (128 threads): 3, i.e. 12 warps at
// <= 168 registers, no spills; forcing 16 warps (<= 128 registers) measured
// slower. Radix 2^6/2^7, the passes of 2^13..2^23 (few waves of blocks, the
// last one partly filled): 16 warps at <= 128 registers despite some spills,
// which measured faster than the register count the compiler picks unforced
// (NOTES.md).
template <int R_LOG, int G_LOG>
constexpr int kMinBlocks = R_LOG <= 7 ? 512 / kThreads<R_LOG, G_LOG> : 3;

template <class F, int R_LOG, int G_LOG, bool COLUMN>
__global__ void __launch_bounds__(kThreads<R_LOG, G_LOG>, kMinBlocks<R_LOG, G_LOG>) ntt_pass_kernel(const PassArgs<F> a) {
  static_assert(R_LOG >= 3 && R_LOG < kLogW, "radix 2^3 .. 2^11");
  constexpr int R = 1 << R_LOG;
  constexpr int W0 = Round<R_LOG, G_LOG, COLUMN, 0>::w;
  constexpr int NR = Round<R_LOG, G_LOG, COLUMN, 0>::NR;
  extern __shared__ uint4 sm[];
  const uint32_t tid = threadIdx.x;
  F x[8];
  wait_for_previous_grid();

  // ---- loads (round 0's map)
  const uint32_t ub0 = deposit<Round<R_LOG, G_LOG, COLUMN, 0>>(tid);
  const uint32_t g0 = ub0 >> R_LOG, tb0 = ub0 & (R - 1);
  uint32_t seg_off = 0, j0 = 0;  // column pass: segment offset and first column of the block
  uint32_t base0, sh0;
  if constexpr (COLUMN) {
    const int lbps = a.log_S - G_LOG;  // blocks per segment = S / G
    seg_off = (blockIdx.x >> lbps) << a.log_N;
    j0 = (blockIdx.x & ((1u << lbps) - 1)) << G_LOG;
    base0 = seg_off + j0 + g0;
    sh0 = a.log_S;
  } else {
    base0 = last_segment_base(a, (blockIdx.x << G_LOG) + g0);
    sh0 = 0;
  }
#pragma unroll
  for (int e = 0; e < 8; ++e) {
    const F* src = a.in + (base0 + ((tb0 | (uint32_t(e) << W0)) << sh0));
    x[e] = a.stream_in ? ld_stream(src) : ld_global(src);
  }
  if (a.pre.mode != kScaleNone) {
#pragma unroll
    for (int e = 0; e < 8; ++e) apply_scale(a.pre, x[e], base0 + ((tb0 | (uint32_t(e) << W0)) << sh0));
  }

  // ---- DIF rounds; afterwards register e holds output k = bitrev(tb | e)
  const uint32_t ubL = run_rounds<F, R_LOG, G_LOG, COLUMN, 0>(x, tid, sm, a);
  (void)NR;
  const uint32_t g = ubL >> R_LOG, tb = ubL & (R - 1);
  const uint32_t kb = brev_bits(tb, R_LOG);

  if constexpr (COLUMN) {
    const uint32_t j = j0 + g;
#pragma unroll
    for (int e = 0; e < 8; e += 2) {  // two independent products at a time (ff::mul2)
      const uint32_t k0 = kb | (uint32_t(brev3(e)) << (R_LOG - 3));
      const uint32_t k1 = kb | (uint32_t(brev3(e + 1)) << (R_LOG - 3));
      F t0, t1;
      if (a.tw) {
        if (a.stream_tw) {
          t0 = ld_stream(a.tw + ((size_t(k0) << a.log_S) + j));
          t1 = ld_stream(a.tw + ((size_t(k1) << a.log_S) + j));
        } else {
          t0 = ld_table(a.tw + ((size_t(k0) << a.log_S) + j));
          t1 = ld_table(a.tw + ((size_t(k1) << a.log_S) + j));
        }
      } else {
        const uint32_t i0 = (j * k0) << a.tw_shift, i1 = (j * k1) << a.tw_shift;
        ff::mul2(t0, t1, pow_lo(a.tw2, i0), pow_hi(a.tw2, i0), pow_lo(a.tw2, i1), pow_hi(a.tw2, i1));
      }
      F y0, y1;
      NttArith<F>::mul2_inline(y0, y1, t0, x[e], t1, x[e + 1]);
      st_global(a.out + (seg_off + j + (k0 << a.log_S)), y0);
      st_global(a.out + (seg_off + j + (k1 << a.log_S)), y1);
    }
  } else {
    const uint32_t il = (blockIdx.x << G_LOG) + g;
    const uint32_t nmask = (1u << a.log_n) - 1;
#pragma unroll
    for (int e = 0; e < 8; ++e) {
      const uint32_t k = kb | (uint32_t(brev3(e)) << (R_LOG - 3));
      uint32_t idx = il + (k << (a.log_n - R_LOG));
      if (a.negate) idx = (0u - idx) & nmask;
      F v = x[e];
      apply_scale(a.post, v, idx);
      v = NttArith<F>::canonical(v);
      if (a.pa) v = ld_global(a.pa + idx) * ld_global(a.pb + idx) - v;
      st_global(a.out + idx, v);
    }
  }
}

// n <= 2^12: the whole transform in one block, radix-2 DIF stages in shared
// memory (compact code; these sizes are latency, not throughput). Same
// pre/post handling as the pass kernels.
constexpr int kSmallThreads = 256;

template <class F>
__global__ void __launch_bounds__(kSmallThreads) ntt_small_kernel(const PassArgs<F> a) {
  extern __shared__ uint4 sm[];
  F* xs = reinterpret_cast<F*>(sm);
  const uint32_t n = 1u << a.log_n;
  const uint32_t tid = threadIdx.x, nt = blockDim.x;
  for (uint32_t i = tid; i < n; i += nt) {
    F v = ld_global(a.in + i);
    apply_scale(a.pre, v, i);
    xs[i] = NttArith<F>::canonical(v);
  }
  __syncthreads();
  for (int b = a.log_n - 1; b >= 0; --b) {
    const uint32_t half = 1u << b;
    for (uint32_t p = tid; p < n / 2; p += nt) {
      const uint32_t m = p & (half - 1);
      const uint32_t i0 = ((p >> b) << (b + 1)) | m, i1 = i0 + half;
      const F u = xs[i0], v = xs[i1];
      const F d = u - v;
      xs[i0] = u + v;
      xs[i1] = m ? d * ld_table(a.W + (size_t(m) << (kLogW - 1 - b))) : d;
    }
    __syncthreads();
  }
  const uint32_t nmask = n - 1;
  for (uint32_t k = tid; k < n; k += nt) {
    const uint32_t idx = a.negate ? (0u - k) & nmask : k;
    F v = xs[brev_bits(k, a.log_n)];
    apply_scale(a.post, v, idx);
    v = NttArith<F>::canonical(v);
    if (a.pa) v = ld_global(a.pa + idx) * ld_global(a.pb + idx) - v;
    st_global(a.out + idx, v);
  }
}

// ---------------------------------------------------------------------------
// Table builders.

// out[i] = scalar * base^(i << step_log), i < count
template <class F>
__global__ void pow_table_kernel(F* out, F base, F scalar, uint32_t count, int step_log) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  st_global(out + i, scalar * base.pow(uint64_t(i) << step_log));
}

// k-major column-pass twiddles: out[(k << log_S) + j] = omega_n^((j k) << shift)
template <class F>
__global__ void twiddle_table_kernel(F* out, PowTable<F> t, int log_S, uint32_t count, int shift) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const uint32_t k = i >> log_S, j = i & ((1u << log_S) - 1);
  st_global(out + i, pow_factor(t, (j * k) << shift));
}

// out[i] = value (poisoning / filling helper for tests and benchmarks lives
// in the host API as fill()).
template <class F>
__global__ void fill_random_kernel(F* out, uint64_t count, uint64_t seed) {
  const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
  for (uint64_t i = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
    F r;
    uint64_t s = seed ^ (i * 0x9e3779b97f4a7c15ull);
    for (int l = 0; l < 4; ++l) {
      // splitmix64
      s += 0x9e3779b97f4a7c15ull;
      uint64_t z = s;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      r.m.v[l] = z ^ (z >> 31);
    }
    // below 2^(top bit of p): a valid Montgomery representative
    const uint64_t top = F::Params::modulus().v[3];
    r.m.v[3] &= (~0ull >> (__clzll(top) + 1));
    st_global(out + i, r);
  }
}

}  // namespace cuzk::ntt::cuda::detail
