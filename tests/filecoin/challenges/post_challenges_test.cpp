// PoSt challenges against node's crypto (vectors.json), hand-built hash
// inputs, the API-version indexing rules, and the leaves a real 32 GiB
// WindowPoSt vanilla proof opened (Curio's golden post.vproof: randomness 0,
// sector 1, made by the real Rust prover).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/hash/sha256.hpp"
#include "vectors.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;
using cuzk::filecoin::test::challenge_vectors;
using cuzk::filecoin::test::dom;
using cuzk::filecoin::test::u64;

namespace {

ApiVersion version_of(const std::string& s) {
  if (s == "1.0.0") return ApiVersion::kV1_0_0;
  if (s == "1.1.0") return ApiVersion::kV1_1_0;
  if (s == "1.2.0") return ApiVersion::kV1_2_0;
  throw std::runtime_error("bad version " + s);
}

struct GoldenPoSt {
  uint64_t sector_id = 0;
  std::vector<uint64_t> leaves;
};

// The leaf each inclusion proof of Curio's golden proof opens: its path's
// indexes weighted by the arities below them (siblings + 1 per level).
GoldenPoSt read_golden() {
  std::ifstream in(std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/golden/post.vproof", std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const FallbackPoStSectorProof proof = read_fallback_post_sector_proof(bytes, "golden post.vproof");
  if (proof.sectors.size() != 1) throw std::runtime_error("golden: expected one SectorProof");
  GoldenPoSt g;
  g.sector_id = proof.sector_id;
  for (const MerkleProof& m : proof.sectors[0].inclusion_proofs) {
    uint64_t leaf = 0, weight = 1;
    for (const InclusionPath* path : {&m.base, &m.sub, &m.top})
      for (const PathElement& e : *path) {
        leaf += e.index * weight;
        weight *= e.hashes.size() + 1;
      }
    if (weight != (uint64_t(1) << 30)) throw std::runtime_error("golden: path does not span 2^30 leaves");
    g.leaves.push_back(leaf);
  }
  return g;
}

}  // namespace

TEST(PoStChallenges, LeavesMatchNodeCrypto) {
  const auto& cases = challenge_vectors()["post_leaves"];
  ASSERT_EQ(cases.size(), 16u);
  for (const auto& c : cases)
    EXPECT_EQ(post_sector_leaf_challenges(c["sector_nodes"], version_of(c["api_version"]), dom(c["randomness"]),
                                          u64(c["sector_id"]), c["sector_index"], c["per_sector"]),
              c["leaves"].get<std::vector<uint64_t>>())
        << c["api_version"] << " nodes " << c["sector_nodes"] << " sector_index " << c["sector_index"];
}

TEST(PoStChallenges, WinningSectorDrawsMatchNodeCrypto) {
  for (const auto& c : challenge_vectors()["winning_sectors"]) {
    const auto picks = c["picks"].get<std::vector<uint64_t>>();
    for (uint64_t n = 0; n < picks.size(); ++n)
      EXPECT_EQ(post_sector_challenge(dom(c["randomness"]), n, c["sector_set_len"], dom(c["prover_id"])), picks[n]);
  }
}

TEST(PoStChallenges, HandBuiltHashInput) {
  const Domain rand = filled(0x1f);
  const uint64_t sector = 0x0102030405060708ull, index = 0x1122334455667788ull, nodes = uint64_t(1) << 31;
  std::vector<uint8_t> input(rand.begin(), rand.end());
  for (int b = 0; b < 8; ++b) input.push_back(uint8_t(sector >> (8 * b)));
  for (int b = 0; b < 8; ++b) input.push_back(uint8_t(index >> (8 * b)));
  const Digest d = sha256(input);
  uint64_t first8 = 0;
  for (int b = 7; b >= 0; --b) first8 = (first8 << 8) | d[size_t(b)];
  EXPECT_EQ(post_leaf_challenge(nodes, rand, sector, index), first8 % nodes);
}

TEST(PoStChallenges, ApiVersionIndexing) {
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_0_0, 3, 10, 4), 34u);
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_1_0, 3, 10, 4), 34u);
  EXPECT_EQ(post_challenge_index(ApiVersion::kV1_2_0, 3, 10, 4), 4u);
  const Domain rand = filled(0x2a);
  const uint64_t nodes = uint64_t(1) << 30, sector = 42;
  // The first sector of a proof is challenged alike under every version.
  EXPECT_EQ(post_sector_leaf_challenges(nodes, ApiVersion::kV1_0_0, rand, sector, 0, 10),
            post_sector_leaf_challenges(nodes, ApiVersion::kV1_2_0, rand, sector, 0, 10));
  // Later sectors: 1.0 continues the index sequence, 1.2 restarts it.
  const auto v10 = post_sector_leaf_challenges(nodes, ApiVersion::kV1_0_0, rand, sector, 5, 10);
  const auto v12 = post_sector_leaf_challenges(nodes, ApiVersion::kV1_2_0, rand, sector, 5, 10);
  EXPECT_NE(v10, v12);
  for (uint64_t n = 0; n < 10; ++n) {
    EXPECT_EQ(v10[n], post_leaf_challenge(nodes, rand, sector, 50 + n));
    EXPECT_EQ(v12[n], post_leaf_challenge(nodes, rand, sector, n));
  }
}

TEST(PoStChallenges, RejectsNonCanonicalRandomnessAndEmptySets) {
  Domain rand = filled(0xff);
  EXPECT_THROW(post_leaf_challenge(64, rand, 1, 0), DecodeError);
  EXPECT_THROW(post_sector_challenge(rand, 0, 5, filled(1)), DecodeError);
  EXPECT_THROW(post_sector_challenge(filled(1), 0, 5, rand), DecodeError);
  EXPECT_THROW(post_sector_challenge(filled(1), 0, 0, filled(1)), Error);
  EXPECT_THROW(post_leaf_challenge(0, filled(1), 1, 0), Error);
  rand[31] &= 0x3f;  // what Lotus and Curio do to chain randomness
  EXPECT_NO_THROW(post_leaf_challenge(64, rand, 1, 0));
}

TEST(PoStChallenges, GoldenWindowPoStProofOpensTheDerivedLeaves) {
  const GoldenPoSt g = read_golden();
  ASSERT_EQ(g.sector_id, 1u);
  ASSERT_EQ(g.leaves.size(), 10u);
  // Window32GiBV1 (API 1.0), the proof's only sector (index 0), randomness 0.
  EXPECT_EQ(post_sector_leaf_challenges(uint64_t(1) << 30, ApiVersion::kV1_0_0, Domain{}, g.sector_id, 0, 10),
            g.leaves);
  // The same through the registered type postpub.json names (8 =
  // StackedDrgWindow32GiBV1) and its API 1.2 successor (13): a proof's first
  // sector is challenged alike under both.
  EXPECT_EQ(post_vanilla_challenges(post_proof_from_id(8), Domain{}, g.sector_id, 0), g.leaves);
  EXPECT_EQ(post_vanilla_challenges(post_proof_from_id(13), Domain{}, g.sector_id, 0), g.leaves);
}
