// The pieces of SDR's graph on their own: the ChaCha block function against
// RFC 8439's zero-key vector, the Feistel permutation (bijection, inverse,
// tabulated round = direct BLAKE2b), and the graph properties rust-fil-proofs
// tests (drgraph.rs graph_bucket, graph.rs pathology / high parent bits /
// histogram). The graph's exact values are pinned by the parent-cache and
// label known answers in the other two tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "filecoin/domain.hpp"
#include "filecoin/sdr/chacha.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

PorepId porep_with_first_byte(uint8_t b) {
  PorepId p{};
  p[0] = b;
  return p;
}

// The registered-proof porep_id: u64 LE id, u64 LE nonce 0, 16 zero bytes.
PorepId registered(uint64_t id) {
  PorepId p{};
  for (int i = 0; i < 8; ++i) p[size_t(i)] = uint8_t(id >> (8 * i));
  return p;
}

}  // namespace

TEST(ChaCha, Rfc8439ZeroKeyBlock) {
  // RFC 8439 A.1 test vector #1: ChaCha20, key 0, nonce 0, block counter 0.
  ChaChaBlock b = chacha_block<20>(ChaChaKey{}, 0);
  std::array<uint8_t, 64> bytes{};
  for (size_t i = 0; i < 64; ++i) bytes[i] = uint8_t(b[i / 4] >> (8 * (i % 4)));
  EXPECT_EQ(to_hex(bytes),
            "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
            "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
}

TEST(ChaCha, PairEqualsTwoBlocks) {
  ChaChaKey key{0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c};
  for (uint64_t counter : {uint64_t(0), uint64_t(1), uint64_t(0xffffffff), ~uint64_t(0) - 1}) {
    auto pair = chacha_block_pair<8>(key, counter);
    EXPECT_EQ(pair[0], chacha_block<8>(key, counter)) << counter;
    EXPECT_EQ(pair[1], chacha_block<8>(key, counter + 1)) << counter;
    auto pair20 = chacha_block_pair<20>(key, counter);
    EXPECT_EQ(pair20[1], chacha_block<20>(key, counter + 1)) << counter;
  }
  // first word of RFC 8439's zero-key block (76 b8 e0 ad)
  EXPECT_EQ(chacha_block_pair<20>(ChaChaKey{}, 0)[0][0], 0xade0b876u);
}

TEST(Feistel, HalfBitsFollowRustsPrecompute) {
  const FeistelKeys keys{1, 2, 3, 4};
  EXPECT_EQ(FeistelPermutation(1, keys).half_bits(), 1u);
  EXPECT_EQ(FeistelPermutation(4, keys).half_bits(), 1u);
  EXPECT_EQ(FeistelPermutation(5, keys).half_bits(), 2u);
  EXPECT_EQ(FeistelPermutation(64 * 8, keys).half_bits(), 5u);         // 2 KiB
  EXPECT_EQ(FeistelPermutation(uint64_t(1) << 21, keys).half_bits(), 11u);  // 8 MiB
  EXPECT_EQ(FeistelPermutation(kMaxFeistelElements, keys).half_bits(), 17u);
  EXPECT_THROW(FeistelPermutation(0, keys), Error);
  EXPECT_THROW(FeistelPermutation(kMaxFeistelElements + 1, keys), Error);
}

TEST(Feistel, PermutesAndInverts) {
  // graph.rs test_shuffle: n = 2^10 nodes, degree 8, keys [1, 2, 3, 4]
  const uint64_t n = 1024 * 8;
  FeistelPermutation f(n, {1, 2, 3, 4});
  std::vector<bool> seen(n);
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t p = f.permute(i);
    ASSERT_LT(p, n);
    ASSERT_FALSE(seen[p]) << "duplicate image " << p;
    seen[p] = true;
    ASSERT_EQ(f.invert(p), i);
  }
  std::array<uint64_t, 8> run{};
  for (uint64_t first : {uint64_t(0), uint64_t(8), n - 8}) {
    f.permute_run(first, run);
    for (uint64_t i = 0; i < 8; ++i) EXPECT_EQ(run[i], f.permute(first + i));
  }
}

TEST(Feistel, TabulatedRoundsEqualDirectBlake2b) {
  // encode by hand with the direct round function, 3 rounds over 2 * 11 bits
  const FeistelKeys keys{0x0123456789abcdef, 0xfedcba9876543210, 42, 7};
  const uint64_t n = uint64_t(1) << 21;
  FeistelPermutation f(n, keys);
  const uint64_t mask = (uint64_t(1) << 11) - 1;
  auto encode = [&](uint64_t x) {
    uint64_t l = (x >> 11) & mask, r = x & mask;
    for (int k = 0; k < 3; ++k) {
      uint64_t nr = l ^ (feistel_round_hash(r, keys[size_t(k)]) & mask);
      l = r;
      r = nr;
    }
    return (l << 11) | r;
  };
  for (uint64_t i : {uint64_t(0), uint64_t(1), uint64_t(12345), n - 1}) {
    uint64_t u = encode(i);
    while (u >= n) u = encode(u);
    EXPECT_EQ(f.permute(i), u) << i;
  }
}

TEST(BucketGraph, ParentsFollowRustsRules) {
  for (auto [porep, v] : {std::pair{porep_with_first_byte(0), ApiVersion::kV1_0_0},
                          std::pair{porep_with_first_byte(5), ApiVersion::kV1_2_0}}) {
    for (uint64_t size : {4u, 16u, 256u, 2048u}) {
      BucketGraph g(size, porep, v);
      std::array<uint32_t, kBaseDegree> p{};
      g.parents(0, p);
      EXPECT_EQ(p, (std::array<uint32_t, kBaseDegree>{}));
      g.parents(1, p);
      EXPECT_EQ(p, (std::array<uint32_t, kBaseDegree>{}));
      for (uint64_t i = 2; i < size; ++i) {
        g.parents(i, p);
        for (uint32_t parent : p) ASSERT_LT(parent, i) << "node " << i;
        if (v == ApiVersion::kV1_0_0)
          ASSERT_EQ(p[kBaseDegree - 1], i - 1);
        else
          ASSERT_EQ(p[0], i - 1);
      }
    }
  }
}

TEST(BucketGraph, PredecessorSlotIsTheOnlyVersionDifference) {
  // the same seed draws the same 5 random parents; only their slots move
  BucketGraph legacy(1 << 12, registered(3), ApiVersion::kV1_0_0);
  BucketGraph current(1 << 12, registered(3), ApiVersion::kV1_1_0);
  for (uint64_t node : {2u, 3u, 1000u, 4095u}) {
    std::array<uint32_t, kBaseDegree> a{}, b{};
    legacy.parents(node, a);
    current.parents(node, b);
    EXPECT_TRUE(std::equal(a.begin(), a.begin() + 5, b.begin() + 1)) << node;
  }
}

TEST(StackedGraph, LegacyExpanderIsPathologicalAndCurrentIsNot) {
  // graph.rs test_graph_distribution_pathology: porep_id [id, 0, ...]
  struct Case {
    uint8_t id;
    uint64_t nodes;
    ApiVersion v;
    bool pathological;
  };
  for (Case c : {Case{3, 1ull << 30, ApiVersion::kV1_0_0, true}, Case{4, 1ull << 31, ApiVersion::kV1_0_0, true},
                 Case{8, 1ull << 30, ApiVersion::kV1_1_0, false}, Case{9, 1ull << 31, ApiVersion::kV1_1_0, false},
                 Case{8, 1ull << 30, ApiVersion::kV1_2_0, false}, Case{9, 1ull << 31, ApiVersion::kV1_2_0, false}}) {
    StackedGraph g(c.nodes, porep_with_first_byte(c.id), c.v);
    bool large_seen = false;
    std::array<uint32_t, kExpDegree> p{};
    for (uint64_t i = 0; i < 1000 && !large_seen; ++i) {
      g.expander_parents(i, p);
      large_seen = std::any_of(p.begin(), p.end(), [&](uint32_t x) { return x >= c.nodes / 2; });
    }
    EXPECT_EQ(large_seen, !c.pathological) << "id " << int(c.id) << " nodes " << c.nodes;
  }
}

TEST(StackedGraph, HighParentBitsAreKept) {
  // graph.rs test_high_parent_bits: 2^31 nodes, porep_id u64 LE 5, 1.2.0
  StackedGraph g(uint64_t(1) << 31, registered(5), ApiVersion::kV1_2_0);
  bool high = false;
  std::array<uint32_t, kExpDegree> p{};
  for (uint64_t v = 0; v < 3 && !high; ++v) {
    g.expander_parents(v, p);
    high = std::any_of(p.begin(), p.end(), [](uint32_t x) { return x >= (1u << 29); });
  }
  EXPECT_TRUE(high);
}

TEST(StackedGraph, ExpanderHistogramIsBounded) {
  // graph.rs test_exp_parent_histogram: 10000 children, 32 bins, +-40%
  const uint64_t nodes = uint64_t(1) << 31, samples = 10000, bins = 32;
  StackedGraph g(nodes, registered(5), ApiVersion::kV1_2_0);
  std::vector<size_t> hist(bins);
  std::array<uint32_t, kExpDegree> p{};
  for (uint64_t s = 0; s < samples; ++s) {
    g.expander_parents(s * nodes / samples, p);
    for (uint32_t u : p) ++hist[u / (nodes / bins)];
  }
  const double uniform = double(samples * kExpDegree / bins);
  const auto max_allowed = size_t(1.4 * uniform) - 1, min_allowed = size_t(0.6 * uniform) + 1;
  for (size_t b = 0; b < bins; ++b) {
    EXPECT_GE(hist[b], min_allowed) << "bin " << b;
    EXPECT_LE(hist[b], max_allowed) << "bin " << b;
  }
}

TEST(StackedGraph, IdentifierMatchesRustsParameterName) {
  StackedGraph g(64, registered(0), ApiVersion::kV1_0_0);
  EXPECT_EQ(g.identifier(),
            "stacked_graph::StackedGraph{expansion_degree: 8 base_graph: "
            "drgraph::BucketGraph{size: 64; degree: 6; hasher: poseidon_hasher} }");
}

TEST(StackedGraph, BadSizesAndNodesAreErrors) {
  EXPECT_THROW(StackedGraph(0, registered(0), ApiVersion::kV1_0_0), Error);
  EXPECT_THROW(StackedGraph(kMaxGraphNodes + 1, registered(0), ApiVersion::kV1_0_0), Error);
  StackedGraph g(64, registered(0), ApiVersion::kV1_0_0);
  NodeParents p{};
  EXPECT_THROW(g.parents(64, p), Error);
  EXPECT_NO_THROW(g.parents(63, p));
}
