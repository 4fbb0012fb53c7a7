// Parameter file names: every published circuit's .params and .vk name must
// be a key of rust-fil-proofs' parameters.json (a copy in
// tests/filecoin/data/registry/), and together they must be all of its keys.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "filecoin/registry/parameter_ids.hpp"

using namespace cuzk::filecoin;

namespace {

const nlohmann::json& parameters_json() {
  static const nlohmann::json j = [] {
    std::ifstream in(std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/registry/parameters.json");
    if (!in) throw std::runtime_error("cannot open parameters.json");
    return nlohmann::json::parse(in);
  }();
  return j;
}

}  // namespace

TEST(ParameterIds, PublishedCircuitsAreExactlyTheKeysOfParametersJson) {
  const auto& json = parameters_json();
  ASSERT_EQ(json.size(), 44u);
  std::set<std::string> ours;
  const auto circuits = published_circuits();
  ASSERT_EQ(circuits.size(), 20u);
  for (const auto& c : circuits) {
    for (const std::string& file : {c.params_file(), c.vk_file()}) {
      ASSERT_TRUE(json.contains(file)) << file << "\n  identifier: " << c.identifier;
      EXPECT_EQ(json[file]["sector_size"].get<uint64_t>(), c.sector_size) << file;
      ours.insert(file);
    }
  }
  // The rest: the SnapDeals-Poseidon circuits of 32 and 64 GiB.
  for (auto proof : {RegisteredUpdateProof::kStackedDrg32GiBV1, RegisteredUpdateProof::kStackedDrg64GiBV1}) {
    const auto c = update_poseidon_circuit_parameters(proof);
    for (const std::string& file : {c.params_file(), c.vk_file()}) {
      ASSERT_TRUE(json.contains(file)) << file;
      ours.insert(file);
    }
  }
  EXPECT_EQ(ours.size(), json.size());
}

TEST(ParameterIds, EverySealProofUsesItsSizesCircuit) {
  const auto& json = parameters_json();
  for (const auto& p : all_seal_proofs()) {
    const auto c = circuit_parameters(p.proof);
    EXPECT_TRUE(json.contains(c.params_file())) << p.name;
    EXPECT_EQ(c.cache_id, circuit_parameters(RegisteredSealProof(p.id() % 5)).cache_id) << p.name;
  }
  for (const auto& p : all_post_proofs()) EXPECT_TRUE(json.contains(circuit_parameters(p.proof).vk_file())) << p.name;
  // Window V1 and V1_2 share a circuit; Winning has its own.
  EXPECT_EQ(circuit_parameters(RegisteredPoStProof::kStackedDrgWindow32GiBV1).cache_id,
            circuit_parameters(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2).cache_id);
  EXPECT_NE(circuit_parameters(RegisteredPoStProof::kStackedDrgWinning32GiBV1).cache_id,
            circuit_parameters(RegisteredPoStProof::kStackedDrgWindow32GiBV1_2).cache_id);
}

TEST(ParameterIds, IdentifierStringsAsRustFormatsThem) {
  EXPECT_EQ(circuit_parameters(RegisteredSealProof::kStackedDrg32GiBV1_1).identifier,
            "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 base_graph: "
            "drgraph::BucketGraph{size: 1073741824; degree: 6; hasher: poseidon_hasher} }, challenges: "
            "LayerChallenges { layers: 11, max_count: 18 }, tree: merkletree-poseidon_hasher-8-8-0 }");
  EXPECT_EQ(circuit_parameters(RegisteredPoStProof::kStackedDrgWinning2KiBV1).identifier,
            "FallbackPoSt::PublicParams{sector_size: 2048, challenge_count: 1, sector_count: 66}");
  EXPECT_EQ(circuit_parameters(RegisteredPoStProof::kStackedDrgWindow64GiBV1_2).identifier,
            "FallbackPoSt::PublicParams{sector_size: 68719476736, challenge_count: 10, sector_count: 2300}");
  EXPECT_EQ(circuit_parameters(RegisteredUpdateProof::kStackedDrg8MiBV1).identifier,
            "empty_sector_update::PublicParams{ sector_nodes: 262144 }");
  // The file names FILECOIN.md §2.4 lists.
  EXPECT_EQ(circuit_parameters(RegisteredSealProof::kStackedDrg2KiBV1).params_file(),
            "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
            "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f.params");
  EXPECT_EQ(circuit_parameters(RegisteredPoStProof::kStackedDrgWinning64GiBV1).vk_file(),
            "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-2-"
            "b62098629d07946e9028127e70295ed996fe3ed25b0f9f88eb610a0ab4385a3c.vk");
  EXPECT_EQ(circuit_parameters(RegisteredUpdateProof::kStackedDrg32GiBV1).meta_file(),
            "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-"
            "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18.meta");
}
