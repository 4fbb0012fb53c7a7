// Challenges per registered proof type: which derivation, sizes and API
// version each type picks, Window padding, partition offsets, Winning's 66
// repeated sectors, and Curio's golden WindowPoSt proof through the
// registered-type entry point.
#include <gtest/gtest.h>

#include <vector>

#include "core/error.hpp"
#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/challenges/synthetic_challenges.hpp"
#include "filecoin/challenges/update_challenges.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

Domain filled(uint8_t b) {
  Domain d;
  d.fill(b);
  d[31] &= 0x3f;
  return d;
}

}  // namespace

TEST(RegisteredChallenges, ReplicaIdUsesTheTypesPorepId) {
  const Domain prover = filled(1), ticket = filled(2), comm_d = filled(3);
  for (const auto& p : all_seal_proofs())
    EXPECT_EQ(replica_id(p.proof, prover, 9, ticket, comm_d), replica_id(prover, 9, ticket, comm_d, porep_id(p.proof)));
  EXPECT_NE(replica_id(RegisteredSealProof::kStackedDrg32GiBV1, prover, 9, ticket, comm_d),
            replica_id(RegisteredSealProof::kStackedDrg32GiBV1_1, prover, 9, ticket, comm_d));
}

TEST(RegisteredChallenges, PoRepPicksTheTypesDerivation) {
  const Domain rid = filled(0x21), seed = filled(0x22), comm_r = filled(0x23);
  const uint64_t n32 = uint64_t(1) << 30;
  EXPECT_EQ(porep_partition_challenges(RegisteredSealProof::kStackedDrg32GiBV1_1, rid, seed, comm_r, 9),
            interactive_porep_challenges(n32, rid, seed, 18, 9));
  EXPECT_EQ(porep_partition_challenges(RegisteredSealProof::kStackedDrg2KiBV1, rid, seed, comm_r, 0),
            interactive_porep_challenges(64, rid, seed, 2, 0));
  EXPECT_EQ(porep_partition_challenges(RegisteredSealProof::kStackedDrg32GiBV1_1_Feat_SyntheticPoRep, rid, seed,
                                       comm_r, 4),
            SyntheticChallenges(n32, rid, comm_r).porep_challenges(seed, 18, 4));
  EXPECT_EQ(porep_partition_challenges(RegisteredSealProof::kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep, rid, seed,
                                       comm_r, 125),
            non_interactive_porep_challenges(2 * n32, rid, comm_r, 18, 125));
  // Non-interactive ignores the seed.
  EXPECT_EQ(porep_partition_challenges(RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, rid, seed,
                                       comm_r, 12),
            porep_partition_challenges(RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, rid,
                                       filled(0x77), comm_r, 12));
  EXPECT_THROW(porep_partition_challenges(RegisteredSealProof::kStackedDrg32GiBV1_1, rid, seed, comm_r, 10), Error);
  EXPECT_THROW(porep_partition_challenges(RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, rid,
                                          seed, comm_r, 13),
               Error);
}

TEST(RegisteredChallenges, WindowPartitionsPadByCopyingTheLastSector) {
  const Domain rand = filled(0x31);
  const std::vector<uint64_t> sectors = {11, 12, 13};
  for (auto proof : {RegisteredPoStProof::kStackedDrgWindow32GiBV1, RegisteredPoStProof::kStackedDrgWindow32GiBV1_2}) {
    const auto rows = post_circuit_challenges(proof, rand, sectors, 1);
    ASSERT_EQ(rows.size(), 2349u);
    for (size_t i = 0; i < 3; ++i) EXPECT_EQ(rows[i], post_vanilla_challenges(proof, rand, sectors[i], 2349 + i));
    for (size_t i = 3; i < rows.size(); ++i) ASSERT_EQ(rows[i], rows[2]) << i;
  }
  // API 1.0 offsets by the global sector position (2 sectors per 2 KiB
  // partition); 1.2 does not.
  const std::vector<uint64_t> pair = {11, 12};
  const auto v1 = post_circuit_challenges(RegisteredPoStProof::kStackedDrgWindow2KiBV1, rand, pair, 3);
  const auto v12 = post_circuit_challenges(RegisteredPoStProof::kStackedDrgWindow2KiBV1_2, rand, pair, 3);
  for (uint64_t n = 0; n < 10; ++n) {
    EXPECT_EQ(v1[1][n], post_leaf_challenge(64, rand, 12, (3 * 2 + 1) * 10 + n));
    EXPECT_EQ(v12[1][n], post_leaf_challenge(64, rand, 12, n));
  }
  EXPECT_THROW(post_circuit_challenges(RegisteredPoStProof::kStackedDrgWindow2KiBV1, rand, sectors, 0), Error);
  EXPECT_THROW(post_circuit_challenges(RegisteredPoStProof::kStackedDrgWindow2KiBV1, rand, std::vector<uint64_t>{}, 0),
               Error);
}

TEST(RegisteredChallenges, WinningRepeatsItsSector66Times) {
  const Domain rand = filled(0x41);
  const uint64_t sector = 1234;
  const auto vanilla = post_vanilla_challenges(RegisteredPoStProof::kStackedDrgWinning32GiBV1, rand, sector, 0);
  ASSERT_EQ(vanilla.size(), 66u);
  const std::vector<uint64_t> one = {sector};
  const auto rows = post_circuit_challenges(RegisteredPoStProof::kStackedDrgWinning32GiBV1, rand, one, 0);
  ASSERT_EQ(rows.size(), 66u);
  for (size_t i = 0; i < 66; ++i) {
    ASSERT_EQ(rows[i].size(), 1u);
    EXPECT_EQ(rows[i][0], vanilla[i]);
    EXPECT_EQ(rows[i][0], post_leaf_challenge(uint64_t(1) << 30, rand, sector, i));
  }
  EXPECT_THROW(post_circuit_challenges(RegisteredPoStProof::kStackedDrgWinning32GiBV1, rand, one, 1), Error);
  const std::vector<uint64_t> two = {1, 2};
  EXPECT_THROW(post_circuit_challenges(RegisteredPoStProof::kStackedDrgWinning32GiBV1, rand, two, 0), Error);
  const auto picks =
      winning_post_sector_challenges(RegisteredPoStProof::kStackedDrgWinning32GiBV1, rand, 100, filled(5));
  ASSERT_EQ(picks.size(), 1u);
  EXPECT_EQ(picks[0], post_sector_challenge(rand, 0, 100, filled(5)));
  EXPECT_THROW(winning_post_sector_challenges(RegisteredPoStProof::kStackedDrgWindow32GiBV1, rand, 100, filled(5)),
               Error);
}

TEST(RegisteredChallenges, UpdateUsesTheTypesSize) {
  const Domain comm_r_new = filled(0x51);
  EXPECT_EQ(update_partition_challenges(RegisteredUpdateProof::kStackedDrg32GiBV1, comm_r_new, 15),
            update_challenges(uint64_t(1) << 30, comm_r_new, 15));
  EXPECT_EQ(update_partition_challenges(RegisteredUpdateProof::kStackedDrg8MiBV1, comm_r_new, 3).size(), 10u);
  EXPECT_THROW(update_partition_challenges(RegisteredUpdateProof::kStackedDrg8MiBV1, comm_r_new, 4), Error);
}
