// bellperson params and proof bytes: written, read back and re-proved give
// verifying proofs; truncation and corruption anywhere give DecodeErrors;
// any single flipped bit of a proof makes it fail to decode or to verify.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "formats/bellperson_params.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
namespace bp = cuzk::formats::bellperson;
using F = Bls12_381::Fr;

namespace {

// Knowledge of a, b with a * b = c (public), and a + b = d (public).
struct MulCircuit {
  F a, b;
  template <class CS>
  void operator()(CS& cs) const {
    using LC = r1cs::LinearCombination<F>;
    auto c = cs.alloc_input("c", [&] { return a * b; });
    auto d = cs.alloc_input("d", [&] { return a + b; });
    auto av = cs.alloc("a", [&] { return a; });
    auto bv = cs.alloc("b", [&] { return b; });
    cs.enforce("mul", LC(av), LC(bv), LC(c));
    cs.enforce("add", LC(av) + LC(bv), LC(r1cs::Variable::one()), LC(d));
  }
};

struct Fixture {
  MulCircuit circuit{F::from_u64(6), F::from_u64(7)};
  ProvingKey<Bls12_381> pk = generate_random_parameters<Bls12_381>(circuit);
  std::vector<F> x{F::from_u64(42), F::from_u64(13)};

  Proof<Bls12_381> prove(const ProvingKey<Bls12_381>& key) const {
    r1cs::ShapeCounter<F> sc;
    circuit(sc);
    r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
    r1cs::ProvingAssignment<F> pa(buf.view());
    circuit(pa);
    pa.finish();
    return prove_cpu(key, pa);
  }
};

const Fixture& fixture() {
  static Fixture f;
  return f;
}

}  // namespace

TEST(BellpersonFormat, ParamsRoundTripAndReprove) {
  const auto& fx = fixture();
  auto bytes = bp::serialize_params(fx.pk);
  auto pk2 = bp::parse_params(bytes, "test params");
  EXPECT_TRUE(pk2 == fx.pk);
  auto proof = fx.prove(pk2);
  PreparedVerifyingKey<Bls12_381> pvk(bp::parse_vk(bp::serialize_vk(pk2.vk), "vk"));
  EXPECT_TRUE(verify_proof(pvk, proof, std::span<const F>(fx.x)));

  const std::string path = ::testing::TempDir() + "/cuzk_params_test.params";
  bp::write_params(fx.pk, path);
  EXPECT_TRUE(bp::read_params(path) == fx.pk);
  EXPECT_THROW(bp::read_params(path + ".missing"), Error);
}

TEST(BellpersonFormat, EveryTruncationIsRejected) {
  auto bytes = bp::serialize_params(fixture().pk);
  for (size_t len = 0; len < bytes.size(); len += (len < 400 ? 1 : 37)) {
    EXPECT_THROW(bp::parse_params(std::span<const uint8_t>(bytes).first(len), "p"), DecodeError) << "len " << len;
  }
  bytes.push_back(0);
  EXPECT_THROW(bp::parse_params(bytes, "p"), DecodeError);
}

TEST(BellpersonFormat, CorruptionIsRejectedWithReason) {
  auto good = bp::serialize_params(fixture().pk);
  // a section length larger than the file
  {
    auto b = good;
    size_t ic_len_at = 96 * 2 + 192 * 2 + 96 + 192;
    b[ic_len_at] = 0x7f;
    try {
      bp::parse_params(b, "p");
      FAIL();
    } catch (const DecodeError& e) {
      EXPECT_NE(std::string(e.what()).find("vk.ic claims"), std::string::npos) << e.what();
    }
  }
  // a coordinate changed so the point leaves the curve
  {
    auto b = good;
    b[96 + 50] ^= 0x01;  // beta_g1.y
    try {
      bp::parse_params(b, "p");
      FAIL();
    } catch (const DecodeError& e) {
      EXPECT_NE(std::string(e.what()).find("vk.beta_g1"), std::string::npos) << e.what();
    }
  }
  // a compressed flag where an uncompressed point is expected
  {
    auto b = good;
    b[0] |= 0x80;
    EXPECT_THROW(bp::parse_params(b, "p"), DecodeError);
  }
  // random single-byte corruption anywhere: decode error or (if it only changed
  // a count we can't distinguish) still a DecodeError, never a crash
  std::mt19937_64 rng(1);
  for (int t = 0; t < 200; ++t) {
    auto b = good;
    b[rng() % b.size()] ^= uint8_t(1 + rng() % 255);
    try {
      auto pk = bp::parse_params(b, "p");
      EXPECT_FALSE(pk == fixture().pk);
    } catch (const DecodeError&) {
    }
  }
}

TEST(BellpersonFormat, ProofBytesAndBitFlips) {
  const auto& fx = fixture();
  auto proof = fx.prove(fx.pk);
  auto bytes = bp::proof_to_bytes(proof);
  auto back = bp::proof_from_bytes(bytes);
  EXPECT_TRUE(back == proof);
  PreparedVerifyingKey<Bls12_381> pvk(fx.pk.vk);
  EXPECT_TRUE(verify_proof(pvk, back, std::span<const F>(fx.x)));
  // Every single-bit flip must fail to decode or fail to verify. Which one is
  // predictable: flipping a point's sign flag (0x20 of its first byte) gives
  // its negation, a valid encoding that must then fail verification; any other
  // flip breaks the flags, or gives an x that is non-canonical, off the curve
  // or (with overwhelming probability, the cofactors being ~2^126 and more)
  // outside the prime-order subgroup, which the decoder must refuse.
  const std::vector<size_t> sign_bits = {0 * 8 + 5, 48 * 8 + 5, 144 * 8 + 5};  // A, B, C
  std::vector<size_t> decoded_bits;
  for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    auto b = bytes;
    b[bit / 8] ^= uint8_t(1u << (bit % 8));
    try {
      auto p = bp::proof_from_bytes(b);
      EXPECT_FALSE(verify_proof(pvk, p, std::span<const F>(fx.x))) << "bit " << bit << " flipped still verifies";
      decoded_bits.push_back(bit);
    } catch (const DecodeError&) {
    }
  }
  EXPECT_EQ(decoded_bits, sign_bits) << "the bits whose flip still decodes should be exactly the three sign flags";
  EXPECT_THROW(bp::proof_from_bytes(std::span<const uint8_t>(bytes).first(191)), DecodeError);
}
