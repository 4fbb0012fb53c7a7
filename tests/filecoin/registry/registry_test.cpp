// The registered proof types and per-size parameters against the values in
// rust-filecoin-proofs-api registry.rs (including its porep_id test
// vectors), filecoin-proofs constants.rs and storage-proofs-update
// constants.rs (FILECOIN.md §3.1, §3.5, §4.1).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/error.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/sector_params.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/registry/update_proof.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {
constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;
}

TEST(SectorParams, PublishedSizes) {
  struct Row {
    uint64_t size, nodes;
    size_t layers;
    TreeArities tree;
    size_t porep_partitions, porep_min, ni_partitions, ni_min, window_sectors, up_partitions, up_challenges,
        up_apex, up_h;
    const char* name;
  };
  const Row rows[] = {
      {2 * KiB, 64, 2, {8, 0, 0}, 1, 2, 13, 26, 2, 1, 10, 8, 1, "2KiB"},
      {8 * MiB, 1 << 18, 2, {8, 0, 0}, 1, 2, 13, 26, 2, 4, 10, 128, 10, "8MiB"},
      {512 * MiB, 1 << 24, 2, {8, 0, 0}, 1, 2, 13, 26, 2, 16, 86, 128, 10, "512MiB"},
      {32 * GiB, 1ull << 30, 11, {8, 8, 0}, 10, 176, 126, 2253, 2349, 16, 86, 128, 10, "32GiB"},
      {64 * GiB, 1ull << 31, 11, {8, 8, 2}, 10, 176, 126, 2253, 2300, 16, 86, 128, 10, "64GiB"},
  };
  ASSERT_EQ(published_sector_sizes().size(), 5u);
  for (const Row& r : rows) {
    const SectorParams& p = sector_params(r.size);
    EXPECT_EQ(p.nodes, r.nodes);
    EXPECT_EQ(p.layers, r.layers);
    EXPECT_EQ(p.tree, r.tree);
    EXPECT_EQ(p.porep_partitions, r.porep_partitions);
    EXPECT_EQ(p.porep_minimum_challenges, r.porep_min);
    EXPECT_EQ(p.ni_porep_partitions, r.ni_partitions);
    EXPECT_EQ(p.ni_porep_minimum_challenges, r.ni_min);
    EXPECT_EQ(p.window_post_sector_count, r.window_sectors);
    EXPECT_EQ(p.update_partitions, r.up_partitions);
    EXPECT_EQ(p.update_challenges_per_partition, r.up_challenges);
    EXPECT_EQ(p.update_apex_leaves, r.up_apex);
    EXPECT_EQ(p.update_h, r.up_h);
    EXPECT_EQ(sector_size_name(r.size), r.name);
    const size_t per = r.size >= 32 * GiB ? 18 : 2;
    EXPECT_EQ(porep_challenges_per_partition(p, false), per);
    EXPECT_EQ(porep_challenges_per_partition(p, true), per);  // ceil(2253 / 126) = 18, ceil(26 / 13) = 2
  }
  EXPECT_EQ(TreeArities({8, 8, 2}).arities(), "8-8-2");
  try {
    sector_params(4 * KiB);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("4096"), std::string::npos) << e.what();
  }
}

TEST(UpdateParams, EverySizeRustAllows) {
  // nodes, partitions, challenges, apex leaves, h default.
  const uint64_t rows[][5] = {{1 << 5, 1, 10, 8, 1},     {1 << 6, 1, 10, 8, 1},       {1 << 7, 1, 10, 8, 1},
                              {1 << 8, 1, 10, 8, 1},     {1 << 9, 2, 10, 128, 1},     {1 << 10, 2, 10, 128, 1},
                              {1 << 18, 4, 10, 128, 10}, {1 << 19, 4, 10, 128, 10},   {1 << 24, 16, 86, 128, 10},
                              {1ull << 30, 16, 86, 128, 10}, {1ull << 31, 16, 86, 128, 10}};
  for (const auto& r : rows) {
    EXPECT_TRUE(is_update_sector_nodes(r[0]));
    EXPECT_EQ(update_partition_count(r[0]), r[1]) << r[0];
    EXPECT_EQ(update_challenge_count(r[0]), r[2]) << r[0];
    EXPECT_EQ(update_apex_leaf_count(r[0]), r[3]) << r[0];
    EXPECT_EQ(update_h_default(r[0]), r[4]) << r[0];
    EXPECT_EQ(update_poseidon_challenge_count(r[0]), r[1] * r[2]);
  }
  EXPECT_EQ(update_h_select(1 << 30, 10), 8u);
  EXPECT_EQ(update_h_select(1 << 30, 7), 1u);
  EXPECT_EQ(update_h_select(1 << 6, 1), 1u);
  EXPECT_THROW(update_h_select(1 << 30, 13), Error);
  EXPECT_THROW(update_partition_count(1 << 20), Error);
  EXPECT_FALSE(is_update_sector_nodes(3));
}

TEST(SealProof, AllTwentyTypes) {
  const char* names[] = {"StackedDrg2KiBV1",
                         "StackedDrg8MiBV1",
                         "StackedDrg512MiBV1",
                         "StackedDrg32GiBV1",
                         "StackedDrg64GiBV1",
                         "StackedDrg2KiBV1_1",
                         "StackedDrg8MiBV1_1",
                         "StackedDrg512MiBV1_1",
                         "StackedDrg32GiBV1_1",
                         "StackedDrg64GiBV1_1",
                         "StackedDrg2KiBV1_1_Feat_SyntheticPoRep",
                         "StackedDrg8MiBV1_1_Feat_SyntheticPoRep",
                         "StackedDrg512MiBV1_1_Feat_SyntheticPoRep",
                         "StackedDrg32GiBV1_1_Feat_SyntheticPoRep",
                         "StackedDrg64GiBV1_1_Feat_SyntheticPoRep",
                         "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep",
                         "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep",
                         "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep",
                         "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep",
                         "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep"};
  const uint64_t sizes[] = {2 * KiB, 8 * MiB, 512 * MiB, 32 * GiB, 64 * GiB};
  ASSERT_EQ(all_seal_proofs().size(), 20u);
  for (uint64_t id = 0; id < 20; ++id) {
    const SealProofInfo& p = seal_proof_info(seal_proof_from_id(id));
    EXPECT_EQ(p.id(), id);
    EXPECT_EQ(p.name, names[id]);
    EXPECT_EQ(seal_proof_from_name(names[id]), p.proof);
    EXPECT_EQ(p.sector_size, sizes[id % 5]);
    const bool big = id % 5 >= 3;
    switch (id / 5) {
      case 0:
        EXPECT_EQ(p.api_version, ApiVersion::kV1_0_0);
        EXPECT_EQ(p.challenge_kind, PoRepChallengeKind::kInteractive);
        break;
      case 1:
        EXPECT_EQ(p.api_version, ApiVersion::kV1_1_0);
        EXPECT_EQ(p.challenge_kind, PoRepChallengeKind::kInteractive);
        break;
      case 2:  // named V1_1, but API 1.2
        EXPECT_EQ(p.api_version, ApiVersion::kV1_2_0);
        EXPECT_EQ(p.challenge_kind, PoRepChallengeKind::kSynthetic);
        break;
      case 3:
        EXPECT_EQ(p.api_version, ApiVersion::kV1_2_0);
        EXPECT_EQ(p.challenge_kind, PoRepChallengeKind::kNonInteractive);
        break;
    }
    const bool ni = id >= 15;
    EXPECT_EQ(p.partitions, ni ? (big ? 126u : 13u) : (big ? 10u : 1u)) << id;
    EXPECT_EQ(p.minimum_challenges, ni ? (big ? 2253u : 26u) : (big ? 176u : 2u)) << id;
    EXPECT_EQ(p.challenges_per_partition, big ? 18u : 2u) << id;
  }
}

// registry.rs test_porep_id: the hex of every porep_id.
TEST(SealProof, PorepIdsFromRegistryTest) {
  for (uint64_t id = 0; id < 20; ++id) {
    char first[3];
    snprintf(first, sizeof first, "%02x", unsigned(id));
    EXPECT_EQ(to_hex(porep_id(RegisteredSealProof(id))), std::string(first) + std::string(62, '0')) << id;
  }
}

TEST(SealProof, LookupErrorsNameTheValue) {
  try {
    seal_proof_from_id(20);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("20"), std::string::npos) << e.what();
  }
  try {
    seal_proof_from_name("StackedDrg32GiBV2");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("StackedDrg32GiBV2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(seal_proof_info(RegisteredSealProof(77)), Error);
  EXPECT_THROW(porep_id(RegisteredSealProof(20)), Error);
}

TEST(PoStProof, AllFifteenTypes) {
  const char* names[] = {"StackedDrgWinning2KiBV1",  "StackedDrgWinning8MiBV1",   "StackedDrgWinning512MiBV1",
                         "StackedDrgWinning32GiBV1", "StackedDrgWinning64GiBV1",  "StackedDrgWindow2KiBV1",
                         "StackedDrgWindow8MiBV1",   "StackedDrgWindow512MiBV1",  "StackedDrgWindow32GiBV1",
                         "StackedDrgWindow64GiBV1",  "StackedDrgWindow2KiBV1_2",  "StackedDrgWindow8MiBV1_2",
                         "StackedDrgWindow512MiBV1_2", "StackedDrgWindow32GiBV1_2", "StackedDrgWindow64GiBV1_2"};
  const uint64_t sizes[] = {2 * KiB, 8 * MiB, 512 * MiB, 32 * GiB, 64 * GiB};
  const size_t window_sectors[] = {2, 2, 2, 2349, 2300};
  ASSERT_EQ(all_post_proofs().size(), 15u);
  for (uint64_t id = 0; id < 15; ++id) {
    const PoStProofInfo& p = post_proof_info(post_proof_from_id(id));
    EXPECT_EQ(p.id(), id);
    EXPECT_EQ(p.name, names[id]);
    EXPECT_EQ(post_proof_from_name(names[id]), p.proof);
    EXPECT_EQ(p.sector_size, sizes[id % 5]);
    EXPECT_EQ(p.sector_nodes(), sizes[id % 5] / 32);
    EXPECT_EQ(p.api_version, id < 10 ? ApiVersion::kV1_0_0 : ApiVersion::kV1_2_0) << id;
    if (id < 5) {
      EXPECT_EQ(p.type, PoStType::kWinning);
      EXPECT_EQ(p.sector_count, 1u);
      EXPECT_EQ(p.challenge_count, 66u);
      EXPECT_EQ(p.circuit_sector_count, 66u);
      EXPECT_EQ(p.circuit_challenge_count, 1u);
    } else {
      EXPECT_EQ(p.type, PoStType::kWindow);
      EXPECT_EQ(p.sector_count, window_sectors[id % 5]);
      EXPECT_EQ(p.challenge_count, 10u);
      EXPECT_EQ(p.circuit_sector_count, window_sectors[id % 5]);
      EXPECT_EQ(p.circuit_challenge_count, 10u);
    }
  }
  EXPECT_THROW(post_proof_from_id(15), Error);
  EXPECT_THROW(post_proof_from_name("StackedDrgWindow32GiBV1_1"), Error);  // the Go spelling of id 13
  EXPECT_EQ(post_partitions(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2, 2349), 1u);
  EXPECT_EQ(post_partitions(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2, 2350), 2u);
  EXPECT_EQ(post_partitions(RegisteredPoStProof::kStackedDrgWindow2KiBV1, 5), 3u);
  EXPECT_EQ(post_partitions(RegisteredPoStProof::kStackedDrgWinning32GiBV1, 1), 1u);
  EXPECT_THROW(post_partitions(RegisteredPoStProof::kStackedDrgWindow2KiBV1, 0), Error);
}

TEST(UpdateProof, AllFiveTypes) {
  const char* names[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1", "StackedDrg32GiBV1",
                         "StackedDrg64GiBV1"};
  const uint64_t sizes[] = {2 * KiB, 8 * MiB, 512 * MiB, 32 * GiB, 64 * GiB};
  const size_t partitions[] = {1, 4, 16, 16, 16}, challenges[] = {10, 10, 86, 86, 86}, hs[] = {1, 10, 10, 10, 10},
               apex[] = {8, 128, 128, 128, 128};
  ASSERT_EQ(all_update_proofs().size(), 5u);
  for (uint64_t id = 0; id < 5; ++id) {
    const UpdateProofInfo& p = update_proof_info(update_proof_from_id(id));
    EXPECT_EQ(p.name, names[id]);
    EXPECT_EQ(update_proof_from_name(names[id]), p.proof);
    EXPECT_EQ(p.sector_size, sizes[id]);
    EXPECT_EQ(p.api_version, ApiVersion::kV1_1_0);
    EXPECT_EQ(p.partitions, partitions[id]);
    EXPECT_EQ(p.challenges_per_partition, challenges[id]);
    EXPECT_EQ(p.h, hs[id]);
    EXPECT_EQ(p.apex_leaves, apex[id]);
    char first[3];
    snprintf(first, sizeof first, "%02x", unsigned(id));
    EXPECT_EQ(to_hex(porep_id(p.proof)), std::string(first) + std::string(62, '0'));
  }
  EXPECT_THROW(update_proof_from_id(5), Error);
  EXPECT_THROW(update_proof_from_name("StackedDrg2KiBV1_1"), Error);
}
