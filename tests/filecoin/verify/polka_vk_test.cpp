// polka-storage's compressed verifying keys and proofs decode, re-encode to
// the same bytes, and have the IC counts of the real circuits.
#include <gtest/gtest.h>

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

// Scaffolding only: the vk/proof plumbing against inputs computed by hand
// (SHA-256 leaf challenges of sector 77 under randomness [1; 32]).
TEST(PolkaVk, ScaffoldPostVerifiesWithHandInputs) {
  auto kat = load_kat("polka_post_2k.json");
  groth16::PreparedVerifyingKey<E> pvk(decode_polka_vk(bytes_from_hex(kat.at("vk_compressed"))));
  auto proof = bp::proof_from_bytes(bytes_from_hex(kat.at("proof")));
  auto comm_r = filecoin::fr_of(filecoin::domain_from_hex(kat.at("sectors")[0].at("comm_r").get<std::string>()));
  std::vector<E::Fr> x;
  for (int s = 0; s < 2; ++s) {
    x.push_back(comm_r);
    for (uint64_t c : {62, 13, 30, 16, 21, 30, 30, 34, 28, 40}) x.push_back(E::Fr::from_u64(c));
  }
  EXPECT_TRUE(groth16::verify_proof(pvk, proof, std::span<const E::Fr>(x)));
  x[5] = E::Fr::from_u64(22);
  EXPECT_FALSE(groth16::verify_proof(pvk, proof, std::span<const E::Fr>(x)));
}
