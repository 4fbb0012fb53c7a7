// Sparse sectors: a fully labelled small sector is a real CC sector (labels
// against SDR's known answer and the dense labelling, trees against dense
// trees); every generated proof passes the vanilla verifier
// (filecoin/vanilla_check: PoRep C1 against the request's prover, sector,
// ticket, seed and type; PoSt against the type and randomness) at 2 KiB,
// 8 MiB, 32 GiB (8-8-0) and 64 GiB (8-8-2); the codecs round-trip; refusals
// name what is wrong.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "filecoin/vanilla_check/porep_check.hpp"
#include "filecoin/vanilla_check/post_check.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;

namespace {

using enum RegisteredSealProof;
using enum RegisteredPoStProof;
constexpr auto k2KiBV1_1 = kStackedDrg2KiBV1_1, k8MiBV1 = kStackedDrg8MiBV1, k32GiBV1_1 = kStackedDrg32GiBV1_1,
               k64GiBV1_1 = kStackedDrg64GiBV1_1;
constexpr auto k32GiBSynthetic = kStackedDrg32GiBV1_1_Feat_SyntheticPoRep,
               k32GiBNonInteractive = kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep,
               k2KiBSynthetic = kStackedDrg2KiBV1_1_Feat_SyntheticPoRep;
constexpr auto kWinning2KiB = kStackedDrgWinning2KiBV1, kWinning8MiB = kStackedDrgWinning8MiBV1,
               kWindow8MiBV1_2 = kStackedDrgWindow8MiBV1_2, kWinning32GiB = kStackedDrgWinning32GiBV1,
               kWindow32GiBV1_2 = kStackedDrgWindow32GiBV1_2, kWindow64GiBV1_2 = kStackedDrgWindow64GiBV1_2,
               kWindow32GiBV1 = kStackedDrgWindow32GiBV1;

Domain randomness(uint8_t b) { return trunc254(filled(b)); }

SparseSealRequest request(RegisteredSealProof proof) {
  SparseSealRequest r;
  r.proof = proof;
  r.prover_id = filled(0);
  r.prover_id[0] = 0xe8;  // f01000
  r.prover_id[1] = 0x03;
  r.sector_id = 4242;
  r.ticket = filled(12);
  r.seed = filled(13);
  r.default_label = randomness(0x5a);
  return r;
}

PoRepExpect expect_of(const SparseSealRequest& r, const SparseSeal& s) {
  return {.prover_id = r.prover_id,
          .sector_id = r.sector_id,
          .comm_r = s.sector.comm_r(),
          .comm_d = s.plan.comm_d,
          .seed = r.seed,
          .ticket = r.ticket,
          .proof = r.proof};
}

// The C1 output passes the PoRep check with the request's public values,
// and its challenges are the ones the plan labelled.
void expect_valid_seal(const SparseSealRequest& r, const SparseSeal& s) {
  EXPECT_EQ(s.c1.comm_d, zero_piece_commitment(s.plan.spec.sector_size));
  EXPECT_EQ(rederive_porep_challenges(s.c1), s.plan.challenges);
  const VanillaCheck check = check_seal_commit_phase1(s.c1, expect_of(r, s));
  EXPECT_TRUE(check.ok) << check.failure;
  EXPECT_TRUE(check.notes.empty()) << check.notes.front();
}

// The PoSt sector proof passes the PoSt check against the sector's comm_r.
void expect_valid_post(const FallbackPoStSectorProof& post, RegisteredPoStProof proof, const Domain& rand,
                       uint64_t sector_id, const Domain& comm_r, uint64_t sector_index = 0) {
  const VanillaCheck check =
      check_post_sector_proof({.proof = proof, .randomness = rand}, post, PoStSector{sector_id, comm_r}, sector_index);
  EXPECT_TRUE(check.ok) << check.failure;
  EXPECT_TRUE(check.notes.empty()) << check.notes.front();
}

TEST(SparseSector, FullyLabelledTwoKiBReproducesSdrKnownAnswer) {
  // storage-proofs-porep tests/stacked_vanilla.rs: 2 KiB, porep_id [123; 32],
  // API 1.1, replica_id [9; 32], 11 layers; the last node's last label.
  SparseSectorSpec spec{2048, 11, {}, ApiVersion::kV1_1_0};
  spec.porep_id.fill(123);
  SparseSectorContents contents;
  contents.replica_id = filled(9);
  for (uint64_t n = 0; n < 64; ++n) contents.labelled_nodes.push_back(n);
  const SparseSector sector(spec, contents);
  const std::array<uint64_t, 4> limbs{0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc,
                                      0x06021188c7a71cb5};
  Domain expected{};
  for (size_t i = 0; i < 32; ++i) expected[i] = uint8_t(limbs[i / 8] >> (8 * (i % 8)));
  EXPECT_EQ(sector.column(63).rows.back(), expected);
}

// A fully labelled sector of the 8-8-0 (16 KiB) and 8-8-2 (32 KiB) shapes, 11
// layers, against the dense labelling and dense trees.
void expect_fully_labelled_is_dense(uint64_t sector_bytes) {
  SparseSectorSpec spec{sector_bytes, 11, {}, ApiVersion::kV1_1_0};
  spec.porep_id[0] = 6;
  SparseSectorContents contents;
  contents.replica_id = randomness(0x77);
  const uint64_t nodes = sector_bytes / 32;
  for (uint64_t n = 0; n < nodes; ++n) contents.labelled_nodes.push_back(nodes - 1 - n);  // any order
  const SparseSector sector(spec, contents);
  const auto dense = label_all_layers(sector.graph(), contents.replica_id, 11);
  std::vector<Domain> c_leaves(nodes), r_leaves(nodes);
  for (uint64_t n = 0; n < nodes; ++n) {
    std::vector<Domain> rows;
    for (const auto& layer : dense) rows.push_back(layer[n]);
    ASSERT_EQ(sector.column(n).rows, rows) << n;
    c_leaves[n] = poseidon_hash(std::span<const Domain>(rows));
    r_leaves[n] = rows.back();  // encode(key, 0) = key
  }
  const TreeShape shape = tree_r_shape(sector_bytes);
  EXPECT_EQ(sector.comm_c(), MerkleTree::build(shape, c_leaves).root());
  EXPECT_EQ(sector.comm_r_last(), MerkleTree::build(shape, r_leaves).root());
  EXPECT_EQ(sector.comm_d(), zero_piece_commitment(sector_bytes));
}

TEST(SparseSector, FullyLabelledIsTheDenseSectorAndItsTrees) {
  expect_fully_labelled_is_dense(16 << 10);
  expect_fully_labelled_is_dense(32 << 10);
}

TEST(SparseSector, ThirtyTwoGiBCommDIsCurioCcCommitment) {
  // curio lib/proof/treed_build_test.go: the all-zero 32 GiB sector's comm_d.
  const SparseSeal s = seal_sparse(request(k32GiBV1_1));
  EXPECT_EQ(commitment_to_cid(s.c1.comm_d, CommitmentKind::kUnsealed),
            "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq");
  EXPECT_EQ(s.sector.comm_d(), s.sector.tree_d().root());
}

TEST(SparseSector, TreesAgreeWithDenseTreesOverTheSameColumns) {
  auto r = request(k2KiBV1_1);
  r.post_targets.push_back({kWinning2KiB, randomness(3), 0});
  const SparseSeal s = seal_sparse(r);
  std::vector<Domain> c_leaves(64), r_leaves(64);
  size_t filled_leaves = 0;
  for (uint64_t n = 0; n < 64; ++n) {
    c_leaves[n] = poseidon_hash(std::span<const Domain>(s.sector.column(n).rows));
    r_leaves[n] = s.sector.is_labelled(n) ? s.sector.column(n).rows.back() : r.default_label;
    for (uint64_t leaf : s.plan.post_leaves)
      if (leaf == n && !s.sector.is_labelled(n)) r_leaves[n] = sparse_filler_value(n), ++filled_leaves;
  }
  EXPECT_GT(filled_leaves, 0u);
  EXPECT_EQ(s.sector.comm_c(), MerkleTree::build(tree_r_shape(2048), c_leaves).root());
  EXPECT_EQ(s.sector.comm_r_last(), MerkleTree::build(tree_r_shape(2048), r_leaves).root());
}

TEST(SparseSector, TwoKiBSealVerifiesAndRoundTrips) {
  const auto r = request(k2KiBV1_1);
  const SparseSeal s = seal_sparse(r);
  EXPECT_EQ(s.c1.registered_proof, "StackedDrg2KiBV1_1");
  ASSERT_EQ(s.c1.vanilla_proofs.size(), 1u);
  ASSERT_EQ(s.c1.vanilla_proofs[0].size(), 2u);
  expect_valid_seal(r, s);
  const std::string json = write_seal_commit_phase1_json(s.c1);
  EXPECT_EQ(read_seal_commit_phase1_json(json), s.c1);
  const C1OutputWrapper w = wrap_seal_commit_phase1(s.c1, 4242);
  EXPECT_EQ(read_wrapped_seal_commit_phase1(read_c1_output_wrapper_json(write_c1_output_wrapper_json(w))), s.c1);
}

TEST(SparseSector, CheckerRefusesATamperedProof) {
  const auto r = request(k2KiBV1_1);
  const SparseSeal s = seal_sparse(r);
  auto refused = [&](const SealCommitPhase1Output& c1) {
    const VanillaCheck check = check_seal_commit_phase1(c1, expect_of(r, s));
    return !check.ok && !check.failure.empty();
  };
  auto bad_label = s.c1;
  bad_label.vanilla_proofs[0][1].replica_column_proofs.c_x.column.rows[1][0] ^= 1;
  EXPECT_TRUE(refused(bad_label));
  auto bad_parent = s.c1;
  bad_parent.vanilla_proofs[0][0].labeling_proofs[0].parents[3][5] ^= 1;
  EXPECT_TRUE(refused(bad_parent));
  auto bad_seed = s.c1;
  bad_seed.seed[0] ^= 1;
  EXPECT_NE(rederive_porep_challenges(bad_seed), s.plan.challenges);
  EXPECT_TRUE(refused(bad_seed));
  auto bad_comm_r = s.c1;
  bad_comm_r.comm_r[0] ^= 1;
  EXPECT_TRUE(refused(bad_comm_r));
}

TEST(SparseSector, EightMiBSealAndPoStVerify) {
  auto r = request(k8MiBV1);
  r.post_targets.push_back({kWindow8MiBV1_2, randomness(7), 0});
  const SparseSeal s = seal_sparse(r);
  EXPECT_EQ(s.plan.spec.layers, 2u);
  expect_valid_seal(r, s);
  for (auto [proof, count] : {std::pair{kWindow8MiBV1_2, size_t(10)}, std::pair{kWinning8MiB, size_t(66)}}) {
    const auto post = sparse_post_vanilla_proof(s.sector, r.sector_id, proof, randomness(7));
    const auto leaves = sparse_post_leaves(proof, 8ull << 20, randomness(7), r.sector_id, 0);
    ASSERT_EQ(leaves.size(), count);
    ASSERT_EQ(post.sectors[0].inclusion_proofs.size(), count);
    expect_valid_post(post, proof, randomness(7), r.sector_id, s.c1.comm_r);
    EXPECT_EQ(post.comm_r, s.c1.comm_r);
    EXPECT_EQ(read_fallback_post_sector_proof(write_fallback_post_sector_proof(post)), post);
  }
  // The Window target's leaves hold filler values unless PoRep labelled them.
  for (uint64_t leaf : s.plan.post_leaves)
    if (!s.sector.is_labelled(leaf)) {
      EXPECT_EQ(s.sector.replica_leaf(leaf), sparse_filler_value(leaf));
    }
}

void expect_large_seal_valid(RegisteredSealProof proof, RegisteredPoStProof post_proof, uint64_t sector_bytes,
                             const char* name, MerkleProof::Kind kind) {
  auto r = request(proof);
  r.post_targets.push_back({post_proof, randomness(1), 0});
  const SparseSeal s = seal_sparse(r);
  EXPECT_EQ(s.plan.spec.sector_size, sector_bytes);
  EXPECT_EQ(s.c1.registered_proof, name);
  EXPECT_EQ(s.plan.spec.layers, 11u);
  ASSERT_EQ(s.c1.vanilla_proofs.size(), 10u);
  for (const auto& partition : s.c1.vanilla_proofs) ASSERT_EQ(partition.size(), 18u);
  EXPECT_EQ(s.c1.vanilla_proofs[0][0].comm_r_last_proof.kind, kind);
  EXPECT_EQ(s.sector.labelled_count(), 180u);
  expect_valid_seal(r, s);
  EXPECT_EQ(read_seal_commit_phase1_json(write_seal_commit_phase1_json(s.c1)), s.c1);

  const auto post = sparse_post_vanilla_proof(s.sector, r.sector_id, post_proof, randomness(1));
  expect_valid_post(post, post_proof, randomness(1), r.sector_id, s.c1.comm_r);
  for (const auto& p : post.sectors[0].inclusion_proofs) EXPECT_NE(p.leaf, r.default_label);  // filled
  EXPECT_EQ(read_fallback_post_sector_proof(write_fallback_post_sector_proof(post)), post);
}

TEST(SparseSector, ThirtyTwoGiBSealAndWindowPoStVerify) {
  expect_large_seal_valid(k32GiBV1_1, kWindow32GiBV1_2, 32ull << 30, "StackedDrg32GiBV1_1", MerkleProof::Kind::kSub);
}

// The byte position just after the first `needle` from `from`, or Error.
size_t after(const std::string& json, const std::string& needle, size_t from = 0) {
  const size_t at = json.find(needle, from);
  if (at == std::string::npos) throw Error("no " + needle + " in the C1 JSON");
  return at + needle.size();
}

// Flips the low bit of the last digit of the number starting at `pos`: still
// valid JSON and still a byte value (25x stays <= 255), but another value.
std::string flip_number_at(std::string json, size_t pos) {
  size_t end = pos;
  while (end < json.size() && json[end] >= '0' && json[end] <= '9') ++end;
  if (end == pos) throw Error("no number at " + std::to_string(pos));
  json[end - 1] ^= 1;
  return json;
}

TEST(SparseSector, ThirtyTwoGiBC1JsonPassesAndOneChangedByteIsRefused) {
  const auto r = request(k32GiBV1_1);
  const SparseSeal s = seal_sparse(r);
  const PoRepExpect expect = expect_of(r, s);
  const std::string json = write_seal_commit_phase1_json(s.c1);
  const VanillaCheck good = check_seal_commit_phase1_json(json, expect);
  ASSERT_TRUE(good.ok) << good.failure;
  const VanillaCheck wrapped =
      check_c2_input_json(write_c1_output_wrapper_json(wrap_seal_commit_phase1(s.c1, r.sector_id)), expect);
  EXPECT_TRUE(wrapped.ok) << wrapped.failure;

  const size_t r_last = after(json, "\"comm_r_last_proof\":");
  const struct {
    const char* what;
    size_t pos;
  } flips[] = {
      {"a tree D path domain", after(json, "\"hashes\":[[")},
      {"a tree R path domain", after(json, "\"hashes\":[[", r_last)},
      {"a column row", after(json, "\"rows\":[[")},
      {"an expander parent's column row", after(json, "\"rows\":[[", after(json, "\"exp_parents\":"))},
      {"a label parent", after(json, "\"labeling_proofs\":[{\"parents\":[[")},
      {"an encoding parent", after(json, "\"encoding_proof\":{\"parents\":[[")},
      {"a challenge's tree R leaf", after(json, "\"leaf\":[", r_last)},
      {"comm_r", after(json, "},\"comm_r\":[")},
      {"comm_d", after(json, "\"comm_d\":[", json.rfind("\"comm_r\":"))},
      {"replica_id", after(json, "\"replica_id\":[")},
  };
  for (const auto& f : flips) {
    SCOPED_TRACE(f.what);
    const VanillaCheck check = check_seal_commit_phase1_json(flip_number_at(json, f.pos), expect);
    EXPECT_FALSE(check.ok);
    EXPECT_FALSE(check.failure.empty());
    std::printf("  %-32s refused: %s\n", f.what, check.failure.substr(0, 160).c_str());
  }
  // Without an expected comm_r, a changed one still breaks comm_r = Poseidon-2(comm_c, comm_r_last).
  PoRepExpect no_comm_r = expect;
  no_comm_r.comm_r.reset();
  EXPECT_FALSE(check_seal_commit_phase1_json(flip_number_at(json, after(json, "},\"comm_r\":[")), no_comm_r).ok);
}

TEST(SparseSector, SixtyFourGiBSealAndWindowPoStVerify) {
  expect_large_seal_valid(k64GiBV1_1, kWindow64GiBV1_2, 64ull << 30, "StackedDrg64GiBV1_1", MerkleProof::Kind::kTop);
}

TEST(SparseSector, ThirtyTwoGiBWinningAndApiOneWindowOnABuiltSector) {
  const SparseSeal s = seal_sparse(request(k32GiBV1_1));
  for (auto [proof, index] : {std::pair{kWinning32GiB, uint64_t(0)}, std::pair{kWindow32GiBV1, uint64_t(3)}}) {
    const auto post = sparse_post_vanilla_proof(s.sector, 4242, proof, randomness(9), index);
    expect_valid_post(post, proof, randomness(9), 4242, s.c1.comm_r, index);
  }
}

TEST(SparseSector, RefusesWhatItCannotProve) {
  // Synthetic and non-interactive challenges come from comm_r.
  EXPECT_THROW(seal_sparse(request(k32GiBSynthetic)), Error);
  EXPECT_THROW(seal_sparse(request(k32GiBNonInteractive)), Error);
  EXPECT_THROW(seal_sparse(request(k2KiBSynthetic)), Error);
  auto wrong_post = request(k2KiBV1_1);
  wrong_post.post_targets.push_back({kWindow32GiBV1_2, randomness(1), 0});
  EXPECT_THROW(seal_sparse(wrong_post), Error);
  const SparseSeal s = seal_sparse(request(k2KiBV1_1));
  EXPECT_THROW(sparse_post_vanilla_proof(s.sector, 1, kWindow8MiBV1_2, randomness(1)), Error);
  EXPECT_THROW(sparse_post_vanilla_proof(s.sector, 1, kWinning2KiB, randomness(1), 1), Error);
  uint64_t unlabelled = 1;
  while (s.sector.is_labelled(unlabelled)) ++unlabelled;
  EXPECT_THROW(s.sector.prove_challenge(unlabelled), Error);
  EXPECT_THROW(s.sector.prove_challenge(0), Error);

  const SparseSectorSpec spec{2048, 2, {}, ApiVersion::kV1_1_0};
  SparseSectorContents not_canonical, node_too_big, leaf_too_big;
  not_canonical.replica_id = filled(0xff);
  node_too_big.labelled_nodes = {64};
  leaf_too_big.filler_leaves = {64};
  EXPECT_THROW(SparseSector(spec, not_canonical), DecodeError);
  EXPECT_THROW(SparseSector(spec, node_too_big), Error);
  EXPECT_THROW(SparseSector(spec, leaf_too_big), Error);
  EXPECT_THROW(SparseSector(SparseSectorSpec{2048, 3, {}, ApiVersion::kV1_1_0}, {}), Error);
  EXPECT_THROW(SparseSector(SparseSectorSpec{3072, 2, {}, ApiVersion::kV1_1_0}, {}), Error);
  EXPECT_THROW(SparseSector(SparseSectorSpec{128ull << 30, 11, {}, ApiVersion::kV1_1_0}, {}), Error);
}

}  // namespace
