// Readers of .zkey, .wtns, .r1cs and the JSON files refuse bad input with an
// error naming the problem: truncation, missing or duplicated sections,
// sizes inconsistent with the header, foreign primes, unsupported protocols,
// points off the curve, out-of-range indices and values.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "ff/field_io.hpp"
#include "formats/public_inputs_json.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/r1cs_file.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
namespace sj = cuzk::formats::snarkjs;
using Bytes = std::vector<uint8_t>;

namespace {

Bytes load(const std::string& curve, const std::string& name) {
  MappedFile f(testing_support::snarkjs_fixture(curve, name));
  return Bytes(f.bytes().begin(), f.bytes().end());
}

// Section id -> (offset of its 12-byte header, offset of its data).
std::map<uint32_t, std::pair<size_t, size_t>> sections(const Bytes& b) {
  auto u32 = [&](size_t o) { return uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 | uint32_t(b[o + 3]) << 24; };
  std::map<uint32_t, std::pair<size_t, size_t>> out;
  size_t pos = 12;
  for (uint32_t i = 0, n = u32(8); i < n; ++i) {
    uint64_t size = u32(pos + 4) | uint64_t(u32(pos + 8)) << 32;
    out[u32(pos)] = {pos, pos + 12};
    pos += 12 + size;
  }
  return out;
}

void put_u32(Bytes& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = uint8_t(v >> (8 * i));
}

// expr must throw a DecodeError (exactly that type: a bare Error, another
// exception or none fails) whose message contains needle.
std::string last_decode_error;

#define EXPECT_DECODE_ERROR(expr, needle)                                                          \
  do {                                                                                             \
    last_decode_error = "(no DecodeError)";                                                        \
    EXPECT_THROW(                                                                                  \
        {                                                                                          \
          try {                                                                                    \
            (void)(expr);                                                                          \
          } catch (const DecodeError& e) {                                                         \
            last_decode_error = e.what();                                                          \
            throw;                                                                                 \
          }                                                                                        \
        },                                                                                         \
        DecodeError);                                                                              \
    EXPECT_NE(last_decode_error.find(needle), std::string::npos)                                   \
        << "expected \"" << (needle) << "\" in: " << last_decode_error;                            \
  } while (0)

auto zkey_bn(const Bytes& b) { return sj::read_zkey<Bn254>(b, "zkey"); }
auto zkey_bls(const Bytes& b) { return sj::read_zkey<Bls12_381>(b, "zkey"); }

}  // namespace

TEST(Zkey, ReadsBothCurves) {
  auto bn = load("bn128", "circuit.zkey");
  auto bls = load("bls12381", "circuit.zkey");
  EXPECT_EQ(sj::zkey_curve(bn, "bn"), sj::Curve::kBn128);
  EXPECT_EQ(sj::zkey_curve(bls, "bls"), sj::Curve::kBls12381);
  auto pk = zkey_bn(bn);
  EXPECT_EQ(pk.n_public, 3u);
  EXPECT_EQ(pk.vk.ic.size(), 4u);
  EXPECT_DECODE_ERROR(zkey_bls(bn), "the key is for bn128, not bls12381");
}

TEST(Zkey, Truncation) {
  auto b = load("bn128", "circuit.zkey");
  for (size_t len : {size_t(0), size_t(3), size_t(11), size_t(20), size_t(100), b.size() / 2, b.size() - 1}) {
    SCOPED_TRACE("first " + std::to_string(len) + " bytes");
    Bytes t(b.begin(), b.begin() + len);
    EXPECT_DECODE_ERROR(zkey_bn(t), "truncated");
  }
}

TEST(Zkey, WrongMagicAndVersion) {
  auto b = load("bn128", "circuit.zkey");
  auto m = b;
  m[0] = 'w';
  EXPECT_DECODE_ERROR(zkey_bn(m), "not a .zkey file");
  m = b;
  put_u32(m, 4, 7);
  EXPECT_DECODE_ERROR(zkey_bn(m), "unsupported .zkey version 7");
}

TEST(Zkey, UnsupportedProtocol) {
  auto b = load("bn128", "circuit.zkey");
  put_u32(b, sections(b)[1].second, 2);
  EXPECT_DECODE_ERROR(zkey_bn(b), "unsupported protocol plonk");
}

TEST(Zkey, MissingAndDuplicatedSections) {
  auto b = load("bn128", "circuit.zkey");
  auto s = sections(b);
  auto m = b;
  put_u32(m, s[9].first, 11);
  EXPECT_DECODE_ERROR(zkey_bn(m), "section 9 (H) is missing");
  m = b;
  put_u32(m, s[10].first, 9);
  EXPECT_DECODE_ERROR(zkey_bn(m), "section 9 (H) appears more than once");
}

TEST(Zkey, ForeignPrimes) {
  auto b = load("bn128", "circuit.zkey");
  const size_t q_at = sections(b)[2].second + 4;
  auto m = b;
  m[q_at] ^= 2;
  EXPECT_DECODE_ERROR(zkey_bn(m), "neither bn128's nor bls12381's");
  m = b;
  m[q_at + 32 + 4] ^= 2;  // r
  EXPECT_DECODE_ERROR(zkey_bn(m), "scalar field prime r is not the one of bn128");
}

TEST(Zkey, SectionSizesAgainstHeader) {
  auto b = load("bn128", "circuit.zkey");
  const size_t nvars_at = sections(b)[2].second + 4 + 32 + 4 + 32;
  auto m = b;
  put_u32(m, nvars_at, 19);
  EXPECT_DECODE_ERROR(zkey_bn(m), "section 5 (A) has 1152 bytes, expected 1216 from the header");
  m = b;
  put_u32(m, nvars_at + 8, 64);  // domainSize
  EXPECT_DECODE_ERROR(zkey_bn(m), "section 9 (H) has");
  m = b;
  put_u32(m, nvars_at + 8, 48);
  EXPECT_DECODE_ERROR(zkey_bn(m), "domainSize = 48 is not a power of two");
  m = b;
  put_u32(m, sections(b)[4].second, 1000);
  EXPECT_DECODE_ERROR(zkey_bn(m), "its count of 1000 coefficients needs");
}

TEST(Zkey, Coefficients) {
  auto b = load("bn128", "circuit.zkey");
  const size_t c0 = sections(b)[4].second + 4;
  auto m = b;
  put_u32(m, c0, 2);
  EXPECT_DECODE_ERROR(zkey_bn(m), "coefficient 0 (section 4): matrix 2 is neither 0 (A) nor 1 (B)");
  m = b;
  put_u32(m, c0 + 4, 32);
  EXPECT_DECODE_ERROR(zkey_bn(m), "constraint 32 is outside the domain of 32");
  m = b;
  put_u32(m, c0 + 8, 18);
  EXPECT_DECODE_ERROR(zkey_bn(m), "signal 18 is not below nVars = 18");
  m = b;
  for (int i = 0; i < 32; ++i) m[c0 + 12 + i] = 0xff;
  EXPECT_DECODE_ERROR(zkey_bn(m), "value is not below r");
}

// Writers list each matrix by row, which the reader builds in place; any
// other order (here: the whole list reversed) takes the counting sort, and
// both give the same matrices.
TEST(Zkey, CoefficientsInAnyOrder) {
  auto b = load("bn128", "circuit.zkey");
  const size_t c0 = sections(b)[4].second;
  const uint32_t n = uint32_t(b[c0]) | uint32_t(b[c0 + 1]) << 8 | uint32_t(b[c0 + 2]) << 16 | uint32_t(b[c0 + 3]) << 24;
  const size_t w = 12 + 32;
  auto reversed = b;
  for (uint32_t i = 0; i < n; ++i)
    std::copy_n(b.begin() + long(c0 + 4 + i * w), w, reversed.begin() + long(c0 + 4 + (n - 1 - i) * w));
  const auto in_order = zkey_bn(b), out_of_order = zkey_bn(reversed);
  using F = Bn254::Fr;
  std::mt19937_64 rng(7);
  std::vector<F> x(in_order.n_vars);
  for (auto& v : x) v = ff::random_element<F>(rng);
  for (auto [q1, q2] : {std::pair{&in_order.qap_a, &out_of_order.qap_a}, std::pair{&in_order.qap_b, &out_of_order.qap_b}}) {
    ASSERT_EQ(q1->entries(), q2->entries());
    ASSERT_EQ(q1->rows(), q2->rows());
    std::vector<F> y1(q1->rows()), y2(q2->rows());
    q1->mul_vec(x, y1);
    q2->mul_vec(x, y2);
    EXPECT_EQ(y1, y2);
  }
  EXPECT_GT(in_order.qap_a.entries() + in_order.qap_b.entries(), 0u);
  EXPECT_EQ(in_order.qap_a.entries() + in_order.qap_b.entries(), size_t(n));
}

TEST(Zkey, PointsOffCurve) {
  for (std::string curve : {"bn128", "bls12381"}) {
    auto b = load(curve, "circuit.zkey");
    auto s = sections(b);
    auto m = b;
    // A[1] (wire 1 is a public output, non-zero in A): bump its x
    const size_t g1 = curve == "bn128" ? 64 : 96;
    m[s[5].second + g1 + 1] ^= 1;
    auto read = [&] { return curve == "bn128" ? (void)zkey_bn(m) : (void)zkey_bls(m); };
    EXPECT_DECODE_ERROR(read(), "A[1] (section 5, byte " + std::to_string(g1) + ")");
    EXPECT_DECODE_ERROR(read(), "not on the curve");
    m = b;
    m[s[2].second + 4 + g1 / 2 + 4 + 32 + 12 + 1] ^= 1;  // alpha1's x
    EXPECT_DECODE_ERROR(read(), "groth16 header");
    EXPECT_DECODE_ERROR(read(), "(alpha1)");
  }
}

TEST(Wtns, ReadsAndRefuses) {
  auto b = load("bn128", "witness.wtns");
  auto w = sj::read_wtns<Bn254>(b, "w");
  EXPECT_EQ(w.size(), 18u);
  EXPECT_TRUE(w[0].is_one());
  EXPECT_DECODE_ERROR(sj::read_wtns<Bls12_381>(b, "w"), "witness prime is the bn128 scalar field, but the key's field is bls12381's");
  Bytes t(b.begin(), b.end() - 5);
  EXPECT_DECODE_ERROR(sj::read_wtns<Bn254>(t, "w"), "truncated");
  auto s = sections(b);
  auto m = b;
  put_u32(m, s[1].second + 4 + 32, 19);
  EXPECT_DECODE_ERROR(sj::read_wtns<Bn254>(m, "w"), "section 2 (witness values) has 576 bytes, expected 608");
  m = b;
  for (int i = 0; i < 32; ++i) m[s[2].second + 32 * 3 + i] = 0xff;
  EXPECT_DECODE_ERROR(sj::read_wtns<Bn254>(m, "w"), "wire 3 is not below the field's prime");
  m = b;
  m[s[1].second + 4] ^= 4;
  EXPECT_DECODE_ERROR(sj::read_wtns<Bn254>(m, "w"), "of no supported curve");
}

TEST(R1cs, ReadsAndRefuses) {
  auto b = load("bls12381", "circuit.r1cs");
  EXPECT_EQ(sj::r1cs_curve(b, "r"), sj::Curve::kBls12381);
  auto r = sj::read_r1cs<Bls12_381>(b, "r");
  EXPECT_EQ(r.header.n_wires, 18u);
  EXPECT_EQ(r.header.n_public(), 3u);
  EXPECT_EQ(r.a.rows(), r.header.n_constraints);
  EXPECT_DECODE_ERROR(sj::read_r1cs<Bn254>(b, "r"), "not the scalar field of bn128");
  auto s = sections(b);
  auto m = b;
  put_u32(m, s[2].second + 4, 99);  // first term's wire of constraint 0, A
  EXPECT_DECODE_ERROR(sj::read_r1cs<Bls12_381>(m, "r"), "constraint 0 A term 0: wire 99 is not below nWires = 18");
  m = b;
  put_u32(m, s[2].second, 100000);
  EXPECT_DECODE_ERROR(sj::read_r1cs<Bls12_381>(m, "r"), "claims 100000 terms");
  m = b;
  put_u32(m, s[3].first, 4);  // a custom gates section
  EXPECT_DECODE_ERROR(sj::read_r1cs<Bls12_381>(m, "r"), "custom gates");
  Bytes t(b.begin(), b.begin() + 200);
  EXPECT_DECODE_ERROR(sj::read_r1cs<Bls12_381>(t, "r"), "truncated");
}

TEST(Json, VerificationKeyAndProof) {
  const std::string vk = formats::read_text_file(testing_support::snarkjs_fixture("bn128", "verification_key.json"));
  const std::string proof = formats::read_text_file(testing_support::snarkjs_fixture("bn128", "proof.json"));
  EXPECT_EQ(sj::json_curve(vk, "vk"), sj::Curve::kBn128);
  auto k = sj::vk_from_json<Bn254>(vk, "vk");
  EXPECT_EQ(k.ic.size(), 4u);
  EXPECT_DECODE_ERROR(sj::vk_from_json<Bls12_381>(vk, "vk"), "not on bls12381");

  auto j = nlohmann::json::parse(vk);
  j["protocol"] = "plonk";
  EXPECT_DECODE_ERROR(sj::vk_from_json<Bn254>(j.dump(), "vk"), "unsupported protocol \"plonk\"");
  j = nlohmann::json::parse(vk);
  j["IC"][1][0] = "5";
  EXPECT_DECODE_ERROR(sj::vk_from_json<Bn254>(j.dump(), "vk"), "IC[1]: point is not on the curve");
  j = nlohmann::json::parse(vk);
  j["nPublic"] = 7;
  EXPECT_DECODE_ERROR(sj::vk_from_json<Bn254>(j.dump(), "vk"), "disagrees with the 4 IC points");
  j = nlohmann::json::parse(vk);
  j["curve"] = "mnt4";
  EXPECT_DECODE_ERROR(sj::json_curve(j.dump(), "vk"), "unsupported curve \"mnt4\"");
  EXPECT_DECODE_ERROR(sj::vk_from_json<Bn254>("{", "vk"), "not valid JSON");

  auto p = nlohmann::json::parse(proof);
  p["pi_a"][0] = "12x";
  EXPECT_DECODE_ERROR(sj::proof_from_json<Bn254>(p.dump(), "proof"), "proof: pi_a[0]");
  p = nlohmann::json::parse(proof);
  p.erase("pi_c");
  EXPECT_DECODE_ERROR(sj::proof_from_json<Bn254>(p.dump(), "proof"), "missing \"pi_c\"");
  p = nlohmann::json::parse(proof);
  p["pi_b"][0] = "1";
  EXPECT_DECODE_ERROR(sj::proof_from_json<Bn254>(p.dump(), "proof"), "pi_b[0]: expected an array of two decimal strings");

  EXPECT_DECODE_ERROR(sj::public_from_json<Bn254::Fr>("[\"1\", 2]", "pub"), "entry 1: expected a decimal string");
  EXPECT_DECODE_ERROR(sj::public_from_json<Bn254::Fr>(
                   "[\"21888242871839275222246405745257275088548364400416034343698204186575808495617\"]", "pub"),
               "not below the modulus");
}

// A proof in other projective coordinates (z != 1) names the same point.
TEST(Json, JacobianCoordinates) {
  auto p = sj::proof_from_json<Bn254>(formats::read_text_file(testing_support::snarkjs_fixture("bn128", "proof.json")),
                                      "proof");
  using Fq = Bn254::G1::Base;
  Fq z = Fq::from_u64(7), z2 = z * z;
  nlohmann::json j = nlohmann::json::parse(sj::proof_to_json(p));
  j["pi_a"] = {ff::to_decimal(p.a.x * z2), ff::to_decimal(p.a.y * z2 * z), ff::to_decimal(z)};
  EXPECT_EQ(sj::proof_from_json<Bn254>(j.dump(), "p"), p);
}
