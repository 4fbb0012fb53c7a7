// The GPU NTT pass kernels' index math (src/ntt/cuda/ntt_rounds.hpp) on the
// CPU, for every tile shape the kernels are built with: each pass does every
// DIF stage once, top down, inside its round's register window; each round's
// thread map covers the tile; the shared-memory exchanges write every slot
// once and serve each 8-lane phase without bank conflicts; the loads and
// stores of the first and last rounds are coalesced; and in the "split" rounds
// the thread part of the twiddle exponent is the same across a warp, which is
// what lets whole warps skip their products by 1; and the plans (make_plan,
// parse_plans). ntt_gpu_test checks the transforms themselves on a GPU.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "ntt/cuda/ntt_rounds.hpp"

using namespace cuzk::ntt::cuda::detail;

namespace {

struct RoundInfo {
  int lo, hi, w;
  bool group_first, skips;
  RoundMap map;
};

template <int R, int G, bool C, int I>
void collect(std::vector<RoundInfo>& out) {
  using RI = Round<R, G, C, I>;
  out.push_back({RI::lo, RI::hi, RI::w, RI::group_first, RI::skips, RI::map});
  if constexpr (I + 1 < RI::NR) collect<R, G, C, I + 1>(out);
}

uint32_t deposit(uint32_t tid, const RoundMap& m) {
  uint32_t u = 0;
  for (int k = 0; k < m.nt; ++k) u |= ((tid >> k) & 1u) << m.pos[k];
  return u;
}

// per 8-lane phase, the slots' low 3 bits all differ (LDS/STS.128 conflict free)
bool phases_conflict_free(const std::vector<uint32_t>& slots) {
  for (size_t p = 0; p + 8 <= slots.size(); p += 8) {
    std::set<uint32_t> low;
    for (size_t i = p; i < p + 8; ++i) low.insert(slots[i] & 7u);
    if (low.size() != 8) return false;
  }
  return true;
}

template <int R, int G, bool C>
void check_pass() {
  SCOPED_TRACE("radix 2^" + std::to_string(R) + ", 2^" + std::to_string(G) + " groups, " +
               (C ? "column" : "last") + " pass");
  const int U = R + G;
  const uint32_t threads = 1u << (U - 3);
  std::vector<RoundInfo> rounds;
  collect<R, G, C, 0>(rounds);

  // stages R-1 .. 0, each once, top down, inside the round's window
  int next = R - 1;
  for (const auto& r : rounds) {
    EXPECT_EQ(r.hi, next);
    EXPECT_LE(r.lo, r.hi);
    EXPECT_GE(r.lo, r.w);
    EXPECT_LT(r.hi, r.w + 3);
    EXPECT_GE(r.w, 0);
    EXPECT_LE(r.w + 3, R);
    next = r.lo - 1;
  }
  EXPECT_EQ(next, -1);
  EXPECT_EQ(rounds.back().w, 0);  // the last round's twiddles are compile-time omega_8 powers

  for (size_t i = 0; i < rounds.size(); ++i) {
    const RoundInfo& r = rounds[i];
    SCOPED_TRACE("round " + std::to_string(i));
    // the map and the window cover every tile bit once
    ASSERT_EQ(r.map.nt, U - 3);
    std::set<int> bits;
    for (int k = 0; k < r.map.nt; ++k) bits.insert(r.map.pos[k]);
    for (int b = r.w; b < r.w + 3; ++b) bits.insert(b);
    EXPECT_EQ(int(bits.size()), U);
    EXPECT_EQ(*bits.rbegin(), U - 1);
    // coalescing: where the map puts groups first, the lowest lane bits are group bits
    if (r.group_first && G > 0) {
      EXPECT_GE(r.map.pos[0], R);
    }
    // split round: t bits 0 and 1 are the warp index, so lane_low is per warp
    if (r.skips) {
      EXPECT_EQ(r.w, 2);
      for (uint32_t tid = 0; tid < threads; ++tid)
        ASSERT_EQ(deposit(tid, r.map) & 3u, deposit(tid & ~31u, r.map) & 3u) << "thread " << tid;
    }
    if (i == 0) continue;
    // the exchange before round i: stores with round i-1's map, loads with round i's
    const RoundInfo& p = rounds[i - 1];
    std::set<uint32_t> written;
    for (uint32_t e = 0; e < 8; ++e) {
      std::vector<uint32_t> st, ld;
      for (uint32_t tid = 0; tid < threads; ++tid) {
        const uint32_t s = swz(deposit(tid, p.map)) ^ swz(e << p.w);
        EXPECT_TRUE(written.insert(s).second) << "slot written twice";
        st.push_back(s);
        ld.push_back(swz(deposit(tid, r.map)) ^ swz(e << r.w));
      }
      EXPECT_TRUE(phases_conflict_free(st)) << "stores, register " << e;
      EXPECT_TRUE(phases_conflict_free(ld)) << "loads, register " << e;
    }
    EXPECT_EQ(written.size(), size_t(1) << U);
    // each element the loads read was written: slot = swz(u) is a bijection on tile indices
    for (uint32_t tid = 0; tid < threads; ++tid)
      for (uint32_t e = 0; e < 8; ++e)
        ASSERT_TRUE(written.count(swz(deposit(tid, r.map)) ^ swz(e << r.w)));
  }
}

// Products per 8 elements of a pass, averaged over the threads: each stage
// multiplies the differences of its 4 pairs unless the twiddle exponent
// m = t mod 2^B is known to be 0 (compile time in the last round, per warp in
// a split round); column passes add 8 inter-pass twiddles.
template <int R, int G, bool C>
double products_per_8() {
  std::vector<RoundInfo> rounds;
  collect<R, G, C, 0>(rounds);
  const uint32_t threads = 1u << (R + G - 3);
  double total = 0;
  for (uint32_t tid = 0; tid < threads; ++tid) {
    for (const auto& r : rounds) {
      const uint32_t lane_low = deposit(tid, r.map) & ((1u << r.w) - 1);
      for (int B = r.hi; B >= r.lo; --B) {
        const int Q = B - r.w;
        for (int e = 0; e < 8; ++e) {
          if (e & (1 << Q)) continue;
          const int eb = e & ((1 << Q) - 1);
          const bool known_zero = eb == 0 && (r.w == 0 || (r.skips && lane_low == 0));
          if (!known_zero) total += 1;
        }
      }
    }
    if (C) total += 8;
  }
  return total / threads;
}

}  // namespace

TEST(NttRounds, PlansUseBuiltRadices) {
  for (int L = 0; L <= 32; ++L) {
    int r[kMaxPasses] = {};
    const int np = make_plan(L, r);
    if (L <= kSmallMaxLog) {
      EXPECT_EQ(np, 0) << "2^" << L;
      continue;
    }
    EXPECT_EQ(np, L <= 18 ? 2 : L <= 27 ? 3 : 4) << "2^" << L;
    int sum = 0;
    for (int p = 0; p < np; ++p) {
      EXPECT_GE(r[p], 6) << "2^" << L << " pass " << p;  // pick_pass_kernel has radix 2^6..2^9
      EXPECT_LE(r[p], 9) << "2^" << L << " pass " << p;
      sum += r[p];
    }
    EXPECT_EQ(sum, L);
    EXPECT_NO_THROW(check_plan(L, std::vector<int>(r, r + np))) << "2^" << L;  // the check user plans pass
  }
  // what GpuNttDomain refuses (ntt_gpu_test RejectsBadPlans on a device)
  EXPECT_THROW(check_plan(20, {7, 7, 7}), cuzk::Error);       // sums to 21
  EXPECT_THROW(check_plan(15, {10, 5}), cuzk::Error);         // radices without kernels
  EXPECT_THROW(check_plan(18, {18}), cuzk::Error);            // one pass
  EXPECT_THROW(check_plan(30, {6, 6, 6, 6, 6}), cuzk::Error);  // five passes
  EXPECT_THROW(check_plan(12, {6, 6}), cuzk::Error);          // one-block size
  EXPECT_NO_THROW(check_plan(21, {6, 6, 9}));
  // the even split, larger radices first, except the tuned sizes
  const auto plan_of = [](int L) {
    int r[kMaxPasses] = {};
    const int np = make_plan(L, r);
    int v = 0;
    for (int p = 0; p < np; ++p) v = v * 10 + r[p];
    return v;
  };
  EXPECT_EQ(plan_of(13), 76);
  EXPECT_EQ(plan_of(20), 776);
  EXPECT_EQ(plan_of(22), 886);
  EXPECT_EQ(plan_of(24), 888);
  EXPECT_EQ(plan_of(25), 898);
  EXPECT_EQ(plan_of(27), 999);
  EXPECT_EQ(plan_of(28), 7777);
}

TEST(NttRounds, ParsesPlans) {
  using Plans = std::vector<std::vector<int>>;
  EXPECT_EQ(parse_plans("8,6,6;9,9,9"), (Plans{{8, 6, 6}, {9, 9, 9}}));
  EXPECT_EQ(parse_plans("7,7,6"), (Plans{{7, 7, 6}}));
  EXPECT_EQ(parse_plans(""), Plans{});
  EXPECT_EQ(parse_plans(";8,8;"), (Plans{{8, 8}}));
  EXPECT_EQ(parse_plans("12,3"), (Plans{{12, 3}}));  // numbers; the domain rejects the radices
  for (const char* bad : {"8,,6", "8,6,", "8;x", "8,-6", "8 ,6", "123,4"}) {
    try {
      parse_plans(bad);
      ADD_FAILURE() << bad << " parsed";
    } catch (const cuzk::Error& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

TEST(NttRounds, DefaultTiles) {
  check_pass<6, 3, true>();
  check_pass<6, 3, false>();
  check_pass<7, 3, true>();
  check_pass<7, 3, false>();
  check_pass<8, 2, true>();
  check_pass<8, 2, false>();
  check_pass<9, 1, true>();
  check_pass<9, 1, false>();
}

TEST(NttRounds, LargeTiles) {  // CUZK_NTT_TILE=0
  check_pass<8, 3, true>();
  check_pass<8, 3, false>();
  check_pass<9, 2, true>();
  check_pass<9, 2, false>();
}

TEST(NttRounds, SplitRoundsSkipProductsByOne) {
  EXPECT_TRUE((Round<8, 2, true, 1>::skips));
  EXPECT_TRUE((Round<7, 3, false, 1>::skips));
  EXPECT_FALSE((Round<9, 1, true, 1>::skips));
  EXPECT_FALSE((Round<6, 3, true, 0>::skips));
  // products compiled in place: the last round of radix >= 2^7 passes only
  EXPECT_TRUE((Round<8, 2, true, 2>::inline_products));
  EXPECT_TRUE((Round<9, 1, false, 2>::inline_products));
  EXPECT_FALSE((Round<8, 2, true, 1>::inline_products));
  EXPECT_FALSE((Round<6, 3, false, 1>::inline_products));
  // radix 2^8: 12 + 8 + 5 stage products and 8 twiddles, less 3 in a quarter of the warps
  EXPECT_DOUBLE_EQ((products_per_8<8, 2, true>()), 33.0 - 0.75);
  EXPECT_DOUBLE_EQ((products_per_8<8, 2, false>()), 25.0 - 0.75);
  EXPECT_DOUBLE_EQ((products_per_8<7, 3, true>()), 29.0 - 0.75);
  EXPECT_DOUBLE_EQ((products_per_8<6, 3, false>()), 17.0);
  EXPECT_DOUBLE_EQ((products_per_8<9, 1, true>()), 37.0);
}
