// The GPU MSM's per-thread bodies (src/msm/cuda/msm_kernels.hpp) run here on
// the CPU in plain loops, in the order msm_core.cuh launches their kernels,
// with std::stable_sort standing in for CUB's radix sort and shuffled
// slots standing in for the atomics. The result must equal the CPU Pippenger
// for every size, window size, thread count and scalar pattern: this checks
// the digits, the segment partials and their merge, and the reduction levels
// without a GPU (labelled cpu).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include "ec/batch_affine.hpp"
#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "msm/cuda/affine_rounds.hpp"
#include "msm/cuda/msm_kernels.hpp"
#include "msm/pippenger.hpp"

using namespace cuzk;
namespace gd = cuzk::msm::gpu_detail;

namespace {

struct EmuConfig {
  int c = 0;                      // 0: choose_window_bits
  uint32_t acc_threads = 64;      // "resident" threads of the accumulation
  uint64_t level1_threads = 256;  // target threads of reduction level 1
  bool combined = false;          // one sort over all windows (interleaved layout)
  int batch_windows = 0;          // 0: all windows at once
  uint64_t shuffle_seed = 1;      // order of the slots (atomics)
  bool affine = true;             // batched affine bucket sums (G1), else XYZZ
  uint32_t affine_threads = 8;    // threads of a round's launch (grid-stride over slices)
  uint32_t affine_block = 4;      // threads sharing one inversion
  uint32_t affine_slice = 3;      // pairs per slice
  uint64_t affine_group_items = 0;  // items held at once (0: all); runs are summed in groups
};

template <class T>
std::vector<uint32_t> exclusive_sum(const std::vector<T>& v) {
  std::vector<uint32_t> out(v.size());
  uint32_t acc = 0;
  for (size_t i = 0; i < v.size(); ++i) out[i] = acc, acc += v[i];
  return out;
}

// The kernels of GpuMsm's accumulate_affine in launch order; the block's
// shared inversion is a plain batch inversion of its threads' products here.
template <class C>
int emulate_affine(const std::vector<uint32_t>& keys, const std::vector<uint32_t>& vals,
                   const std::vector<gd::DevPoint<C>>& pts, int c, uint32_t B, int nw,
                   std::vector<gd::DevXyzz<C>>& buckets, std::vector<uint8_t>& occupied, const EmuConfig& cfg) {
  using F = typename C::Base;
  const size_t E = keys.size();
  const uint32_t R = uint32_t(nw) * B;
  std::vector<uint32_t> start(R, 0), len(R, 0), count(R + 1, 0);
  const gd::RunInit ri{keys.data(), vals.data(), E, c, B, R, start.data(), len.data(), count.data()};
  for (size_t e = 0; e < E; ++e) gd::run_bounds_thread(ri, e);
  for (uint32_t s = 0; s <= R; ++s) gd::runs_init_thread<C>(ri, pts.data(), buckets.data(), occupied.data(), s);
  const std::vector<uint32_t> ibase = exclusive_sum(count);
  const uint64_t budget = cfg.affine_group_items ? cfg.affine_group_items : ibase[R];
  const auto groups = gd::plan_run_groups(R, ibase[R], budget, [&](uint32_t G, uint64_t step, uint32_t* run, uint32_t* item) {
    for (uint32_t g = 0; g <= G; ++g) gd::group_bound_thread(ibase.data(), R, step, run, item, g);
  });
  if (groups.empty() && ibase[R] > 0) return -1;  // a run alone is past the budget
  int rounds = 0;
  for (const gd::RunGroup& grp : groups) {
    EXPECT_LE(grp.items, budget);
    const uint32_t Rg = grp.r1 - grp.r0;
    std::vector<gd::DevPoint<C>> items(std::max<uint32_t>(grp.items, 1));
    for (int k = 1;; ++k) {
      for (uint32_t s = 0; s <= Rg; ++s) gd::pair_counts_thread(len.data() + grp.r0, Rg, k, count.data(), s);
      const std::vector<uint32_t> offset = exclusive_sum(std::vector<uint32_t>(count.begin(), count.begin() + Rg + 1));
      const uint64_t P = offset[Rg];
      if (P == 0) break;
      ++rounds;
      gd::AffineRoundArgs<C> a{};
      a.start = start.data() + grp.r0;
      a.len = len.data() + grp.r0;
      a.ibase = ibase.data() + grp.r0;
      a.item0 = grp.item0;
      a.offset = offset.data();
      a.R = Rg;
      a.P = P;
      a.S = cfg.affine_slice;
      a.slices = gd::slices_for(P, a.S);
      a.T = cfg.affine_threads;
      a.round = k;
      a.vals = vals.data();
      a.bases = pts.data();
      a.items = items.data();
      std::vector<F> prefix(size_t(a.S) * a.T);
      std::vector<uint32_t> pair_run(size_t(a.S) * a.T);
      a.prefix = prefix.data();
      a.pair_run = pair_run.data();
      a.buckets = buckets.data() + grp.r0;
      a.occupied = occupied.data() + grp.r0;
      for (uint64_t first = 0; first < a.slices; first += a.T) {
        std::vector<F> v(a.T);
        for (uint32_t t = 0; t < a.T; ++t) v[t] = gd::affine_prefix_pass(a, first + t, t);
        for (uint32_t b0 = 0; b0 < a.T; b0 += cfg.affine_block)  // one inversion per block
          ff::batch_inverse<F>(std::span<F>(v).subspan(b0, std::min(a.T, b0 + cfg.affine_block) - b0));
        for (uint32_t t = 0; t < a.T; ++t) gd::affine_result_pass(a, first + t, t, v[t]);
      }
    }
  }
  return rounds;
}

template <class C>
ec::Jacobian<C> emulate(const std::vector<ec::Affine<C>>& bases, const std::vector<typename C::Scalar>& scalars,
                        const EmuConfig& cfg) {
  using S = typename C::Scalar;
  using X = ec::Xyzz<C>;
  using DP = gd::DevPoint<C>;
  using DX = gd::DevXyzz<C>;
  const size_t n = scalars.size();
  std::vector<DP> pts(bases.size());
  std::vector<uint32_t> inf((bases.size() + 31) / 32 + 1, 0);
  for (size_t i = 0; i < bases.size(); ++i) {
    pts[i].x = bases[i].inf ? typename C::Base{} : bases[i].x;
    pts[i].y = bases[i].inf ? typename C::Base{} : bases[i].y;
    if (bases[i].inf) inf[i >> 5] |= 1u << (i & 31);
  }
  // classify
  std::vector<ff::Limbs<S::N>> canon(n);
  std::vector<uint32_t> ones_idx, general;
  for (size_t i = 0; i < n; ++i) {
    canon[i] = scalars[i].to_canonical();
    const uint8_t cls = gd::classify<S>(canon[i], gd::bit_is_set(inf.data(), uint32_t(i)));
    if (cls == gd::kClassOne) ones_idx.push_back(uint32_t(i));
    if (cls == gd::kClassGeneral) general.push_back(uint32_t(i));
  }
  const size_t m = general.size();
  X result = X::infinity();
  // ones: strided per-thread sums, then plain-sum levels of 16
  if (!ones_idx.empty()) {
    const uint32_t T1 = uint32_t(std::min<size_t>(cfg.acc_threads, (ones_idx.size() + 7) / 8));
    std::vector<DX> p0(T1);
    for (uint32_t t = 0; t < T1; ++t) gd::ones_thread<C>(ones_idx.data(), ones_idx.size(), pts.data(), T1, p0.data(), t);
    size_t cur = T1;
    while (cur > 16) {
      const uint32_t outn = uint32_t((cur + 15) / 16);
      std::vector<DX> p1(outn);
      for (uint32_t g = 0; g < outn; ++g) gd::sum_thread<C>(p0.data(), cur, 16, p1.data(), g);
      p0.swap(p1);
      cur = outn;
    }
    for (size_t i = 0; i < cur; ++i) gd::xyzz_add<C>(result, p0[i].p);
  }
  if (m == 0) return result.to_jacobian();

  const int c = cfg.c ? cfg.c : gd::choose_window_bits(m, S::kBits);
  const int W = gd::windows_for(S::kBits, c);
  const uint32_t B = 1u << (c - 1);
  const int wbits = gd::ilog2_ceil(uint64_t(W));
  const int wb = cfg.combined ? W : (cfg.batch_windows ? std::min(cfg.batch_windows, W) : W);
  std::vector<X> V(W, X::infinity());
  for (int w0 = 0; w0 < W; w0 += wb) {
    const int w1 = std::min(W, w0 + wb), nw = w1 - w0;
    const size_t E = size_t(nw) * m;
    std::vector<uint32_t> keys(E), vals(E);
    // slots in a shuffled order, as the atomics may hand them out
    std::vector<size_t> slot(m);
    std::iota(slot.begin(), slot.end(), 0);
    std::mt19937_64 rng(cfg.shuffle_seed + w0);
    std::shuffle(slot.begin(), slot.end(), rng);
    gd::DigitArgs da{keys.data(), vals.data(), cfg.combined ? size_t(1) : m, cfg.combined ? size_t(nw) : size_t(1),
                     c, W, w0, w1};
    for (size_t g = 0; g < m; ++g) gd::write_digits(da, canon[general[g]], general[g], slot[g]);
    // sort (stable, by the sorted bits only, like the radix sort)
    const int end_bit = cfg.combined ? c + wbits : c;
    const uint32_t kmask = uint32_t((uint64_t(1) << end_bit) - 1);
    const size_t seg = cfg.combined ? E : m;
    for (size_t off = 0; off < E; off += seg) {
      std::vector<std::pair<uint32_t, uint32_t>> kv(seg);
      for (size_t i = 0; i < seg; ++i) kv[i] = {keys[off + i], vals[off + i]};
      std::stable_sort(kv.begin(), kv.end(), [&](auto& a, auto& b) { return (a.first & kmask) < (b.first & kmask); });
      for (size_t i = 0; i < seg; ++i) keys[off + i] = kv[i].first, vals[off + i] = kv[i].second;
    }
    // accumulate (+ merge)
    std::vector<DX> buckets(size_t(nw) * B);
    std::vector<uint8_t> occupied(size_t(nw) * B, 0);
    bool affine_done = false;
    if constexpr (gd::kAffineAccumulation<C>) {
      if (cfg.affine) affine_done = emulate_affine<C>(keys, vals, pts, c, B, nw, buckets, occupied, cfg) >= 0;
    }
    if (!affine_done) {
      const uint32_t T = uint32_t(std::max<size_t>(1, std::min<size_t>(cfg.acc_threads, (E + 7) / 8)));
      const size_t L = (E + T - 1) / T;
      std::vector<DX> head(T), tail(T);
      std::vector<uint8_t> flags(T);
      std::vector<uint32_t> head_key(T), tail_key(T);
      gd::AccArgs<C> aa{keys.data(), vals.data(), E, L, T, c, B, pts.data(), buckets.data(), occupied.data(),
                        head.data(), tail.data(), head_key.data(), tail_key.data(), flags.data()};
      for (uint32_t t = 0; t < T; ++t) gd::accumulate_thread(aa, t);
      for (uint32_t t = 0; t < T; ++t) gd::merge_thread(aa, t);
    }
    // reduce
    const gd::ReducePlan rp = gd::plan_reduction(B, nw, cfg.level1_threads, 16);
    std::vector<DX> A0(size_t(nw) * rp.S1), R0(size_t(nw) * rp.S1);
    gd::Level1Args<C> la{buckets.data(), occupied.data(), B, rp.s1, rp.S1, A0.data(), R0.data(), affine_done};
    for (uint32_t g = 0; g < nw * rp.S1; ++g) gd::level1_thread(la, g);
    std::vector<DX> T0;  // none after level 1
    for (int l = 0; l < rp.levels; ++l) {
      std::vector<DX> A1(size_t(nw) * rp.S[l]), T1(A1.size()), R1(A1.size());
      gd::LevelArgs<C> lv{A0.data(), T0.empty() ? nullptr : T0.data(), R0.data(), rp.n[l], rp.s[l], rp.S[l],
                          rp.doublings[l], A1.data(), T1.data(), R1.data()};
      for (uint32_t g = 0; g < nw * rp.S[l]; ++g) gd::level_thread(lv, g);
      A0.swap(A1);
      T0.swap(T1);
      R0.swap(R1);
    }
    EXPECT_EQ(A0.size(), size_t(nw) * rp.final_n);
    for (int j = 0; j < nw; ++j) {
      std::vector<X> a(rp.final_n), t(rp.final_n), r(rp.final_n);
      for (uint32_t i = 0; i < rp.final_n; ++i) {
        a[i] = A0[j * rp.final_n + i].p, r[i] = R0[j * rp.final_n + i].p;
        if (!T0.empty()) t[i] = T0[j * rp.final_n + i].p;
      }
      V[w0 + j] = gd::finish_window<C>(a.data(), T0.empty() ? nullptr : t.data(), r.data(), rp.final_n,
                                       rp.final_doublings);
    }
  }
  X acc = V[W - 1];
  for (int j = W - 2; j >= 0; --j) {
    for (int d = 0; d < c; ++d) acc = acc.dbl();
    gd::xyzz_add<C>(acc, V[j]);
  }
  gd::xyzz_add<C>(acc, result);
  return acc.to_jacobian();
}

template <class C>
std::vector<ec::Affine<C>> make_bases(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ec::Jacobian<C>> j(n);
  const ec::Affine<C> step = ec::mul(ec::Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng)).to_affine();
  ec::Jacobian<C> p = ec::mul(ec::Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng));
  for (size_t i = 0; i < n; ++i) {
    j[i] = p;
    p += step;
  }
  return ec::batch_to_affine<C>(j);
}

enum class Pattern { kRandom, kZeros, kOnes, kMixed, kMinusOne, kSmall, kEqual };

template <class C>
std::vector<typename C::Scalar> make_scalars(size_t n, Pattern p, uint64_t seed) {
  using S = typename C::Scalar;
  std::mt19937_64 rng(seed);
  std::vector<S> s(n);
  const S minus_one = -S::one();
  const S fixed = ff::random_element<S>(rng);
  for (size_t i = 0; i < n; ++i) {
    switch (p) {
      case Pattern::kRandom: s[i] = ff::random_element<S>(rng); break;
      case Pattern::kZeros: s[i] = S::zero(); break;
      case Pattern::kOnes: s[i] = S::one(); break;
      case Pattern::kMixed: {
        const int r = int(rng() % 4);
        s[i] = r == 0 ? S::zero() : r == 1 ? S::one() : r == 2 ? ff::random_element<S>(rng) : minus_one;
        break;
      }
      case Pattern::kMinusOne: s[i] = minus_one; break;
      case Pattern::kSmall: s[i] = S::from_u64(rng() % 5); break;
      case Pattern::kEqual: s[i] = fixed; break;
    }
  }
  return s;
}

template <class C>
void check(size_t n, Pattern p, const EmuConfig& cfg, uint64_t seed = 7) {
  auto bases = make_bases<C>(n, seed);
  if (n > 5) bases[n / 3] = ec::Affine<C>::infinity();  // an infinity base too
  const auto scalars = make_scalars<C>(n, p, seed + 1);
  const auto want = msm::pippenger<C>(std::span<const ec::Affine<C>>(bases), std::span<const typename C::Scalar>(scalars));
  const auto got = emulate<C>(bases, scalars, cfg);
  EXPECT_TRUE(got == want) << C::kName << " n=" << n << " pattern=" << int(p) << " c=" << cfg.c
                           << " T=" << cfg.acc_threads << " combined=" << cfg.combined;
}

TEST(MsmEmulation, DigitsReassemble) {
  using S = ff::Bls12_381_Fr;
  std::mt19937_64 rng(3);
  for (int c = gd::kMinWindowBits; c <= gd::kMaxWindowBits; ++c) {
    const int W = gd::windows_for(S::kBits, c);
    for (int t = 0; t < 50; ++t) {
      S k = t == 0 ? -S::one() : t == 1 ? S::zero() : ff::random_element<S>(rng);
      // sum d_j 2^(cj) as a field element must give k back
      S acc = S::zero(), pow = S::one(), two_c = S::from_u64(uint64_t(1) << c);
      const uint32_t half = 1u << (c - 1);
      bool ok = true;
      gd::for_each_digit(k.to_canonical(), c, W, 0, W, [&](int j, uint32_t mag, bool neg) {
        ok = ok && mag <= half;
        const S d = S::from_u64(mag);
        acc = neg ? acc - d * pow : acc + d * pow;
        pow = pow * two_c;
        (void)j;
      });
      EXPECT_TRUE(ok) << "c=" << c;
      EXPECT_TRUE(acc == k) << "c=" << c << " t=" << t;
    }
  }
}

TEST(MsmEmulation, Bls12381G1Patterns) {
  using C = ec::Bls12_381_G1;
  for (size_t n : {1, 2, 3, 17, 300})
    for (Pattern p : {Pattern::kRandom, Pattern::kZeros, Pattern::kOnes, Pattern::kMixed, Pattern::kMinusOne,
                      Pattern::kSmall, Pattern::kEqual})
      check<C>(n, p, EmuConfig{});
}

TEST(MsmEmulation, ThreadCountsAndWindows) {
  using C = ec::Bls12_381_G1;
  for (bool affine : {false, true})
    for (uint32_t T : {1u, 3u, 64u, 1000u})
      for (int c : {4, 7, 9, 13})
        for (Pattern p : {Pattern::kRandom, Pattern::kEqual, Pattern::kMixed}) {
          EmuConfig cfg;
          cfg.affine = affine;
          cfg.acc_threads = T;
          cfg.affine_threads = T;
          cfg.affine_slice = 1 + T % 5;
          cfg.c = c;
          cfg.level1_threads = T;
          check<C>(500, p, cfg);
        }
}

// Affine rounds with bases that repeat (doublings) and cancel (P + (-P) gives
// infinity, which later rounds add again), few buckets with long runs (all
// scalars equal or small), and slices, launches and blocks of many shapes.
TEST(MsmEmulation, AffineRoundsSpecialPairs) {
  using C = ec::Bls12_381_G1;
  using S = C::Scalar;
  const size_t n = 640;
  auto bases = make_bases<C>(n, 5);
  for (size_t i = 0; i < n; ++i) {
    if (i % 5 == 1 || i % 7 == 6) bases[i] = bases[i - 1];
    if (i % 5 == 3) bases[i] = -bases[i - 1];
  }
  for (Pattern p : {Pattern::kEqual, Pattern::kSmall, Pattern::kRandom, Pattern::kMinusOne}) {
    const auto scalars = make_scalars<C>(n, p, 9 + int(p));
    const auto want = msm::pippenger<C>(std::span<const ec::Affine<C>>(bases), std::span<const S>(scalars));
    for (uint32_t slice : {1u, 2u, 7u, 64u})
      for (uint32_t threads : {1u, 6u, 32u})
        for (uint32_t block : {1u, 4u}) {
          EmuConfig cfg;
          cfg.c = 5;
          cfg.affine_slice = slice;
          cfg.affine_threads = threads;
          cfg.affine_block = block;
          EXPECT_TRUE(emulate<C>(bases, scalars, cfg) == want)
              << "pattern " << int(p) << " slice " << slice << " threads " << threads << " block " << block;
        }
  }
  // buckets whose sums are infinity (P and -P under one scalar) stay
  // unoccupied: the reduction adds the occupied ones as affine points
  {
    auto few = make_bases<C>(3, 11);
    few[1] = -few[0];
    auto ks = make_scalars<C>(3, Pattern::kRandom, 12);
    ks[1] = ks[0];
    for (int c : {4, 9}) {
      EmuConfig cfg;
      cfg.c = c;
      EXPECT_TRUE(emulate<C>(few, ks, cfg) ==
                  msm::pippenger<C>(std::span<const ec::Affine<C>>(few), std::span<const S>(ks)))
          << "c " << c;
    }
  }
  // a whole window's entries in one bucket: ceil(log2 n) rounds
  const std::vector<S> equal(n, S::from_u64(3));
  EmuConfig cfg;
  cfg.c = 4;
  EXPECT_TRUE(emulate<C>(bases, equal, cfg) ==
              msm::pippenger<C>(std::span<const ec::Affine<C>>(bases), std::span<const S>(equal)));
}

// Runs summed in groups under an item budget, down to budgets that a long
// run alone exceeds (then the XYZZ sums take over, as on the device).
TEST(MsmEmulation, AffineRunGroups) {
  using C = ec::Bls12_381_G1;
  for (uint64_t budget : {1ull, 2ull, 5ull, 40ull, 1000ull})
    for (Pattern p : {Pattern::kRandom, Pattern::kSmall, Pattern::kMixed}) {
      EmuConfig cfg;
      cfg.c = 6;
      cfg.affine_group_items = budget;
      cfg.affine_threads = 5;
      cfg.affine_slice = 2;
      check<C>(400, p, cfg);
    }
}

TEST(MsmEmulation, RunGroupPlans) {
  const std::vector<uint32_t> items = {3, 1, 4, 0, 1, 5, 2, 0};
  std::vector<uint32_t> ibase = exclusive_sum(items);
  ibase.push_back(ibase.back() + items.back());
  const uint32_t R = uint32_t(items.size());
  auto bounds = [&](uint32_t G, uint64_t step, uint32_t* run, uint32_t* item) {
    for (uint32_t g = 0; g <= G; ++g) gd::group_bound_thread(ibase.data(), R, step, run, item, g);
  };
  for (uint64_t budget : {5ull, 6ull, 9ull, 16ull, 100ull}) {
    const auto groups = gd::plan_run_groups(R, ibase[R], budget, bounds);
    ASSERT_FALSE(groups.empty()) << budget;
    uint32_t next = 0, sum = 0;
    for (const auto& g : groups) {
      EXPECT_EQ(g.r0, next);  // consecutive, covering every run with items
      EXPECT_LE(g.items, budget);
      EXPECT_EQ(g.item0, ibase[g.r0]);
      EXPECT_EQ(g.items, ibase[g.r1] - ibase[g.r0]);
      next = g.r1;
      sum += g.items;
    }
    EXPECT_EQ(sum, ibase[R]);
    if (budget < ibase[R]) {
      EXPECT_GT(groups.size(), 1u);
    }
  }
  EXPECT_TRUE(gd::plan_run_groups(R, ibase[R], 4, bounds).empty());  // the run of 5 items alone
}

TEST(MsmEmulation, AffineRoundCounts) {
  EXPECT_EQ(gd::round_pairs(1, 1), 0u);
  EXPECT_EQ(gd::round_pairs(2, 1), 1u);
  EXPECT_EQ(gd::round_pairs(5, 1), 2u);
  EXPECT_EQ(gd::round_pairs(2, 2), 0u);
  EXPECT_EQ(gd::round_pairs(3, 2), 1u);
  EXPECT_EQ(gd::round_pairs(5, 2), 1u);
  EXPECT_EQ(gd::round_pairs(7, 2), 2u);
  EXPECT_EQ(gd::round_pairs(5, 3), 1u);
  EXPECT_EQ(gd::round_pairs(4, 3), 0u);
  // every run is summed by exactly len - 1 additions over its rounds
  for (uint32_t len = 1; len < 300; ++len) {
    uint32_t adds = 0;
    for (int k = 1; k < 12; ++k) adds += gd::round_pairs(len, k);
    EXPECT_EQ(adds, len - 1) << len;
  }
}

TEST(MsmEmulation, CombinedSortAndBatches) {
  using C = ec::Bls12_381_G1;
  for (Pattern p : {Pattern::kRandom, Pattern::kMixed, Pattern::kEqual}) {
    EmuConfig a;
    a.combined = true;
    a.c = 6;
    a.acc_threads = 37;
    check<C>(700, p, a);
    EmuConfig b;
    b.batch_windows = 5;
    b.c = 8;
    check<C>(700, p, b);
  }
}

TEST(MsmEmulation, LargeWindowDeepReduction) {
  using C = ec::Bn254_G1;
  EmuConfig cfg;
  cfg.c = 16;              // 2^15 buckets: several reduction levels
  cfg.level1_threads = 64;
  cfg.acc_threads = 200;
  check<C>(2000, Pattern::kRandom, cfg);
  check<C>(2000, Pattern::kMixed, cfg);
}

TEST(MsmEmulation, OtherCurves) {
  check<ec::Bn254_G1>(257, Pattern::kMixed, EmuConfig{});
  check<ec::Bls12_381_G2>(100, Pattern::kMixed, EmuConfig{});
  check<ec::Bn254_G2>(100, Pattern::kRandom, EmuConfig{});
  EmuConfig cfg;
  cfg.c = 5;
  cfg.acc_threads = 7;
  check<ec::Bn254_G2>(60, Pattern::kEqual, cfg);
}

TEST(MsmEmulation, PlanShapes) {
  for (int c = gd::kMinWindowBits; c <= gd::kMaxWindowBits; ++c) {
    const uint32_t B = 1u << (c - 1);
    for (uint64_t t : {64ull, 4096ull, 1ull << 20}) {
      const gd::ReducePlan rp = gd::plan_reduction(B, 12, t, 16);
      EXPECT_LE(rp.final_n, 16u);
      EXPECT_EQ(rp.S1 * rp.s1, B);
      // each level takes the one before's outputs; the level-1 segment size
      // is applied once, by the host
      uint32_t n = rp.S1;
      for (int l = 0; l < rp.levels; ++l) {
        EXPECT_EQ(rp.n[l], n);
        EXPECT_EQ(rp.S[l], (n + rp.s[l] - 1) / rp.s[l]);
        EXPECT_EQ(uint32_t(1) << rp.doublings[l], rp.s[l]);
        n = rp.S[l];
      }
      EXPECT_EQ(rp.final_n, n);
      EXPECT_EQ(uint32_t(1) << rp.final_doublings, rp.s1);
    }
  }
  // level 1 avoids a last wave mostly empty, and a single wave: 2^24's batches of 7 and 6
  // windows of 2^19 buckets on 50688 resident threads (H200: 132 SMs x 3 x 128)
  EXPECT_EQ(gd::plan_reduction(1u << 19, 7, 50688).s1, 16u);  // 4.5 waves of 16, not 2.3 of 32
  EXPECT_EQ(gd::plan_reduction(1u << 19, 6, 50688).s1, 32u);  // 1.9 waves of 32, not one of 64
  // the window choice grows with the size
  EXPECT_LE(gd::choose_window_bits(1 << 10, 255), gd::choose_window_bits(1 << 20, 255));
  EXPECT_GE(gd::choose_window_bits(size_t(1) << 26, 255), 18);
}

}  // namespace
