// PoRep public inputs for every registered challenge mode and size: the
// counts of FILECOIN.md §4.1 (3 + 18 per challenge: 39 for the small sizes,
// 327 for 32/64 GiB), partition k's challenges as the registry-level
// derivation gives them, every parent entry as the SDR graph gives it, and
// the commitment checks of filecoin-proofs verify_seal. The interactive
// layout is pinned end to end by polka_verify_test (a real proof verifies).
#include <gtest/gtest.h>

#include "filecoin/challenges/registered_challenges.hpp"
#include "core/error.hpp"
#include "filecoin/public_inputs/porep_public_inputs.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

Domain filled(uint8_t b) {
  Domain d;
  d.fill(b);
  d[31] &= 0x3f;
  return d;
}

PorepPublicValues values() { return {filled(0x21), filled(0x43), filled(0x05), filled(0x07), filled(0x09), 1234}; }

}  // namespace

TEST(PorepPublicInputs, EveryRegisteredTypeHasTheCircuitsShape) {
  for (const auto& info : all_seal_proofs()) {
    SCOPED_TRACE(std::string(info.name));
    const auto shape = porep_shape(info.proof);
    const auto v = values();
    PorepPublicInputs in(shape, v);
    EXPECT_EQ(in.replica_id(), replica_id(info.proof, v.prover_id, v.sector_id, v.ticket, v.comm_d));
    const StackedGraph graph(shape.sector_nodes, shape.porep_id, shape.api_version);
    // the first and the last partition
    for (size_t k : {size_t(0), shape.partitions - 1}) {
      const auto x = in.partition(k);
      const size_t per = info.challenges_per_partition;
      ASSERT_EQ(x.size(), 3 + 18 * per);
      EXPECT_EQ(x.size() + 1, info.sector_size >= (uint64_t(32) << 30) ? 328u : 40u);
      EXPECT_EQ(x[0], fr_of(in.replica_id()));
      EXPECT_EQ(x[1], fr_of(v.comm_d));
      EXPECT_EQ(x[2], fr_of(v.comm_r));
      const auto cs = porep_partition_challenges(info.proof, in.replica_id(), v.seed, v.comm_r, k);
      ASSERT_EQ(in.challenges(k), cs);
      for (size_t i = 0; i < per; i += per - 1) {  // first and last challenge
        const size_t at = 3 + 18 * i;
        const auto parents = graph.parents(cs[i]);
        for (size_t p = 0; p < 14; ++p) EXPECT_EQ(x[at + 1 + p], Fr::from_u64(parents[p])) << "parent " << p;
        for (size_t off : {0u, 15u, 16u, 17u}) EXPECT_EQ(x[at + off], Fr::from_u64(cs[i])) << "offset " << off;
      }
    }
    EXPECT_THROW(in.partition(shape.partitions), Error);
  }
}

TEST(PorepPublicInputs, ModesDrawDifferentChallenges) {
  const auto v = values();
  const auto interactive = PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_1), v).challenges(3);
  const auto synthetic =
      PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_1_Feat_SyntheticPoRep), v).challenges(3);
  const auto ni =
      PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep), v)
          .challenges(3);
  EXPECT_NE(interactive, synthetic);
  EXPECT_NE(interactive, ni);
  EXPECT_NE(synthetic, ni);
  // the seed moves interactive and synthetic challenges, never NI's
  auto w = v;
  w.seed[0] ^= 1;
  EXPECT_NE(PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_1), w).challenges(3), interactive);
  EXPECT_NE(
      PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_1_Feat_SyntheticPoRep), w).challenges(3),
      synthetic);
  EXPECT_EQ(
      PorepPublicInputs(porep_shape(RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep), w)
          .challenges(3),
      ni);
}

TEST(PorepPublicInputs, CommitmentsAreChecked) {
  const auto shape = porep_shape(RegisteredSealProof::kStackedDrg2KiBV1_1);
  auto v = values();
  v.comm_r = Domain{};
  EXPECT_THROW(PorepPublicInputs(shape, v), DecodeError);
  v = values();
  v.comm_d.fill(0xff);
  try {
    PorepPublicInputs in(shape, v);
    FAIL() << "non-canonical comm_d accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("comm_d"), std::string::npos) << e.what();
  }
  // ticket, seed and prover_id are hashed, never read as field elements
  v = values();
  v.ticket.fill(0xff);
  v.seed.fill(0xff);
  v.prover_id.fill(0xff);
  EXPECT_NO_THROW(PorepPublicInputs(shape, v).partition(0));
  auto bad = shape;
  bad.partitions = 0;
  EXPECT_THROW(PorepPublicInputs(bad, values()), Error);
}
