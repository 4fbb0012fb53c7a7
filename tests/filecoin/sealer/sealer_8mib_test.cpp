// The host sealer at 8 MiB (2^18 nodes; ~10 CPU seconds to seal, hence its
// own binary): one sector holding Curio's Test8MiB pattern (byte 0 = 1),
// sealed as StackedDrg8MiBV1_1; comm_d against Curio's CID, then the C1
// output, Window/Winning PoSt proofs and the four SnapDeals partitions
// checked as the 2 KiB tests check them.
#include <gtest/gtest.h>

#include <bit>
#include <memory>

#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

constexpr auto k8MiBV1_1 = RegisteredSealProof::kStackedDrg8MiBV1_1;
constexpr auto kWindow8MiBV1_2 = RegisteredPoStProof::kStackedDrgWindow8MiBV1_2;
constexpr auto kWinning8MiB = RegisteredPoStProof::kStackedDrgWinning8MiBV1;
constexpr uint64_t kNodes = uint64_t(1) << 18;

class Sealer8MiB : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<Domain> data(kNodes);
    data[0][0] = 0x01;  // curio lib/proof/treed_build_test.go Test8MiB
    sector_ = std::make_unique<SealedSector>(seal_sector(seal_config(k8MiBV1_1), data, {filled(6), 8, filled(9)}));
  }
  static void TearDownTestSuite() { sector_.reset(); }
  static std::unique_ptr<SealedSector> sector_;
};

std::unique_ptr<SealedSector> Sealer8MiB::sector_;

}  // namespace

TEST_F(Sealer8MiB, CommDMatchesCurio) {
  EXPECT_EQ(commitment_to_cid(sector_->comm_d, CommitmentKind::kUnsealed),
            "baga6ea4seaqcgqckrcapts6hea44xbqugwocqneekvyp5fizbo6u3e2biluckla");
  EXPECT_EQ(sector_->comm_r, comm_r_of(sector_->tree_c.root(), sector_->tree_r.root()));
  for (uint64_t i = 0; i < kNodes; i += 4099)
    EXPECT_EQ(decode_node(sector_->labels.back()[i], sector_->replica()[i]), sector_->data()[i]);
}

TEST_F(Sealer8MiB, CommitPhase1) {
  const SealedSector& s = *sector_;
  const auto c1 = seal_commit_phase1(k8MiBV1_1, s, filled(13));
  EXPECT_EQ(c1.registered_proof, "StackedDrg8MiBV1_1");
  EXPECT_EQ(c1.vanilla_proofs_kind, VanillaSealProofKind::k8MiB);
  ASSERT_EQ(c1.vanilla_proofs.size(), 1u);
  const auto challenges = interactive_porep_challenges(kNodes, s.replica_id, filled(13), 2, 0);
  ASSERT_EQ(c1.vanilla_proofs[0].size(), challenges.size());
  for (size_t i = 0; i < challenges.size(); ++i) expect_stacked_proof(s, c1.vanilla_proofs[0][i], challenges[i]);
  EXPECT_EQ(read_seal_commit_phase1_json(write_seal_commit_phase1_json(c1)), c1);
}

TEST_F(Sealer8MiB, PoSt) {
  const SealedSector& s = *sector_;
  Domain randomness = filled(0x77);
  randomness[31] &= 0x3f;
  const auto window = post_sector_proof(kWindow8MiBV1_2, s, 8, randomness, 0);
  const auto winning = post_sector_proof(kWinning8MiB, s, 8, randomness, 0);
  const auto window_leaves = post_sector_leaf_challenges(kNodes, ApiVersion::kV1_2_0, randomness, 8, 0, 10);
  const auto winning_leaves = post_sector_leaf_challenges(kNodes, ApiVersion::kV1_0_0, randomness, 8, 0, 66);
  for (const auto& [proof, leaves] : {std::pair{&window, &window_leaves}, std::pair{&winning, &winning_leaves}}) {
    ASSERT_EQ(proof->sectors.at(0).inclusion_proofs.size(), leaves->size());
    for (size_t i = 0; i < leaves->size(); ++i) {
      const auto check = check_merkle_proof(proof->sectors[0].inclusion_proofs[i], tree_r_shape(8 << 20),
                                            {.root = s.comm_r_last, .leaf_index = (*leaves)[i]});
      EXPECT_TRUE(check.ok) << check.error;
    }
  }
}

TEST_F(Sealer8MiB, SnapDeals) {
  const SealedSector& s = *sector_;
  const auto data = random_nodes(kNodes, 88);
  const UpdatedSector u = encode_sector_update(s, data);
  EXPECT_EQ(u.h, 10u);
  EXPECT_EQ(decode_sector_update(u.replica(), s.replica(), u.phi, u.h), data);
  const auto proofs = snap_partition_proofs(s, u);
  ASSERT_EQ(proofs.size(), 4u);
  for (size_t k = 0; k < proofs.size(); ++k) {
    EXPECT_EQ(proofs[k].apex_leafs.size(), 128u);
    const auto challenges = update_challenges(kNodes, u.comm_r_new, k);
    ASSERT_EQ(proofs[k].challenge_proofs.size(), challenges.size());
    for (size_t i = 0; i < challenges.size(); ++i) {
      const auto& cp = proofs[k].challenge_proofs[i];
      EXPECT_TRUE(check_merkle_proof(cp.proof_d_new, tree_d_shape(8 << 20),
                                     {.root = u.comm_d_new, .leaf_index = challenges[i]}).ok);
      EXPECT_TRUE(check_merkle_proof(cp.proof_r_new, tree_r_shape(8 << 20),
                                     {.root = u.comm_r_last_new, .leaf_index = challenges[i]}).ok);
      EXPECT_TRUE(check_merkle_proof(cp.proof_r_old, tree_r_shape(8 << 20),
                                     {.root = s.comm_r_last, .leaf_index = challenges[i]}).ok);
      // the challenge lies in partition k's quarter of the sector
      EXPECT_EQ(challenges[i] >> 16, k);
    }
    // the apex leafs are tree D's row of 512 nodes, this partition's quarter
    for (size_t i = 0; i < 128; ++i) EXPECT_EQ(proofs[k].apex_leafs[i], u.tree_d_new.node(9, k * 128 + i));
  }
}
