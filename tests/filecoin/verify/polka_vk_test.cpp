// polka-storage's compressed verifying keys and proofs decode, re-encode to
// the same bytes, and have the IC counts of the real circuits; the .vk files
// made from them for the CLI tests hold the same keys.
#include <gtest/gtest.h>

#include <iterator>

#include "formats/bellperson_params.hpp"
#include "groth16/verifier.hpp"
#include "polka_kat.hpp"

using namespace cuzk;
using namespace cuzk::filecoin::test;
namespace bp = cuzk::formats::bellperson;

namespace {

std::vector<uint8_t> encode_polka_vk(const VerifyingKey& vk) {
  std::vector<uint8_t> out;
  auto put = [&](const auto& p) {
    auto b = ec::zcash::encode_compressed(p);
    out.insert(out.end(), b.begin(), b.end());
  };
  put(vk.alpha_g1);
  put(vk.beta_g1);
  put(vk.beta_g2);
  put(vk.gamma_g2);
  put(vk.delta_g1);
  put(vk.delta_g2);
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(vk.ic.size() >> s));
  for (const auto& p : vk.ic) put(p);
  return out;
}

}  // namespace

TEST(PolkaVk, PorepKeyDecodesWithFortyIcPoints) {
  auto kat = load_kat("polka_porep_2k.json");
  auto bytes = bytes_from_hex(kat.at("vk_compressed"));
  ASSERT_EQ(bytes.size(), 2356u);
  auto vk = decode_polka_vk(bytes);
  EXPECT_EQ(vk.ic.size(), 40u);  // ONE + 3 + 2 challenges x 18
  EXPECT_EQ(encode_polka_vk(vk), bytes);
  EXPECT_NO_THROW(bp::proof_from_bytes(bytes_from_hex(kat.at("proof"))));
}

TEST(PolkaVk, PostKeyDecodesWithTwentyThreeIcPoints) {
  auto kat = load_kat("polka_post_2k.json");
  auto bytes = bytes_from_hex(kat.at("vk_compressed"));
  ASSERT_EQ(bytes.size(), 1540u);
  auto vk = decode_polka_vk(bytes);
  EXPECT_EQ(vk.ic.size(), 23u);  // ONE + 2 sectors x (comm_r + 10 challenges)
  EXPECT_EQ(encode_polka_vk(vk), bytes);
  EXPECT_NO_THROW(bp::proof_from_bytes(bytes_from_hex(kat.at("proof"))));
}

TEST(PolkaVk, TruncatedOrPaddedKeysAreRejected) {
  auto bytes = bytes_from_hex(load_kat("polka_post_2k.json").at("vk_compressed"));
  for (size_t cut : {size_t(0), size_t(100), size_t(435), bytes.size() - 1}) {
    EXPECT_THROW(decode_polka_vk(std::span<const uint8_t>(bytes).first(cut)), DecodeError) << cut;
  }
  bytes.push_back(0);
  EXPECT_THROW(decode_polka_vk(bytes), DecodeError);
}

// The bellperson .vk files the CLI tests use (written by @noble/curves,
// make_bellperson_vks.mjs) hold the same keys, byte for byte as cuzk writes them.
TEST(PolkaVk, BellpersonVkFilesHoldTheSameKeys) {
  for (const char* name : {"polka_porep_2k", "polka_post_2k"}) {
    SCOPED_TRACE(name);
    auto vk = decode_polka_vk(bytes_from_hex(load_kat(std::string(name) + ".json").at("vk_compressed")));
    const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/verify/" + name + ".vk";
    std::ifstream f(path, std::ios::binary);
    ASSERT_TRUE(f) << path;
    std::vector<uint8_t> file((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bp::serialize_vk(vk), file);
    EXPECT_TRUE(bp::parse_vk(file, path) == vk);
  }
}
