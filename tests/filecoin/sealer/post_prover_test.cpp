// FallbackPoSt sector proofs of the host sealer: the proven leaves are the
// challenges re-derived with post_challenges' formulas (Window API 1.2: index
// n; Window API 1.0: sector_index * 10 + n; Winning: 66 leaves, index n),
// every inclusion proof verifies against comm_r_last, comm_c / comm_r_last /
// comm_r are the sector's, and the bincode codec round-trips the proof.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

constexpr auto kSeal2KiBV1_1 = RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr auto kWinning2KiB = RegisteredPoStProof::kStackedDrgWinning2KiBV1;
constexpr auto kWindow2KiBV1 = RegisteredPoStProof::kStackedDrgWindow2KiBV1;
constexpr auto kWindow2KiBV1_2 = RegisteredPoStProof::kStackedDrgWindow2KiBV1_2;
constexpr auto kWindow8MiBV1_2 = RegisteredPoStProof::kStackedDrgWindow8MiBV1_2;

void expect_post_proof(const SealedSector& s, const FallbackPoStSectorProof& p, uint64_t sector_id,
                       const std::vector<uint64_t>& leaves) {
  EXPECT_EQ(p.sector_id, sector_id);
  EXPECT_EQ(p.comm_r, s.comm_r);
  ASSERT_EQ(p.sectors.size(), 1u);
  EXPECT_EQ(p.sectors[0].comm_c, s.comm_c);
  EXPECT_EQ(p.sectors[0].comm_r_last, s.comm_r_last);
  ASSERT_EQ(p.sectors[0].inclusion_proofs.size(), leaves.size());
  for (size_t i = 0; i < leaves.size(); ++i) {
    const auto check =
        check_merkle_proof(p.sectors[0].inclusion_proofs[i], tree_r_shape(s.config.sector_size),
                           {.root = s.comm_r_last, .leaf_index = leaves[i], .leaf = s.replica()[leaves[i]]});
    EXPECT_TRUE(check.ok) << "challenge " << i << ": " << check.error;
  }
  EXPECT_EQ(read_fallback_post_sector_proof(write_fallback_post_sector_proof(p)), p);
}

Domain randomness() {
  Domain r = filled(0xa5);
  r[31] &= 0x3f;
  return r;
}

}  // namespace

TEST(PostProver, WindowV1_2) {
  const SealedSector s = seal_sector(seal_config(kSeal2KiBV1_1), random_nodes(64, 11), {filled(1), 77, filled(2)});
  const auto p = post_sector_proof(kWindow2KiBV1_2, s, 77, randomness(), 1);
  expect_post_proof(s, p, 77, post_sector_leaf_challenges(64, ApiVersion::kV1_2_0, randomness(), 77, 1, 10));
}

TEST(PostProver, WindowV1CountsChallengesOverSectors) {
  const SealedSector s = seal_cc_sector(seal_config(kSeal2KiBV1_1), {filled(1), 78, filled(2)});
  const auto p = post_sector_proof(kWindow2KiBV1, s, 78, randomness(), 3);
  const auto leaves = post_sector_leaf_challenges(64, ApiVersion::kV1_0_0, randomness(), 78, 3, 10);
  expect_post_proof(s, p, 78, leaves);
  // challenge index 3 * 10 + n
  for (size_t n = 0; n < 10; ++n) EXPECT_EQ(leaves[n], post_leaf_challenge(64, randomness(), 78, 30 + n));
}

TEST(PostProver, Winning) {
  const SealedSector s = seal_sector(seal_config(kSeal2KiBV1_1), random_nodes(64, 12), {filled(1), 79, filled(2)});
  const auto p = post_sector_proof(kWinning2KiB, s, 79, randomness());
  expect_post_proof(s, p, 79, post_sector_leaf_challenges(64, ApiVersion::kV1_0_0, randomness(), 79, 0, 66));
}

TEST(PostProver, AnyLeavesAtATestSize) {
  SealConfig c = seal_config(kSeal2KiBV1_1);
  c.sector_size = 32 << 10;  // shape 8-8-2: Top proofs
  const SealedSector s = seal_sector(c, random_nodes(1024, 13), {filled(1), 80, filled(2)});
  const std::vector<uint64_t> leaves{0, 1, 511, 512, 1023};
  expect_post_proof(s, post_sector_proof(s, 80, leaves), 80, leaves);
  EXPECT_THROW(post_sector_proof(s, 80, std::vector<uint64_t>{1024}), Error);
}

TEST(PostProver, RefusesAnotherSectorSize) {
  const SealedSector s = seal_cc_sector(seal_config(kSeal2KiBV1_1), {filled(1), 81, filled(2)});
  EXPECT_THROW(post_sector_proof(kWindow8MiBV1_2, s, 81, randomness()), Error);
}
