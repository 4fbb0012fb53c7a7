// PoSt public inputs against vectors computed by Python's hashlib from
// rust-fil-proofs' rules (gen_post_vectors.py): WindowPoSt over two
// partitions with the last one padded, under API 1.0.0 (challenge index
// counted over the sectors) and 1.2.0 (per sector), and WinningPoSt's 66
// one-challenge copies of its sector.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "ff/field_io.hpp"
#include "filecoin/public_inputs/post_public_inputs.hpp"
#include "filecoin/verify/proof_types.hpp"
#include "polka_kat.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::filecoin::test::load_kat;

namespace {

std::vector<PostSector> sectors_of(const nlohmann::json& c) {
  std::vector<PostSector> out;
  for (const auto& s : c.at("sectors"))
    out.push_back({s.at("sector_id").get<uint64_t>(), domain_from_hex(s.at("comm_r").get<std::string>())});
  return out;
}

std::vector<std::string> decimal(const std::vector<Fr>& x) {
  std::vector<std::string> out;
  for (const auto& v : x) out.push_back(ff::to_decimal(v));
  return out;
}

}  // namespace

TEST(PostPublicInputs, MatchIndependentVectors) {
  const auto j = load_kat("post_inputs_vectors.json");
  ASSERT_EQ(j.at("cases").size(), 3u);
  for (const auto& c : j.at("cases")) {
    SCOPED_TRACE(c.at("type").get<std::string>());
    const auto type = filecoin_proof_type(c.at("type").get<std::string>());
    EXPECT_EQ(type.sector_nodes, c.at("sector_nodes").get<uint64_t>());
    EXPECT_EQ(type.post.sectors_per_partition, c.at("sectors_per_partition").get<size_t>());
    EXPECT_EQ(type.post.challenges_per_sector, c.at("challenges_per_sector").get<size_t>());
    EXPECT_STREQ(api_version_name(type.post.api_version), c.at("api_version").get<std::string>().c_str());
    const Domain randomness = domain_from_hex(c.at("randomness").get<std::string>());
    const auto sectors = sectors_of(c);
    std::vector<std::vector<std::string>> got;
    if (type.kind == FilecoinProofKind::kWinningPoSt) {
      ASSERT_EQ(sectors.size(), 1u);
      EXPECT_EQ(type.winning_challenges, 66u);
      got.push_back(decimal(winning_post_public_inputs(type.sector_nodes, type.winning_challenges,
                                                       type.post.api_version, randomness, sectors[0])));
    } else {
      for (const auto& x : window_post_public_inputs(type.post, randomness, sectors)) got.push_back(decimal(x));
    }
    EXPECT_EQ(got, c.at("inputs").get<std::vector<std::vector<std::string>>>());
  }
}

TEST(PostPublicInputs, PartitionCounts) {
  EXPECT_EQ(window_post_partition_count(0, 2), 1u);
  EXPECT_EQ(window_post_partition_count(2, 2), 1u);
  EXPECT_EQ(window_post_partition_count(3, 2), 2u);
  EXPECT_EQ(window_post_partition_count(2349, 2349), 1u);
  EXPECT_EQ(window_post_partition_count(2350, 2349), 2u);
}

TEST(PostPublicInputs, BadValuesAreRefused) {
  const auto type = filecoin_proof_type("StackedDrgWindow2KiBV1_2");
  Domain r{};
  r[0] = 1;
  Domain c{};
  c[0] = 7;
  EXPECT_THROW(window_post_public_inputs(type.post, r, {}), Error);
  EXPECT_THROW(window_post_public_inputs(type.post, r, {{4, c}, {4, c}}), Error);  // sector 4 twice
  Domain high;
  high.fill(0xff);
  EXPECT_THROW(window_post_public_inputs(type.post, high, {{4, c}}), DecodeError);  // randomness above the modulus
  try {
    window_post_public_inputs(type.post, r, {{4, c}, {5, high}});
    FAIL() << "non-canonical comm_r accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("comm_r of sector 5"), std::string::npos) << e.what();
  }
  std::vector<PostSector> two{{1, c}, {2, c}};
  EXPECT_THROW(fallback_post_public_inputs(type.post, r, two, 1), Error);  // no partition 1
}
