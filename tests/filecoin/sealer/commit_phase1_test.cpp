// C1 output of the host sealer: every proof of every partition checked
// independently (Merkle paths against comm_d / comm_c / comm_r_last, labels
// recomputed from the proofs' parents, the encoding recomputed), the
// challenges re-derived with the challenge module's own formulas, and the
// output round-tripped through the SealCommitPhase1Output JSON codec; for
// interactive (API 1.0 and 1.1), synthetic and non-interactive 2 KiB types,
// and stacked proofs at the test sizes 4, 16, 32 KiB.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/synthetic_challenges.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/stacked_proof_builder.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

// RegisteredSealProof ids (go-state-types numbering); the enum is only
// declared where Merkle trees are in scope.
constexpr auto k2KiBV1 = RegisteredSealProof::kStackedDrg2KiBV1;
constexpr auto k2KiBV1_1 = RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr auto k2KiBSynthetic = RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep;
constexpr auto k2KiBNonInteractive = RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep;

SectorIdentity identity() { return {filled(3), 1234, filled(12)}; }

std::vector<uint64_t> challenged_nodes(const std::vector<StackedProof>& partition) {
  std::vector<uint64_t> out;
  for (const auto& p : partition) out.push_back(p.replica_column_proofs.c_x.column.index);
  return out;
}

void expect_c1_valid(const SealCommitPhase1Output& c1, const SealedSector& s) {
  EXPECT_EQ(c1.comm_r, s.comm_r);
  EXPECT_EQ(c1.comm_d, s.comm_d);
  EXPECT_EQ(c1.replica_id, s.replica_id);
  EXPECT_EQ(c1.ticket, s.identity.ticket);
  EXPECT_EQ(c1.vanilla_proofs_kind, VanillaSealProofKind::k2KiB);
  for (const auto& partition : c1.vanilla_proofs)
    for (const auto& p : partition) expect_stacked_proof(s, p, p.replica_column_proofs.c_x.column.index);
  // the codec writes it and reads it back unchanged
  EXPECT_EQ(read_seal_commit_phase1_json(write_seal_commit_phase1_json(c1)), c1);
}

}  // namespace

TEST(CommitPhase1, InteractiveV1_1) {
  const SealedSector s = seal_sector(seal_config(k2KiBV1_1), random_nodes(64, 5), identity());
  const Domain seed = filled(13);
  const auto c1 = seal_commit_phase1(k2KiBV1_1, s, seed);
  EXPECT_EQ(c1.registered_proof, "StackedDrg2KiBV1_1");
  EXPECT_EQ(c1.seed, seed);
  ASSERT_EQ(c1.vanilla_proofs.size(), 1u);
  ASSERT_EQ(c1.vanilla_proofs[0].size(), 2u);
  EXPECT_EQ(challenged_nodes(c1.vanilla_proofs[0]), interactive_porep_challenges(64, s.replica_id, seed, 2, 0));
  expect_c1_valid(c1, s);
}

TEST(CommitPhase1, InteractiveV1OfCcSector) {
  const SealedSector s = seal_cc_sector(seal_config(k2KiBV1), identity());
  EXPECT_EQ(s.config.api_version, ApiVersion::kV1_0_0);
  const auto c1 = seal_commit_phase1(k2KiBV1, s, filled(1));
  EXPECT_EQ(c1.registered_proof, "StackedDrg2KiBV1");
  EXPECT_EQ(challenged_nodes(c1.vanilla_proofs.at(0)),
            interactive_porep_challenges(64, s.replica_id, filled(1), 2, 0));
  expect_c1_valid(c1, s);
}

TEST(CommitPhase1, Synthetic) {
  const SealedSector s = seal_sector(seal_config(k2KiBSynthetic), random_nodes(64, 6), identity());
  const Domain seed = filled(13);
  const auto c1 = seal_commit_phase1(k2KiBSynthetic, s, seed);
  EXPECT_EQ(c1.registered_proof, "StackedDrg2KiBV1_1_Feat_SyntheticPoRep");
  ASSERT_EQ(c1.vanilla_proofs.size(), 1u);
  const SyntheticChallenges synth(64, s.replica_id, s.comm_r);
  EXPECT_EQ(challenged_nodes(c1.vanilla_proofs[0]), synth.porep_challenges(seed, 2, 0));
  expect_c1_valid(c1, s);
}

TEST(CommitPhase1, NonInteractive) {
  const SealedSector s = seal_sector(seal_config(k2KiBNonInteractive), random_nodes(64, 7), identity());
  const auto c1 = seal_commit_phase1(k2KiBNonInteractive, s, filled(0));
  EXPECT_EQ(c1.registered_proof, "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep");
  ASSERT_GT(c1.vanilla_proofs.size(), 1u);
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k)
    EXPECT_EQ(challenged_nodes(c1.vanilla_proofs[k]),
              non_interactive_porep_challenges(64, s.replica_id, s.comm_r, c1.vanilla_proofs[k].size(), k))
        << "partition " << k;
  expect_c1_valid(c1, s);
}

TEST(CommitPhase1, RefusesASectorSealedForAnotherType) {
  const SealedSector s = seal_cc_sector(seal_config(k2KiBV1), identity());  // API 1.0, porep_id 0
  EXPECT_THROW(seal_commit_phase1(k2KiBV1_1, s, filled(1)), Error);
}

TEST(CommitPhase1, StackedProofsAtTestSizes) {
  for (uint64_t size : {uint64_t(4) << 10, uint64_t(16) << 10, uint64_t(32) << 10}) {
    SCOPED_TRACE(size);
    SealConfig c = seal_config(k2KiBV1_1);
    c.sector_size = size;
    const SealedSector s = seal_sector(c, random_nodes(size / 32, size + 1), identity());
    const auto challenges = interactive_porep_challenges(size / 32, s.replica_id, filled(9), 4, 0);
    const auto proofs = stacked_partition_proofs(s.graph, DenseSectorOpenings(s), {challenges});
    ASSERT_EQ(proofs.size(), 1u);
    for (size_t i = 0; i < challenges.size(); ++i) expect_stacked_proof(s, proofs[0][i], challenges[i]);
  }
}

TEST(CommitPhase1, RefusesNodeZero) {
  const SealedSector s = seal_cc_sector(seal_config(k2KiBV1_1), identity());
  EXPECT_THROW(stacked_proof(s.graph, DenseSectorOpenings(s), 0), Error);
  EXPECT_THROW(stacked_proof(s.graph, DenseSectorOpenings(s), 64), Error);
}
