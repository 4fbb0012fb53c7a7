// Batched affine bucket accumulation for the GPU MSM: the per-thread bodies
// (CUZK_HD, so tests/msm/msm_emulation_test.cpp runs them on the CPU too).
// It replaces the XYZZ accumulate/merge step of msm_kernels.hpp where the
// scratch fits: an affine addition whose inversion is shared by a large batch
// (Montgomery's trick) costs ~6 field multiplications against 10 for a mixed
// XYZZ addition, and the accumulation is most of an MSM's time.
//
// After the sort, bucket s (= window_local * B + digit - 1) owns the run of
// entries [start, start + len). Its sum is built by rounds of pairwise
// additions in place: in round k, the item at run offset o = j 2^k adds the
// item at o + 2^(k-1) (if that is inside the run) and keeps the sum at o, so
// after ceil(log2 len) rounds offset 0 holds the bucket. Round 1 reads the
// bases through the sorted values (index | sign); it stores its sums, and the
// last item of an odd run, in the item buffer, where the item at even offset o
// of run s lives at ibase[s] + o / 2. A run's last round writes the bucket.
//
// Each thread takes a slice of S pairs of a round (interleaved with its
// warp's, see slice_pair): a first pass computes the denominators and their
// running products (kept in `prefix`), one inversion serves the whole thread
// block (block_inverse in the kernel), and a second pass, backwards, finishes
// every addition. Denominators that
// vanish (doubling, P + (-P), infinity) are replaced by 2y or by 1 and the
// pair is finished by its own rule, so one odd pair never spoils a batch.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "msm/cuda/msm_kernels.hpp"

namespace cuzk::msm::gpu_detail {

// Affine accumulation is compiled for curves over a prime field (G1). G2
// keeps the XYZZ accumulation: its kernels are already at the register limit
// and their Fp2 build is the longest; nothing in the bodies below excludes it.
template <class C>
inline constexpr bool kAffineAccumulation = requires { typename C::Base::Params; };  // ff::Field, not Fp2

// An item that is the point at infinity: the last 64-bit word of x is all
// ones, which no reduced field element has (every modulus here is below 2^(64N-1)).
template <class F>
CUZK_HD bool x_marks_infinity(const F& x) {
  constexpr int W = int(sizeof(F) / 8);
  return reinterpret_cast<const uint64_t*>(&x)[W - 1] == ~uint64_t(0);
}
template <class C>
CUZK_HD bool item_is_infinity(const DevPoint<C>& p) {
  return x_marks_infinity(p.x);
}
template <class C>
CUZK_HD DevPoint<C> infinity_item() {
  constexpr int W = int(sizeof(typename C::Base) / 8);
  DevPoint<C> p{};
  reinterpret_cast<uint64_t*>(&p.x)[W - 1] = ~uint64_t(0);
  return p;
}

// Pairs of round k (k >= 1) in a run of len items.
CUZK_HD uint32_t round_pairs(uint32_t len, int k) {
  const uint32_t half = 1u << (k - 1);
  return len > half ? uint32_t((uint64_t(len - half) + (uint64_t(1) << k) - 1) >> k) : 0u;
}

struct RunInit {
  const uint32_t* keys;  // sorted, E entries
  const uint32_t* vals;
  size_t E;
  int c;
  uint32_t B;
  uint32_t R;        // bucket slots (runs)
  uint32_t* start;   // R, zeroed before run_bounds_thread
  uint32_t* len;     // R, zeroed: run_bounds_thread stores the end, runs_init_thread the length
  uint32_t* items;   // R + 1: items the run keeps (scanned into ibase afterwards)
};

// Entry e marks where its bucket's run starts and ends.
CUZK_HD void run_bounds_thread(const RunInit& a, size_t e) {
  const uint32_t mask = (1u << a.c) - 1;
  const uint32_t k = a.keys[e];
  if ((k & mask) == 0) return;  // digit 0: no bucket
  const size_t s = size_t(k >> a.c) * a.B + ((k & mask) - 1);
  if (e == 0 || a.keys[e - 1] != k) a.start[s] = uint32_t(e);
  if (e + 1 == a.E || a.keys[e + 1] != k) a.len[s] = uint32_t(e + 1);
}

// An item to load: a base (negated when its digit is) or a point of the item buffer.
template <class C>
struct ItemRef {
  const DevPoint<C>* p;
  bool neg;
};

template <class C>
CUZK_HD DevPoint<C> load_item(const ItemRef<C>& ref) {
  DevPoint<C> p = load_vec(ref.p);
  if (ref.neg) p.y = -p.y;
  return p;
}

// The base of sorted entry e, with its digit's sign.
template <class C>
CUZK_HD ItemRef<C> entry_ref(const uint32_t* vals, const DevPoint<C>* bases, size_t e) {
  const uint32_t v = vals[e];
  return {bases + (v & kIndexMask), (v & kSignBit) != 0};
}

template <class C>
CUZK_HD DevPoint<C> entry_point(const uint32_t* vals, const DevPoint<C>* bases, size_t e) {
  return load_item(entry_ref(vals, bases, e));
}

// A bucket whose sum is infinity stays unoccupied, so every occupied bucket
// the affine sums write is affine (zz = zzz = 1: Level1Args::affine).
template <class C>
CUZK_HD void write_bucket(DevXyzz<C>* buckets, uint8_t* occupied, uint32_t s, const DevPoint<C>& p) {
  using F = typename C::Base;
  const bool inf = item_is_infinity(p);
  if (!inf) store_bucket(buckets + s, ec::Xyzz<C>{p.x, p.y, F::one(), F::one()});
  occupied[s] = inf ? 0 : 1;
}

// Slot s (s < R): the run's length; a single entry is its bucket already.
// Thread R writes the scan's trailing zero.
template <class C>
CUZK_HD void runs_init_thread(const RunInit& a, const DevPoint<C>* bases, DevXyzz<C>* buckets, uint8_t* occupied,
                              uint32_t s) {
  if (s == a.R) {
    a.items[s] = 0;
    return;
  }
  const uint32_t end = a.len[s];
  const uint32_t len = end ? end - a.start[s] : 0;
  a.len[s] = len;
  if (len == 1) write_bucket<C>(buckets, occupied, s, entry_point<C>(a.vals, bases, a.start[s]));
  a.items[s] = len >= 2 ? (len + 1) / 2 : 0;
}

// Group bound g of G: the first run whose items start at or after g * step
// (capped at the total), and where its items start.
CUZK_HD void group_bound_thread(const uint32_t* ibase, uint32_t R, uint64_t step, uint32_t* run, uint32_t* item,
                                uint32_t g) {
  const uint64_t total = ibase[R];
  const uint64_t target = g * step < total ? g * step : total;
  uint32_t lo = 0, hi = R;  // ibase[hi] >= target
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (ibase[mid] >= target)
      hi = mid;
    else
      lo = mid + 1;
  }
  run[g] = lo;
  item[g] = ibase[lo];
}

struct RunGroup {
  uint32_t r0, r1;     // runs [r0, r1)
  uint32_t item0, items;
};

// Groups of consecutive runs with at most `budget` items each (host).
// bounds(G, step, run, item) fills run[0..G] and item[0..G] as
// group_bound_thread does. Empty when one run alone needs more.
template <class Bounds>
std::vector<RunGroup> plan_run_groups(uint32_t R, uint32_t total, uint64_t budget, Bounds&& bounds) {
  std::vector<RunGroup> out;
  if (total <= budget) {
    out.push_back({0, R, 0, total});
    return out;
  }
  if (budget == 0) return out;
  const uint64_t G0 = (total + budget - 1) / budget;
  for (uint64_t G = G0; G <= 8 * G0; G *= 2) {
    const uint64_t step = (total + G - 1) / G;
    std::vector<uint32_t> run(G + 1), item(G + 1);
    bounds(uint32_t(G), step, run.data(), item.data());
    out.clear();
    bool ok = true;
    for (uint64_t g = 0; g < G; ++g) {
      const uint32_t items = item[g + 1] - item[g];
      ok = ok && items <= budget;
      if (run[g + 1] > run[g]) out.push_back({run[g], run[g + 1], item[g], items});
    }
    if (ok) return out;
  }
  return {};
}

// counts[s] = pairs of run s in round k (counts[R] = 0), scanned into offsets.
CUZK_HD void pair_counts_thread(const uint32_t* len, uint32_t R, int k, uint32_t* counts, uint32_t s) {
  counts[s] = s < R ? round_pairs(len[s], k) : 0u;
}

// Runs are summed in groups of consecutive runs whose items fit the scratch:
// a group [r0, r1) sees the arrays from r0 on (start + r0, ..., buckets + r0)
// and its items from ibase[r0] = item0 on.
template <class C>
struct AffineRoundArgs {
  using F = typename C::Base;
  const uint32_t* start;   // R runs (of the group)
  const uint32_t* len;
  const uint32_t* ibase;
  uint32_t item0;          // the group's first item
  const uint32_t* offset;  // R + 1: this round's pair offsets; offset[R] = P
  uint32_t R;
  uint64_t P;       // pairs in this round
  uint32_t S;       // pairs per slice (thread)
  uint64_t slices;  // slices_for(P, S)
  uint32_t T;       // threads of the launch: stride of prefix and pair_run
  int round;        // k >= 1
  const uint32_t* vals;  // round 1 reads entries through these
  const DevPoint<C>* bases;
  DevPoint<C>* items;
  F* prefix;           // S * T running products
  uint32_t* pair_run;  // S * T: the run of each pair
  DevXyzz<C>* buckets;
  uint8_t* occupied;
};

// The run r with offset[r] <= q < offset[r + 1], searching onwards from a run
// `from` with offset[from] <= q (galloping: the next pair is usually in the
// same run or the next one).
CUZK_HD uint32_t find_run(const uint32_t* offset, uint32_t R, uint64_t q, uint32_t from) {
  if (q < offset[from + 1]) return from;
  uint32_t lo = from + 1, hi = lo + 1, step = 1;
  while (hi < R && offset[hi] <= q) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > R) hi = R;  // offset[R] = P > q
  while (hi - lo > 1) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (offset[mid] <= q)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Pair q of run r: its two items' run offsets; `last` when the run ends here.
struct PairSite {
  uint32_t j, o1, o2;
  bool last;
};

template <class C>
CUZK_HD PairSite pair_site(const AffineRoundArgs<C>& a, uint32_t r, uint64_t q) {
  PairSite p;
  p.j = uint32_t(q - a.offset[r]);
  p.o1 = p.j << a.round;
  p.o2 = p.o1 + (1u << (a.round - 1));
  p.last = a.len[r] <= (1u << a.round);
  return p;
}

// Where the item at run offset o lives: round 1 reads the entry's base,
// later rounds the item buffer.
template <class C>
CUZK_HD ItemRef<C> item_ref(const AffineRoundArgs<C>& a, uint32_t r, uint32_t o) {
  if (a.round == 1) return entry_ref(a.vals, a.bases, size_t(a.start[r]) + o);
  return {a.items + (a.ibase[r] - a.item0) + (o >> 1), false};
}

// x alone (the first pass needs y only when the two x agree).
template <class C>
CUZK_HD typename C::Base load_x(const ItemRef<C>& ref) {
#if CUZK_DEVICE_CODE
  using F = typename C::Base;
  static_assert(sizeof(F) % 16 == 0, "16-byte vector loads");
  F x;
  const uint4* s = reinterpret_cast<const uint4*>(&ref.p->x);
  uint4* d = reinterpret_cast<uint4*>(&x);
#pragma unroll
  for (int i = 0; i < int(sizeof(F) / 16); ++i) d[i] = __ldg(s + i);
  return x;
#else
  return ref.p->x;
#endif
}

enum : uint8_t { kPairAdd, kPairDouble, kPairFirst, kPairSecond, kPairInfinity };

// Which rule finishes p + q, and the denominator it inverts (1 when none).
template <class C>
CUZK_HD uint8_t pair_rule(const DevPoint<C>& p, const DevPoint<C>& q, typename C::Base& d) {
  using F = typename C::Base;
  d = F::one();
  const bool pinf = item_is_infinity(p), qinf = item_is_infinity(q);
  if (pinf || qinf) return qinf ? kPairFirst : kPairSecond;
  if (p.x != q.x) {
    d = q.x - p.x;
    return kPairAdd;
  }
  if (p.y == q.y && !p.y.is_zero()) {
    d = p.y.dbl();
    return kPairDouble;
  }
  return kPairInfinity;
}

// A slice's S pairs interleave with those of the 31 slices beside it (a
// warp): pair i of slice s is (s / 32) 32 S + s % 32 + 32 i, so the lanes of
// a warp read neighbouring values, offsets and items together.
constexpr uint32_t kSliceLanes = 32;
CUZK_HD uint64_t slices_for(uint64_t P, uint32_t S) {
  const uint64_t group = uint64_t(kSliceLanes) * S;
  return (P + group - 1) / group * kSliceLanes;
}
CUZK_HD uint64_t slice_pair(uint64_t slice, uint32_t S, uint32_t i) {
  return slice / kSliceLanes * kSliceLanes * S + slice % kSliceLanes + uint64_t(kSliceLanes) * i;
}
CUZK_HD uint32_t slice_pairs(uint64_t slice, uint32_t S, uint64_t P) {
  const uint64_t q0 = slice_pair(slice, S, 0);
  if (q0 >= P) return 0;
  const uint64_t n = (P - q0 + kSliceLanes - 1) / kSliceLanes;
  return n < S ? uint32_t(n) : S;
}

// Where one pair's data lives.
template <class C>
struct PairSlot {
  uint32_t r;
  PairSite ps;
  ItemRef<C> i1, i2;
};

template <class C>
CUZK_HD PairSlot<C> pair_slot(const AffineRoundArgs<C>& a, uint64_t q, uint32_t r) {
  PairSlot<C> f;
  f.r = r;
  f.ps = pair_site(a, r, q);
  f.i1 = item_ref(a, r, f.ps.o1);
  f.i2 = item_ref(a, r, f.ps.o2);
  return f;
}

// First pass: the two x only (y is read when they agree), loaded into
// registers one pair ahead of their use. Round 1's x are random 48-byte reads:
// prefetching their cache lines instead brings whole 128-byte lines and
// measured slower (NOTES.md).
template <class C>
struct PairX {
  PairSlot<C> slot;
  typename C::Base x1, x2;
};
template <class C>
CUZK_HD PairX<C> fetch_x(const AffineRoundArgs<C>& a, uint64_t q, uint32_t from) {
  PairX<C> f;
  f.slot = pair_slot(a, q, find_run(a.offset, a.R, q, from));
  f.x1 = load_x(f.slot.i1);
  f.x2 = load_x(f.slot.i2);
  return f;
}

// The result pass's inputs for one pair (its two points and its running
// product), fetched while the pair before it computes. On the device they go
// by 16-byte cp.async copies into this thread's column of a shared array: the
// copies move exactly the sectors needed (a cache-line prefetch brought whole
// 128-byte lines for round 1's random 96-byte bases) and hold no registers
// while in flight (held in registers a pair ahead, the values took ~60 and
// spilled). On the host they are loaded at use.
struct alignas(16) Chunk16 {
  uint32_t w[4];
};
template <class C>
struct PairStage {
  using F = typename C::Base;
  static constexpr int kPointChunks = int(sizeof(DevPoint<C>) / 16);
  static constexpr int kChunks = 2 * kPointChunks + int(sizeof(F) / 16);  // p1, p2, prefix
  Chunk16* column = nullptr;  // device: chunk k of this thread at column[k * lanes]
  uint32_t lanes = 0;
  const DevPoint<C>* p1 = nullptr;  // what fetch was given
  const DevPoint<C>* p2 = nullptr;
  const F* prefix = nullptr;

  CUZK_HD void fetch(const DevPoint<C>* a, const DevPoint<C>* b, const F* pre) {
    p1 = a, p2 = b, prefix = pre;
#if CUZK_DEVICE_CODE
    static_assert(sizeof(DevPoint<C>) % 16 == 0 && sizeof(F) % 16 == 0, "16-byte copies");
    copy(0, a);
    copy(kPointChunks, b);
    copy(2 * kPointChunks, pre);
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
  }
  // Blocks until the last fetch has landed.
  CUZK_HD void wait() const {
#if CUZK_DEVICE_CODE
    asm volatile("cp.async.wait_group 0;" ::: "memory");
#endif
  }
  CUZK_HD DevPoint<C> point(int which, bool neg) const {
#if CUZK_DEVICE_CODE
    DevPoint<C> p = gather<DevPoint<C>>(which * kPointChunks);
#else
    DevPoint<C> p = which ? *p2 : *p1;
#endif
    if (neg) p.y = -p.y;
    return p;
  }
  CUZK_HD F prefix_value() const {
#if CUZK_DEVICE_CODE
    return gather<F>(2 * kPointChunks);
#else
    return *prefix;
#endif
  }

 private:
#if CUZK_DEVICE_CODE
  // *src to chunks first.. of this thread's column, by cp.async
  template <class T>
  __device__ void copy(int first, const T* src) const {
    const char* s = reinterpret_cast<const char*>(src);
#pragma unroll
    for (int k = 0; k < int(sizeof(T) / 16); ++k) {
      const uint32_t dst = uint32_t(__cvta_generic_to_shared(column + size_t(first + k) * lanes));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(s + 16 * k) : "memory");
    }
  }
  // a T from chunks first.. of this thread's column
  template <class T>
  __device__ T gather(int first) const {
    T v;
    Chunk16* d = reinterpret_cast<Chunk16*>(&v);
#pragma unroll
    for (int k = 0; k < int(sizeof(T) / 16); ++k) d[k] = column[size_t(first + k) * lanes];
    return v;
  }
#endif
};

// First pass over slice `slice` (thread t of the launch): the running product
// of the denominators, each pair's prefix kept. Returns the product (one for
// an empty slice).
template <class C>
CUZK_HD typename C::Base affine_prefix_pass(const AffineRoundArgs<C>& a, uint64_t slice, uint32_t t) {
  using F = typename C::Base;
  F acc = F::one();
  const uint32_t n = slice_pairs(slice, a.S, a.P);
  if (n == 0) return acc;
  const uint64_t q0 = slice_pair(slice, a.S, 0);
  PairX<C> next = fetch_x(a, q0, 0);
  for (uint32_t i = 0; i < n; ++i) {
    const PairX<C> cur = next;
    if (i + 1 < n) next = fetch_x(a, q0 + uint64_t(kSliceLanes) * (i + 1), cur.slot.r);
    const size_t at = size_t(i) * a.T + t;
    a.pair_run[at] = cur.slot.r;
    a.prefix[at] = acc;
    F d;
    if (!x_marks_infinity(cur.x1) && !x_marks_infinity(cur.x2) && cur.x1 != cur.x2)
      d = cur.x2 - cur.x1;
    else
      pair_rule<C>(load_item(cur.slot.i1), load_item(cur.slot.i2), d);
    acc = acc * d;
  }
  return acc;
}

// Second pass, last pair first: inv is the inverse of the first pass's
// product. Each sum goes to the item at o1, or to the bucket in its run's last
// round; round 1 also moves an odd run's last entry into the items. stage:
// see PairStage (the kernel gives it its shared column; the host, none).
template <class C>
CUZK_HD void affine_result_pass(const AffineRoundArgs<C>& a, uint64_t slice, uint32_t t, typename C::Base inv,
                                PairStage<C> stage = {}) {
  using F = typename C::Base;
  const uint32_t n = slice_pairs(slice, a.S, a.P);
  if (n == 0) return;
  const uint64_t q0 = slice_pair(slice, a.S, 0);
  const auto slot_of = [&](uint32_t i) {
    const size_t at = size_t(i) * a.T + t;
    const PairSlot<C> f = pair_slot(a, q0 + uint64_t(kSliceLanes) * i, a.pair_run[at]);
    stage.fetch(f.i1.p, f.i2.p, a.prefix + at);
    return f;
  };
  PairSlot<C> next = slot_of(n - 1);
  for (uint32_t i = n; i-- > 0;) {
    const PairSlot<C> cur = next;
    stage.wait();
    const DevPoint<C> p = stage.point(0, cur.i1.neg);
    const DevPoint<C> s = stage.point(1, cur.i2.neg);
    const F pre = stage.prefix_value();  // written by this thread in the first pass
    if (i > 0) next = slot_of(i - 1);
    const uint32_t r = cur.r;
    const PairSite& ps = cur.ps;
    F d;
    const uint8_t rule = pair_rule<C>(p, s, d);
    const F inv_d = inv * pre;
    inv = inv * d;
    DevPoint<C> out;
    if (rule == kPairAdd || rule == kPairDouble) {
      F lambda;
      if (rule == kPairAdd) {
        lambda = (s.y - p.y) * inv_d;
      } else {
        const F xx = p.x.sqr();
        lambda = (xx.dbl() + xx) * inv_d;
      }
      out.x = lambda.sqr() - p.x - s.x;
      out.y = lambda * (p.x - out.x) - p.y;
    } else if (rule == kPairFirst) {
      out = p;
    } else if (rule == kPairSecond) {
      out = s;
    } else {
      out = infinity_item<C>();
    }
    if (ps.last)
      write_bucket<C>(a.buckets, a.occupied, r, out);
    else
      store_vec(a.items + (a.ibase[r] - a.item0) + (ps.o1 >> 1), out);
    if (a.round == 1) {
      const uint32_t len = a.len[r];
      if ((len & 1) && ps.j + 1 == a.offset[r + 1] - a.offset[r])
        store_vec(a.items + (a.ibase[r] - a.item0) + ((len - 1) >> 1),
                  entry_point<C>(a.vals, a.bases, size_t(a.start[r]) + len - 1));
    }
  }
}

}  // namespace cuzk::msm::gpu_detail
