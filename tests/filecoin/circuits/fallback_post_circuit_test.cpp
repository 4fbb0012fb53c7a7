// The FallbackPoSt circuit against storage-proofs-post tests/fallback_circuit.rs
// (challenge_count 5, 64 x base tree count leaves, API 1.1): real trees'
// vanilla proofs satisfy every partition with the upstream input and
// constraint counts, and the inputs equal fallback_post_public_inputs, padded
// partitions included. Blank shapes: the 32 GiB bench (5 sectors x 10
// challenges: 266,665), a Window sector (53,333), WinningPoSt 32 GiB
// (66 x 5,615), and the production WindowPoSt circuits (125,279,217; the
// 64 GiB 129,887,900 on request). Then Curio's golden
// 32 GiB WindowPoSt proof satisfies the circuit and a tampered path element
// is caught at the named root check.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/circuits/fallback_post_circuit.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/filecoin_values.hpp"
#include "filecoin/vanilla_check/golden_post.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using TCS = r1cs::TestConstraintSystem<Fr>;

namespace {

r1cs::CircuitShape blank_shape(const FallbackPoStConfig& c) {
  r1cs::ShapeCounter<Fr> counter;
  synthesize_fallback_post(counter, fallback_post_blank_circuit(c));
  return counter.shape();
}

// tests/fallback_circuit.rs test_fallback_post: total_sectors sectors proved
// in `partitions` partitions of sector_count; every partition checked.
void expect_fallback_post(uint32_t base, uint32_t sub, uint32_t top, size_t total_sectors, size_t sector_count,
                          size_t partitions, size_t inputs, size_t constraints) {
  FallbackPoStConfig c;
  c.tree = TreeShape{NodeHasher::kPoseidon, base, sub, top, 0};
  c.tree.leaves = 64 * c.tree.base_tree_count();
  c.sector_count = sector_count;
  c.challenge_count = 5;
  c.api_version = ApiVersion::kV1_1_0;
  SCOPED_TRACE(c.tree.describe() + ", " + std::to_string(total_sectors) + " sectors");
  const Domain randomness = test::data_nodes(1, 99)[0];

  std::vector<PostSector> sectors;
  std::vector<MerkleTree> trees;
  std::vector<Domain> comm_cs;
  for (size_t i = 0; i < total_sectors; ++i) {
    trees.push_back(MerkleTree::build(c.tree, test::data_nodes(c.tree.leaves, 10 + i)));
    comm_cs.push_back(test::data_nodes(1, 50 + i)[0]);
    sectors.push_back({i, poseidon_node(comm_cs.back(), trees.back().root())});
  }
  const auto shape = blank_shape(c);
  ASSERT_EQ(partitions, window_post_partition_count(total_sectors, sector_count));
  for (size_t k = 0; k < partitions; ++k) {
    std::vector<SectorProof> proofs;
    for (size_t i = k * sector_count; i < std::min(total_sectors, (k + 1) * sector_count); ++i) {
      SectorProof p{{}, comm_cs[i], trees[i].root()};
      for (uint64_t leaf : post_sector_leaf_challenges(c.tree.leaves, c.api_version, randomness, sectors[i].sector_id,
                                                       i, c.challenge_count))
        p.inclusion_proofs.push_back(trees[i].prove(leaf));
      proofs.push_back(std::move(p));
    }
    // The vanilla prover pads the partition itself; the builder pads too.
    if (k % 2 == 1)
      while (proofs.size() < sector_count) proofs.push_back(proofs.back());
    TCS cs;
    synthesize_fallback_post(cs, fallback_post_circuit(c, sectors, proofs, k));
    EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt) << "partition " << k;
    EXPECT_EQ(cs.shape().num_inputs, inputs);
    EXPECT_EQ(cs.shape().num_constraints, constraints);
    EXPECT_EQ(cs.shape().num_aux, shape.num_aux);
    EXPECT_EQ(shape.num_constraints, constraints);
    EXPECT_EQ(shape.num_inputs, inputs);
    EXPECT_EQ(std::vector<Fr>(cs.inputs().begin() + 1, cs.inputs().end()),
              fallback_post_public_inputs(public_input_shape(c), randomness, sectors, k))
        << "partition " << k;
  }
}

bool exhaustive() { return std::getenv("CUZK_EXHAUSTIVE") != nullptr; }

FallbackPoStSectorProof golden_proof() {
  return read_fallback_post_sector_proof(vanilla_check_test::golden_bytes("post.vproof"));
}

}  // namespace

TEST(FallbackPoStCircuit, SinglePartitionBase8) { expect_fallback_post(8, 0, 0, 3, 3, 1, 19, 16'869); }
TEST(FallbackPoStCircuit, SinglePartitionSub8_4) { expect_fallback_post(8, 4, 0, 3, 3, 1, 19, 22'674); }
TEST(FallbackPoStCircuit, SinglePartitionTop8_4_2) { expect_fallback_post(8, 4, 2, 3, 3, 1, 19, 27'384); }
TEST(FallbackPoStCircuit, TwoPartitionsBase8) { expect_fallback_post(8, 0, 0, 4, 2, 2, 13, 11'246); }
TEST(FallbackPoStCircuit, SinglePartitionSmallerBase8) { expect_fallback_post(8, 0, 0, 2, 3, 1, 19, 16'869); }
TEST(FallbackPoStCircuit, TwoPartitionsSmallerBase8) { expect_fallback_post(8, 0, 0, 5, 3, 2, 19, 16'869); }

// test_fallback_post_circuit_poseidon_base_8_bench_cs: a 32 GiB tree as one
// 8-0-0 tree (the production 8-8-0 has the same ten arity-8 levels).
TEST(FallbackPoStCircuit, BlankBench32GiB) {
  for (uint32_t sub : {0u, 8u}) {
    const FallbackPoStConfig c{TreeShape{NodeHasher::kPoseidon, 8, sub, 0, uint64_t(1) << 30}, 5, 10,
                               ApiVersion::kV1_1_0};
    const auto s = blank_shape(c);
    EXPECT_EQ(s.num_constraints, 266'665u);
    EXPECT_EQ(s.num_inputs, 1u + 5 * 11);
  }
}

// One sector of the production circuits, and WinningPoSt whole: 66
// one-challenge sectors (313 + one path per sector).
TEST(FallbackPoStCircuit, ProductionSectorAndWinningShapes) {
  FallbackPoStConfig window = fallback_post_config(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2);
  EXPECT_EQ(window.sector_count, 2349u);
  EXPECT_EQ(window.challenge_count, 10u);
  EXPECT_EQ(window.tree, tree_r_shape(uint64_t(32) << 30));
  window.sector_count = 1;
  EXPECT_EQ(blank_shape(window).num_constraints, 53'333u);  // 125,279,217 / 2349
  FallbackPoStConfig window64 = fallback_post_config(RegisteredPoStProof::kStackedDrgWindow64GiBV1);
  window64.sector_count = 1;
  EXPECT_EQ(blank_shape(window64).num_constraints, 56'473u);  // 129,887,900 / 2300

  const auto winning = blank_shape(fallback_post_config(RegisteredPoStProof::kStackedDrgWinning32GiBV1));
  EXPECT_EQ(winning.num_constraints, 66u * (313 + 5'302));
  EXPECT_EQ(winning.num_inputs, 1u + 66 * 2);
  const auto winning64 = blank_shape(fallback_post_config(RegisteredPoStProof::kStackedDrgWinning64GiBV1));
  EXPECT_EQ(winning64.num_constraints, 66u * (313 + 5'616));
}

// filecoin-proofs constants.rs, the WINDOW_POST_SECTOR_COUNT comments: about
// 7 s of counting each, so the 64 GiB one waits for CUZK_EXHAUSTIVE.
TEST(FallbackPoStCircuit, ProductionWindowPoSt32GiBCount) {
  const auto s = blank_shape(fallback_post_config(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2));
  EXPECT_EQ(s.num_constraints, 125'279'217u);
  EXPECT_EQ(s.num_inputs, 1u + 2349 * 11);
}

TEST(FallbackPoStCircuit, ProductionWindowPoSt64GiBCount) {
  if (!exhaustive()) GTEST_SKIP() << "set CUZK_EXHAUSTIVE=1 to count the 130M-constraint 64 GiB WindowPoSt circuit";
  const auto s = blank_shape(fallback_post_config(RegisteredPoStProof::kStackedDrgWindow64GiBV1_2));
  EXPECT_EQ(s.num_constraints, 129'887'900u);
  EXPECT_EQ(s.num_inputs, 1u + 2300 * 11);
}

TEST(FallbackPoStCircuit, GoldenWindowPoStSatisfiesTheCircuit) {
  const auto pub = vanilla_check_test::golden_post_public();
  const auto proof = golden_proof();
  ASSERT_EQ(proof.comm_r, pub.comm_r);
  ASSERT_EQ(proof.sector_id, pub.sector_id);
  FallbackPoStConfig c = fallback_post_config(post_proof_from_id(pub.post_proof));
  const PostSector sector{pub.sector_id, pub.comm_r};
  for (size_t sector_count : {1u, 2u}) {
    c.sector_count = sector_count;  // the production 2349 padded down (or to two, padding one)
    TCS cs;
    synthesize_fallback_post(cs, window_post_circuit(c, std::span(&proof, 1), 0));
    EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
    EXPECT_EQ(cs.shape().num_constraints, sector_count * 53'333);
    EXPECT_EQ(std::vector<Fr>(cs.inputs().begin() + 1, cs.inputs().end()),
              fallback_post_public_inputs(public_input_shape(c), pub.randomness, std::span(&sector, 1), 0));
  }
}

TEST(FallbackPoStCircuit, GoldenWindowPoStTamperedIsRefusedByName) {
  const auto pub = vanilla_check_test::golden_post_public();
  FallbackPoStConfig c = fallback_post_config(post_proof_from_id(pub.post_proof));
  c.sector_count = 1;
  auto first_failure = [&](const FallbackPoStSectorProof& p) {
    TCS cs;
    synthesize_fallback_post(cs, window_post_circuit(c, std::span(&p, 1), 0));
    return cs.which_is_unsatisfied().value_or("satisfied");
  };
  auto contains = [](const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; };

  FallbackPoStSectorProof path = golden_proof();
  path.sectors[0].inclusion_proofs[3].base[2].hashes[1][0] ^= 1;
  const std::string f = first_failure(path);
  EXPECT_TRUE(contains(f, "'outer namespace/sector_0/challenge_inclusion_3/enforce root is correct'")) << f;

  FallbackPoStSectorProof leaf = golden_proof();
  leaf.sectors[0].inclusion_proofs[9].leaf[0] ^= 1;
  EXPECT_TRUE(contains(first_failure(leaf), "challenge_inclusion_9/enforce root is correct"));

  FallbackPoStSectorProof comm_c = golden_proof();
  comm_c.sectors[0].comm_c[0] ^= 1;
  EXPECT_TRUE(contains(first_failure(comm_c), "sector_0/enforce_comm_c_comm_r_last_hash_comm_r"));

  // comm_r_last is every path's root: a wrong one fails the comm_r check first.
  FallbackPoStSectorProof root = golden_proof();
  root.sectors[0].comm_r_last[0] ^= 1;
  EXPECT_TRUE(contains(first_failure(root), "enforce_comm_c_comm_r_last_hash_comm_r"));
}

TEST(FallbackPoStCircuit, BadPartitionsAreRefused) {
  const auto proof = golden_proof();
  const auto window = RegisteredPoStProof::kStackedDrgWindow32GiBV1_2;
  EXPECT_THROW(window_post_circuit(window, std::span(&proof, 1), 1), Error);  // no partition 1
  const FallbackPoStSectorProof twice[2] = {proof, proof};
  EXPECT_THROW(window_post_circuit(window, twice, 0), Error);
  FallbackPoStSectorProof short_proof = proof;
  short_proof.sectors[0].inclusion_proofs.pop_back();
  EXPECT_THROW(window_post_circuit(window, std::span(&short_proof, 1), 0), Error);
  // A 32 GiB proof is not a 64 GiB one, nor a Winning one.
  EXPECT_THROW(window_post_circuit(RegisteredPoStProof::kStackedDrgWindow64GiBV1_2, std::span(&proof, 1), 0), Error);
  EXPECT_THROW(winning_post_circuit(window, proof), Error);
  EXPECT_THROW(winning_post_circuit(RegisteredPoStProof::kStackedDrgWinning32GiBV1, proof), Error);  // 10 != 66
  FallbackPoStConfig zero = fallback_post_config(window);
  zero.challenge_count = 0;
  EXPECT_THROW(fallback_post_blank_circuit(zero), Error);
}

// WinningPoSt 2 KiB from one sector's 66 inclusion proofs (challenge i of
// copy i under API 1.0), checked against winning_post_public_inputs.
TEST(FallbackPoStCircuit, WinningUnrollsTheSectorsInclusionProofs) {
  FallbackPoStConfig c = fallback_post_config(RegisteredPoStProof::kStackedDrgWinning2KiBV1);
  const MerkleTree tree = MerkleTree::build(c.tree, test::data_nodes(c.tree.leaves, 7));
  const Domain randomness = test::data_nodes(1, 8)[0], comm_c = test::data_nodes(1, 9)[0];
  FallbackPoStSectorProof p{42, poseidon_node(comm_c, tree.root()), {SectorProof{{}, comm_c, tree.root()}}};
  for (size_t i = 0; i < c.sector_count; ++i) {
    const uint64_t leaf = post_leaf_challenge(c.tree.leaves, randomness, p.sector_id,
                                              post_challenge_index(c.api_version, i, 1, 0));
    p.sectors[0].inclusion_proofs.push_back(tree.prove(leaf));
  }
  TCS cs;
  synthesize_fallback_post(cs, winning_post_circuit(RegisteredPoStProof::kStackedDrgWinning2KiBV1, p));
  EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
  EXPECT_EQ(cs.shape().num_constraints, 66u * (313 + 1'062));
  EXPECT_EQ(std::vector<Fr>(cs.inputs().begin() + 1, cs.inputs().end()),
            winning_post_public_inputs(c.tree.leaves, 66, c.api_version, randomness, {p.sector_id, p.comm_r}));
}
