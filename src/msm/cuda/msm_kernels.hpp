// Per-thread bodies of the GPU Pippenger MSM (src/msm/cuda/msm_gpu.hpp), written
// once as CUZK_HD functions: the CUDA kernels in msm_*_kernels.cuh call them with
// their thread index, and tests/msm/msm_emulation_test.cpp runs the same bodies
// on the CPU in plain loops (with std::sort for CUB's radix sort), so the
// bookkeeping (digits, segment partials, reduction levels) is checked without a
// GPU.
//
// Pipeline for sum_i k_i P_i with c-bit signed windows (B = 2^(c-1) buckets per
// window, bucket b in [1, B] stored at index b-1, its weight b):
//  1. classify: canonical k_i; k_i == 0 (or P_i infinity) skipped, k_i == 1
//     listed for a plain sum, the other m scalars counted.
//  2. digits: each of the m scalars gets one (key, value) per window: key =
//     window << c | |digit|, value = point index | sign << 31.
//  3. sort each window's entries by key (CUB radix sort on the c digit bits).
//  4. accumulate: the sorted entries of all windows form one array of E
//     entries split into T equal ranges, one per thread (load balance whatever
//     the bucket sizes). A thread sums each run of equal keys into an XYZZ
//     point with mixed additions; a run that lies wholly inside its range is a
//     complete bucket, written at once. A run cut by a range boundary leaves a
//     partial: "tail" (the run starts in this range: this thread owns it) or
//     "head" (it started before; "middle" when it also goes on past the end).
//  5. merge: each owner adds the heads that follow it (through middles).
//  6. reduce: V_j = sum_b b * bucket_j[b] by levels of segments. Level 1 splits
//     a window's buckets into segments of s: A_k = sum (i - ks + 1) P_i by the
//     running-sum trick and R_k = sum P_i, so V = sum A_k + s * sum k R_k.
//     Further levels do the same on R (weights k), keeping plain sums of A
//     and of the weighted parts T (LevelArgs). The last few go to the host.
//  7. host: V = sum A + s (sum T + sum k R_k) per window; Horner over the windows;
//     plus the sum of the points whose scalar is one.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "ec/xyzz.hpp"

namespace cuzk::msm::gpu_detail {

// The full addition and the doublings run outside the hot loop: one copy of
// each per curve (not inlined at every call site) keeps the kernels small and
// the compile fast.
#if defined(__CUDACC__)
#define CUZK_MSM_HD_NOINLINE __host__ __device__ __noinline__
#else
#define CUZK_MSM_HD_NOINLINE inline
#endif

constexpr uint32_t kSignBit = 0x80000000u;
constexpr uint32_t kIndexMask = 0x7fffffffu;
constexpr int kMinWindowBits = 4;
constexpr int kMaxWindowBits = 24;
constexpr int kMaxWindows = 64;  // ceil(255 / 4)

// Affine point as stored on the device: x, y only (96 bytes for BLS12-381 G1,
// three 32-byte sectors); infinity is marked in a separate bitmap.
template <class C>
struct alignas(16) DevPoint {
  typename C::Base x, y;
};

// Bucket storage: an XYZZ point aligned for 16-byte vector loads and stores.
template <class C>
struct alignas(16) DevXyzz {
  ec::Xyzz<C> p;
};

template <class T>
CUZK_HD T load_vec(const T* p) {
#if CUZK_DEVICE_CODE
  static_assert(sizeof(T) % 16 == 0 && alignof(T) >= 16, "16-byte vector loads");
  T r;
  const uint4* s = reinterpret_cast<const uint4*>(p);
  uint4* d = reinterpret_cast<uint4*>(&r);
#pragma unroll
  for (int i = 0; i < int(sizeof(T) / 16); ++i) d[i] = __ldg(s + i);
  return r;
#else
  return *p;
#endif
}

template <class T>
CUZK_HD void store_vec(T* p, const T& v) {
#if CUZK_DEVICE_CODE
  static_assert(sizeof(T) % 16 == 0 && alignof(T) >= 16, "16-byte vector stores");
  uint4* d = reinterpret_cast<uint4*>(p);
  const uint4* s = reinterpret_cast<const uint4*>(&v);
#pragma unroll
  for (int i = 0; i < int(sizeof(T) / 16); ++i) d[i] = s[i];
#else
  *p = v;
#endif
}

template <class C>
CUZK_HD ec::Xyzz<C> load_bucket(const DevXyzz<C>* p) {
  return load_vec(p).p;
}
template <class C>
CUZK_HD void store_bucket(DevXyzz<C>* p, const ec::Xyzz<C>& v) {
  DevXyzz<C> t;
  t.p = v;
  store_vec(p, t);
}

// ---------------------------------------------------------------------------
// Point arithmetic (in place, complete)

template <class C>
CUZK_MSM_HD_NOINLINE void xyzz_dbl(ec::Xyzz<C>& p) {
  p = p.dbl();
}

template <class C>
CUZK_MSM_HD_NOINLINE void xyzz_set_dbl_affine(ec::Xyzz<C>& p, const typename C::Base& qx, const typename C::Base& qy) {
  p = ec::Xyzz<C>::dbl_affine(ec::Affine<C>{qx, qy, false});
}

// p += (qx, qy), q finite: madd-2008-s (8M + 2S), with the infinity and
// doubling cases of ec::Xyzz's operator+.
template <class C>
CUZK_HD void xyzz_madd(ec::Xyzz<C>& p, const typename C::Base& qx, const typename C::Base& qy) {
  using F = typename C::Base;
  if (p.is_infinity()) {
    p.x = qx;
    p.y = qy;
    p.zz = F::one();
    p.zzz = F::one();
    return;
  }
  const F u2 = qx * p.zz;
  const F s2 = qy * p.zzz;
  const F h = u2 - p.x;
  const F r = s2 - p.y;
  if (h.is_zero()) {
    if (r.is_zero())
      xyzz_set_dbl_affine<C>(p, qx, qy);
    else
      p = ec::Xyzz<C>::infinity();
    return;
  }
  const F hh = h.sqr();
  const F hhh = h * hh;
  const F v = p.x * hh;
  p.x = r.sqr() - hhh - v.dbl();
  p.y = r * (v - p.x) - p.y * hhh;
  p.zz = p.zz * hh;
  p.zzz = p.zzz * hhh;
}

// p += q (add-2008-s, 12M + 2S), complete.
template <class C>
CUZK_MSM_HD_NOINLINE void xyzz_add(ec::Xyzz<C>& p, const ec::Xyzz<C>& q) {
  using F = typename C::Base;
  if (q.is_infinity()) return;
  if (p.is_infinity()) {
    p = q;
    return;
  }
  const F u1 = p.x * q.zz;
  const F u2 = q.x * p.zz;
  const F s1 = p.y * q.zzz;
  const F s2 = q.y * p.zzz;
  const F h = u2 - u1;
  const F r = s2 - s1;
  if (h.is_zero()) {
    if (r.is_zero())
      xyzz_dbl<C>(p);
    else
      p = ec::Xyzz<C>::infinity();
    return;
  }
  const F hh = h.sqr();
  const F hhh = h * hh;
  const F v = u1 * hh;
  p.x = r.sqr() - hhh - v.dbl();
  p.y = r * (v - p.x) - s1 * hhh;
  p.zz = p.zz * q.zz * hh;
  p.zzz = p.zzz * q.zzz * hhh;
}

// ---------------------------------------------------------------------------
// Scalars and digits

enum : uint8_t { kClassSkip = 0, kClassOne = 1, kClassGeneral = 2 };

// Limb idx of k (0 past the end) without a run-time-indexed array access,
// which would move k to local memory on the device.
template <int N>
CUZK_HD uint64_t limb_at(const ff::Limbs<N>& k, int idx) {
  uint64_t r = 0;
#if CUZK_DEVICE_CODE
#pragma unroll
#endif
  for (int i = 0; i < N; ++i) r = (i == idx) ? k.v[i] : r;
  return r;
}

// Bits [bit, bit + c) of k (c <= 32).
template <int N>
CUZK_HD uint32_t window_raw(const ff::Limbs<N>& k, int bit, int c) {
  const int limb = bit >> 6, off = bit & 63;
  const uint64_t lo = limb_at(k, limb);
  const uint64_t hi = limb_at(k, limb + 1);
  const uint64_t raw = off ? ((lo >> off) | (hi << (64 - off))) : lo;
  return uint32_t(raw) & uint32_t((uint64_t(1) << c) - 1);
}

// Windows for scalars below 2^bits: digits in (-B, B] with B = 2^(c-1); the
// top window keeps its (carried) value unsigned, so it must stay <= B: its t
// bits must be at most c - 1, else one more window takes the carry.
CUZK_HD constexpr int windows_for(int bits, int c) {
  int w = (bits + c - 1) / c;
  if (bits - c * (w - 1) >= c) ++w;
  return w;
}

// Calls out(window - w0, magnitude, negative) for windows w0 .. w1-1 of k.
template <int N, class Out>
CUZK_HD void for_each_digit(const ff::Limbs<N>& k, int c, int windows, int w0, int w1, Out&& out) {
  const uint32_t half = 1u << (c - 1), full = 1u << c;
  uint32_t carry = 0;
  for (int j = 0; j < w1; ++j) {
    const uint32_t d = window_raw(k, j * c, c) + carry;
    uint32_t mag = d;
    bool neg = false;
    carry = 0;
    if (j + 1 < windows && d > half) {
      mag = full - d;  // d - 2^c, in (-B, 0]
      neg = true;
      carry = 1;
    }
    if (j >= w0) out(j - w0, mag, neg);
  }
}

template <class S>
CUZK_HD uint8_t classify(const ff::Limbs<S::N>& k, bool base_is_infinity) {
  if (base_is_infinity || ff::limbs_is_zero(k)) return kClassSkip;
  uint64_t rest = k.v[0] ^ 1;
  for (int i = 1; i < S::N; ++i) rest |= k.v[i];
  return rest == 0 ? kClassOne : kClassGeneral;
}

CUZK_HD bool bit_is_set(const uint32_t* words, uint32_t i) {
  return words != nullptr && ((words[i >> 5] >> (i & 31)) & 1u);
}

// Where the digits of one scalar go: entry (window jl, slot) at
// jl * stride_window + slot * stride_slot.
struct DigitArgs {
  uint32_t* keys;
  uint32_t* vals;
  size_t stride_window;
  size_t stride_slot;
  int c;
  int windows;  // of the whole scalar
  int w0, w1;   // windows written now
};

template <int N>
CUZK_HD void write_digits(const DigitArgs& a, const ff::Limbs<N>& k, uint32_t base_index, size_t slot) {
  for_each_digit(k, a.c, a.windows, a.w0, a.w1, [&](int jl, uint32_t mag, bool neg) {
    const size_t pos = size_t(jl) * a.stride_window + slot * a.stride_slot;
    a.keys[pos] = (uint32_t(jl) << a.c) | mag;
    a.vals[pos] = base_index | (neg ? kSignBit : 0u);
  });
}

// ---------------------------------------------------------------------------
// Bucket accumulation over equal ranges of the sorted entries

enum : uint8_t { kHeadValid = 1, kHeadMiddle = 2, kTailValid = 4 };

template <class C>
struct AccArgs {
  const uint32_t* keys;  // sorted, E entries; window changes show in the key
  const uint32_t* vals;
  size_t E;
  size_t L;    // entries per thread
  uint32_t T;  // threads
  int c;
  uint32_t B;  // buckets per window
  const DevPoint<C>* bases;
  DevXyzz<C>* buckets;  // window * B + (b - 1)
  uint8_t* occupied;    // same index; 1 when the bucket was written
  DevXyzz<C>* head;     // per thread
  DevXyzz<C>* tail;
  uint32_t* head_key;
  uint32_t* tail_key;
  uint8_t* flags;
};

template <class C>
CUZK_HD size_t bucket_slot(const AccArgs<C>& a, uint32_t key) {
  const uint32_t mask = (1u << a.c) - 1;
  return size_t(key >> a.c) * a.B + ((key & mask) - 1);
}

template <class C>
CUZK_HD void accumulate_thread(const AccArgs<C>& a, uint32_t t) {
  using F = typename C::Base;
  const size_t start = size_t(t) * a.L;
  if (start >= a.E) {
    a.flags[t] = 0;
    return;
  }
  const size_t end = start + a.L < a.E ? start + a.L : a.E;
  const uint32_t mask = (1u << a.c) - 1;
  uint8_t fl = 0;
  uint32_t cur = a.keys[start];
  bool head = start > 0 && a.keys[start - 1] == cur;
  ec::Xyzz<C> acc = ec::Xyzz<C>::infinity();

  auto flush = [&](bool cont) {
    if ((cur & mask) == 0) return;  // digit 0: no bucket
    if (!head && !cont) {
      const size_t s = bucket_slot(a, cur);
      store_bucket(a.buckets + s, acc);
      a.occupied[s] = 1;
    } else if (head) {
      store_bucket(a.head + t, acc);
      a.head_key[t] = cur;
      fl |= kHeadValid | (cont ? kHeadMiddle : 0);
    } else {
      store_bucket(a.tail + t, acc);
      a.tail_key[t] = cur;
      fl |= kTailValid;
    }
  };

  // One entry ahead: its key, value and point are loaded before the current
  // addition, so the loads' latency hides behind the arithmetic.
  uint32_t k_next = cur, v_next = a.vals[start];
  DevPoint<C> p_next{};
  if (k_next & mask) p_next = load_vec(a.bases + (v_next & kIndexMask));
  for (size_t i = start; i < end; ++i) {
    const uint32_t k = k_next, v = v_next;
    const DevPoint<C> p = p_next;
    if (i + 1 < end) {
      k_next = a.keys[i + 1];
      v_next = a.vals[i + 1];
      if (k_next & mask) p_next = load_vec(a.bases + (v_next & kIndexMask));
    }
    if (k != cur) {
      flush(false);
      head = false;
      cur = k;
      acc = ec::Xyzz<C>::infinity();
    }
    if (k & mask) {
      const F y = (v & kSignBit) ? -p.y : p.y;
      xyzz_madd<C>(acc, p.x, y);
    }
  }
  flush(end < a.E && a.keys[end] == cur);
  a.flags[t] = fl;
}

// Owner t of a bucket cut at its range end adds the heads of the following
// ranges (through the middles) and writes the bucket.
template <class C>
CUZK_HD void merge_thread(const AccArgs<C>& a, uint32_t t) {
  if (!(a.flags[t] & kTailValid)) return;
  const uint32_t key = a.tail_key[t];
  ec::Xyzz<C> sum = load_bucket(a.tail + t);
  for (uint32_t u = t + 1; u < a.T; ++u) {
    const uint8_t f = a.flags[u];
    if (!(f & kHeadValid) || a.head_key[u] != key) break;
    xyzz_add<C>(sum, load_bucket(a.head + u));
    if (!(f & kHeadMiddle)) break;
  }
  const size_t s = bucket_slot(a, key);
  store_bucket(a.buckets + s, sum);
  a.occupied[s] = 1;
}

// ---------------------------------------------------------------------------
// Bucket reduction levels

// Level 1: thread g = window * S + k over buckets [k s, (k+1) s) of its window
// (weights i + 1): A[g] = sum (i - ks + 1) P_i, R[g] = sum P_i.
template <class C>
struct Level1Args {
  const DevXyzz<C>* buckets;
  const uint8_t* occupied;
  uint32_t B;  // buckets per window
  uint32_t s;  // segment size
  uint32_t S;  // segments per window
  DevXyzz<C>* outA;
  DevXyzz<C>* outR;
  bool affine;  // every occupied bucket has zz = zzz = 1 (the affine sums wrote it)
};

template <class C>
CUZK_HD void level1_thread(const Level1Args<C>& a, uint32_t g) {
  const uint32_t j = g / a.S, k = g % a.S;
  const size_t base = size_t(j) * a.B;
  const uint32_t lo = k * a.s;
  const uint32_t hi = lo + a.s < a.B ? lo + a.s : a.B;
  ec::Xyzz<C> running = ec::Xyzz<C>::infinity(), total = ec::Xyzz<C>::infinity();
  for (uint32_t i = hi; i-- > lo;) {
    if (a.occupied[base + i]) {
      if (a.affine) {  // a mixed addition: 10 multiplications, not 14, and half the bytes
        const DevPoint<C> q = load_vec(reinterpret_cast<const DevPoint<C>*>(a.buckets + base + i));
        xyzz_madd<C>(running, q.x, q.y);
      } else {
        xyzz_add<C>(running, load_bucket(a.buckets + base + i));
      }
    }
    xyzz_add<C>(total, running);
  }
  store_bucket(a.outA + g, total);
  store_bucket(a.outR + g, running);
}

// Level >= 2 on three arrays of n per window, with V = sum A + 2^D (sum T +
// sum_i i R_i) (D = log2 s1, applied once, on the host; level 1 leaves no T).
// Segments of s = 2^b: A'[g] = sum A, T'[g] = sum T + sum (i - gs) R_i and
// R'[g] = 2^b sum R_i, so the same holds for the outputs with weights g.
// These levels have few threads, each one dependent chain: their time is
// latency, so they stay short (s = 2: two additions deep, one doubling).
// Applying the segment factors as doublings of the weighted sum at every
// level, or scaling by s1 at the first further level, measured slower
// (NOTES.md).
template <class C>
struct LevelArgs {
  const DevXyzz<C>* inA;
  const DevXyzz<C>* inT;  // null: none (the first further level)
  const DevXyzz<C>* inR;
  uint32_t n;  // per window
  uint32_t s;
  uint32_t S;  // segments per window = ceil(n / s)
  int doublings;  // log2 s
  DevXyzz<C>* outA;
  DevXyzz<C>* outT;
  DevXyzz<C>* outR;
};

template <class C>
CUZK_HD void level_thread(const LevelArgs<C>& a, uint32_t g) {
  const uint32_t j = g / a.S, k = g % a.S;
  const size_t base = size_t(j) * a.n;
  const uint32_t lo = k * a.s;
  const uint32_t hi = lo + a.s < a.n ? lo + a.s : a.n;
  ec::Xyzz<C> running = ec::Xyzz<C>::infinity(), total = ec::Xyzz<C>::infinity(),
              asum = ec::Xyzz<C>::infinity(), tsum = ec::Xyzz<C>::infinity();
  for (uint32_t i = hi; i-- > lo;) {
    xyzz_add<C>(running, load_bucket(a.inR + base + i));
    xyzz_add<C>(asum, load_bucket(a.inA + base + i));
    if (a.inT) xyzz_add<C>(tsum, load_bucket(a.inT + base + i));
    if (i > lo) xyzz_add<C>(total, running);
  }
  xyzz_add<C>(tsum, total);
  for (int d = 0; d < a.doublings; ++d) xyzz_dbl<C>(running);
  store_bucket(a.outA + g, asum);
  store_bucket(a.outT + g, tsum);
  store_bucket(a.outR + g, running);
}

// Plain sums: out[g] = sum in[g s .. g s + s) (within n).
template <class C>
CUZK_HD void sum_thread(const DevXyzz<C>* in, size_t n, uint32_t s, DevXyzz<C>* out, uint32_t g) {
  const size_t lo = size_t(g) * s;
  const size_t hi = lo + s < n ? lo + s : n;
  ec::Xyzz<C> acc = ec::Xyzz<C>::infinity();
  for (size_t i = lo; i < hi; ++i) xyzz_add<C>(acc, load_bucket(in + i));
  store_bucket(out + g, acc);
}

// Sum of the points listed in idx with stride T, from thread t.
template <class C>
CUZK_HD void ones_thread(const uint32_t* idx, size_t count, const DevPoint<C>* bases, uint32_t T, DevXyzz<C>* out,
                         uint32_t t) {
  ec::Xyzz<C> acc = ec::Xyzz<C>::infinity();
  for (size_t i = t; i < count; i += T) {
    const DevPoint<C> p = load_vec(bases + idx[i]);
    xyzz_madd<C>(acc, p.x, p.y);
  }
  store_bucket(out + t, acc);
}

// ---------------------------------------------------------------------------
// Host side of the reduction: V = sum A + 2^doublings (sum T + sum_k k R_k)
// (T null: none).
template <class C>
ec::Xyzz<C> finish_window(const ec::Xyzz<C>* A, const ec::Xyzz<C>* T, const ec::Xyzz<C>* R, size_t n,
                          int doublings) {
  ec::Xyzz<C> running = ec::Xyzz<C>::infinity(), total = ec::Xyzz<C>::infinity(), asum = ec::Xyzz<C>::infinity();
  for (size_t i = n; i-- > 0;) {
    xyzz_add<C>(asum, A[i]);
    if (T) xyzz_add<C>(total, T[i]);
    if (i == 0) break;
    xyzz_add<C>(running, R[i]);
    xyzz_add<C>(total, running);
  }
  for (int d = 0; d < doublings; ++d) xyzz_dbl<C>(total);
  xyzz_add<C>(asum, total);
  return asum;
}

// ---------------------------------------------------------------------------
// Planning (host)

struct ReducePlan {
  static constexpr int kMaxLevels = 24;
  uint32_t s1, S1;  // level 1
  int levels;       // further device levels
  uint32_t n[kMaxLevels], s[kMaxLevels], S[kMaxLevels];  // level l >= 2: input size per window, segment, segments
  int doublings[kMaxLevels];                             // log2 s[l]
  uint32_t final_n;  // per window, to the host
  int final_doublings;  // log2 s1
};

inline int ilog2_ceil(uint64_t x) {
  int r = 0;
  while ((uint64_t(1) << r) < x) ++r;
  return r;
}

// Levels >= 2 from n inputs per window down to host_max.
inline void plan_levels(ReducePlan& p, uint32_t n, uint32_t host_max, uint32_t seg) {
  p.levels = 0;
  while (n > host_max && p.levels < ReducePlan::kMaxLevels) {
    const int l = p.levels++;
    p.n[l] = n;
    p.s[l] = seg;
    p.S[l] = (n + seg - 1) / seg;
    p.doublings[l] = ilog2_ceil(seg);
    n = p.S[l];
  }
  p.final_n = n;
}

// Level 1 runs windows * B / s1 threads in waves of `resident` (threads of a
// reduction kernel resident at once); a wave costs about s1 bucket steps (two
// additions each, at full throughput) and a wave of a further level about
// 1.5 of them (a few dependent additions and doublings: a level with few
// threads is latency bound; the weights come from kernel times, NOTES.md).
// Level 1 counts at least two waves: with one, the blocks that finish first
// leave their SMs idle (measured slower per bucket, NOTES.md). s1, a power of
// two, minimizes the sum.
inline ReducePlan plan_reduction(uint32_t B, int windows, uint64_t resident, uint32_t host_max = 16,
                                 uint32_t seg = 2) {
  ReducePlan best{};
  double best_cost = 1e300;
  if (resident == 0) resident = 1;
  const auto waves = [&](uint64_t per_window) { return double((windows * per_window + resident - 1) / resident); };
  for (uint32_t s1 = B < 2 ? 1 : 2; s1 <= B; s1 *= 2) {
    ReducePlan p{};
    p.s1 = s1;
    p.S1 = (B + s1 - 1) / s1;
    plan_levels(p, p.S1, host_max, seg);
    p.final_doublings = ilog2_ceil(s1);
    double cost = std::max(waves(p.S1), 2.0) * s1;
    for (int l = 0; l < p.levels; ++l) cost += 1.5 * waves(p.S[l]);
    if (cost < best_cost) {
      best_cost = cost;
      best = p;
    }
  }
  return best;
}

// Window size minimizing an estimate of the work in base-field multiplications:
// per window m bucket additions (add_cost: 10 for mixed XYZZ, about 7 for
// batched affine ones), 2 B full additions in the reduction (14 each) and the
// radix sort (ceil(c/8) passes at sort_pass per entry).
inline int choose_window_bits(size_t m, int bits, double add_cost = 10.0, double sort_pass = 0.4) {
  int best = kMinWindowBits;
  double best_cost = 1e300;
  for (int c = kMinWindowBits; c <= kMaxWindowBits; ++c) {
    const int w = windows_for(bits, c);
    if (w > kMaxWindows) continue;
    const double B = double(uint64_t(1) << (c - 1));
    const double cost = w * (double(m) * (add_cost + sort_pass * ((c + 7) / 8)) + B * 28.0);
    if (cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

}  // namespace cuzk::msm::gpu_detail
