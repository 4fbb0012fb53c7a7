// Point encodings: ZCash/IETF (BLS12-381) and snarkjs (both curves). Known
// generator encodings, round trips of random points and infinity, and one test
// per reason a decoder must reject its input (with the reason in the message).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ec/encoded_point.hpp"
#include "ec/sample.hpp"
#include "ec/serialize_snarkjs.hpp"
#include "ec/serialize_zcash.hpp"

using namespace cuzk;
using namespace cuzk::ec;

namespace {

std::vector<uint8_t> unhex(const std::string& s) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < s.size(); i += 2) out.push_back(uint8_t(std::stoi(s.substr(i, 2), nullptr, 16)));
  return out;
}

template <class Bytes>
std::string hex(const Bytes& b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t v : b) {
    s.push_back(d[v >> 4]);
    s.push_back(d[v & 15]);
  }
  return s;
}

// Runs f, which must throw DecodeError whose message contains every needle.
void expect_decode_error(const std::function<void()>& f, std::initializer_list<const char*> needles) {
  try {
    f();
  } catch (const DecodeError& e) {
    std::string msg = e.what();
    for (const char* n : needles) EXPECT_NE(msg.find(n), std::string::npos) << "message '" << msg << "' lacks '" << n << "'";
    return;
  }
  ADD_FAILURE() << "no DecodeError thrown";
}

template <class Bytes>
std::span<const uint8_t> sp(const Bytes& b) {
  return std::span<const uint8_t>(b.data(), b.size());
}

const char* kG1Compressed =
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
const char* kG2Compressed =
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
const char* kG1Uncompressed =
    "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
    "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
// BLS12-381 p, big-endian: a coordinate equal to p is the smallest non-canonical one.
const char* kP381 =
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

// ---------------------------------------------------------------- ZCash layout

TEST(Zcash, KnownGeneratorEncodings) {
  EXPECT_EQ(hex(zcash::encode_compressed(Affine<Bls12_381_G1>::generator())), kG1Compressed);
  EXPECT_EQ(hex(zcash::encode_compressed(Affine<Bls12_381_G2>::generator())), kG2Compressed);
  EXPECT_EQ(hex(zcash::encode_uncompressed(Affine<Bls12_381_G1>::generator())), kG1Uncompressed);
  EXPECT_EQ(zcash::decode_compressed<Bls12_381_G1>(sp(unhex(kG1Compressed))), Affine<Bls12_381_G1>::generator());
  EXPECT_EQ(zcash::decode_compressed<Bls12_381_G2>(sp(unhex(kG2Compressed))), Affine<Bls12_381_G2>::generator());
  EXPECT_EQ(zcash::decode_uncompressed<Bls12_381_G1>(sp(unhex(kG1Uncompressed))), Affine<Bls12_381_G1>::generator());
  EXPECT_EQ(zcash::decode<Bls12_381_G1>(sp(unhex(kG1Compressed))), Affine<Bls12_381_G1>::generator());
  EXPECT_EQ(zcash::decode<Bls12_381_G1>(sp(unhex(kG1Uncompressed))), Affine<Bls12_381_G1>::generator());
  // -G flips only the sign flag
  auto neg = zcash::encode_compressed(-Affine<Bls12_381_G1>::generator());
  EXPECT_EQ(neg[0], 0xb7);
  EXPECT_EQ(hex(neg).substr(2), std::string(kG1Compressed).substr(2));
}

TEST(Zcash, InfinityEncodings) {
  auto c = zcash::encode_compressed(Affine<Bls12_381_G1>::infinity());
  auto u = zcash::encode_uncompressed(Affine<Bls12_381_G2>::infinity());
  EXPECT_EQ(hex(c), "c0" + std::string(94, '0'));
  EXPECT_EQ(hex(u), "40" + std::string(382, '0'));
  EXPECT_TRUE(zcash::decode_compressed<Bls12_381_G1>(sp(c)).is_infinity());
  EXPECT_TRUE(zcash::decode_uncompressed<Bls12_381_G2>(sp(u)).is_infinity());
}

template <class C>
class ZcashTest : public ::testing::Test {};
using BlsCurves = ::testing::Types<Bls12_381_G1, Bls12_381_G2>;
TYPED_TEST_SUITE(ZcashTest, BlsCurves);

TYPED_TEST(ZcashTest, RoundTrip) {
  using C = TypeParam;
  std::mt19937_64 rng(31);
  std::vector<Affine<C>> pts{Affine<C>::infinity(), Affine<C>::generator(), -Affine<C>::generator()};
  for (int i = 0; i < 20; ++i) pts.push_back(random_subgroup_point<C>(rng).to_affine());
  for (const auto& p : pts) {
    auto c = zcash::encode_compressed(p);
    auto u = zcash::encode_uncompressed(p);
    ASSERT_EQ(c.size(), zcash::kCompressedBytes<C>);
    ASSERT_EQ(u.size(), zcash::kUncompressedBytes<C>);
    EXPECT_EQ(zcash::decode_compressed<C>(sp(c)), p);
    EXPECT_EQ(zcash::decode_uncompressed<C>(sp(u)), p);
    EXPECT_EQ(zcash::decode<C>(sp(c)), p);
    EXPECT_EQ(zcash::decode<C>(sp(u)), p);
    EXPECT_NE(c[0] & zcash::kCompressedFlag, 0);
    EXPECT_EQ(u[0] & zcash::kCompressedFlag, 0);
    EXPECT_EQ(u[0] & zcash::kSignFlag, 0);
  }
  // Points off the subgroup round-trip when the check is skipped.
  auto out = point_outside_subgroup<C>();
  EXPECT_EQ(zcash::decode_compressed<C>(sp(zcash::encode_compressed(out)), SubgroupCheck::kSkip), out);
  EXPECT_EQ(zcash::decode_uncompressed<C>(sp(zcash::encode_uncompressed(out)), SubgroupCheck::kSkip), out);
}

TYPED_TEST(ZcashTest, RejectsWrongLength) {
  using C = TypeParam;
  auto c = zcash::encode_compressed(Affine<C>::generator());
  auto u = zcash::encode_uncompressed(Affine<C>::generator());
  std::vector<uint8_t> shortc(c.begin(), c.end() - 1), longu(u.begin(), u.end());
  longu.push_back(0);
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(shortc)); }, {C::kName, "compressed", "expected", "got"});
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(longu)); }, {"uncompressed", "expected"});
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(u)); }, {"expected"});
  expect_decode_error([&] { zcash::decode<C>(sp(shortc)); }, {"expected", " or "});
  expect_decode_error([&] { zcash::decode<C>(std::span<const uint8_t>()); }, {"got 0"});
}

TYPED_TEST(ZcashTest, RejectsMissingCompressionFlag) {
  using C = TypeParam;
  auto c = zcash::encode_compressed(Affine<C>::generator());
  c[0] &= ~zcash::kCompressedFlag;
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(c)); }, {"compression flag is not set"});
  expect_decode_error([&] { zcash::decode<C>(sp(c)); }, {"compression flag is not set"});
}

TYPED_TEST(ZcashTest, RejectsCompressionFlagOnUncompressed) {
  using C = TypeParam;
  auto u = zcash::encode_uncompressed(Affine<C>::generator());
  u[0] |= zcash::kCompressedFlag;
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"compression flag is set"});
  expect_decode_error([&] { zcash::decode<C>(sp(u)); }, {"compression flag is set"});
}

TYPED_TEST(ZcashTest, RejectsSignFlagOnUncompressed) {
  using C = TypeParam;
  auto u = zcash::encode_uncompressed(Affine<C>::generator());
  u[0] |= zcash::kSignFlag;
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"sign flag"});
  auto inf = zcash::encode_uncompressed(Affine<C>::infinity());
  inf[0] |= zcash::kSignFlag;
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(inf)); }, {"sign flag"});
}

TYPED_TEST(ZcashTest, RejectsInfinityWithSignFlag) {
  using C = TypeParam;
  auto c = zcash::encode_compressed(Affine<C>::infinity());
  c[0] |= zcash::kSignFlag;
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(c)); }, {"infinity with the sign flag set"});
}

TYPED_TEST(ZcashTest, RejectsInfinityWithNonZeroBits) {
  using C = TypeParam;
  for (size_t pos : {size_t(0), size_t(1), zcash::kCompressedBytes<C> - 1}) {
    auto c = zcash::encode_compressed(Affine<C>::infinity());
    c[pos] |= 0x01;
    expect_decode_error([&] { zcash::decode_compressed<C>(sp(c)); }, {"infinity with non-zero coordinate bits"});
    auto u = zcash::encode_uncompressed(Affine<C>::infinity());
    u[pos * 2] |= 0x01;
    expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"infinity with non-zero coordinate bits"});
  }
  // The infinity flag on a real point's bytes is the same mistake.
  auto g = zcash::encode_compressed(Affine<C>::generator());
  g[0] |= zcash::kInfinityFlag;
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(g)); }, {"infinity with"});
}

TYPED_TEST(ZcashTest, RejectsNonCanonicalCoordinate) {
  using C = TypeParam;
  auto p = unhex(kP381);
  // x = p (compressed): every Fp component in turn
  for (int comp = 0; comp < C::kDegree; ++comp) {
    auto c = zcash::encode_compressed(Affine<C>::generator());
    std::copy(p.begin(), p.end(), c.begin() + 48 * comp);
    c[0] |= zcash::kCompressedFlag;
    expect_decode_error([&] { zcash::decode_compressed<C>(sp(c)); },
                        {"not canonical", C::kDegree == 1 ? "x is" : comp == 0 ? "x.c1" : "x.c0"});
  }
  // y = p (uncompressed)
  auto u = zcash::encode_uncompressed(Affine<C>::generator());
  std::copy(p.begin(), p.end(), u.begin() + zcash::kCompressedBytes<C>);
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"y", "not canonical"});
  // The largest value under the flag bits is far above p.
  auto x = zcash::encode_uncompressed(Affine<C>::generator());
  std::fill(x.begin(), x.begin() + 48, 0xff);
  x[0] = 0x1f;
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(x)); }, {"not canonical"});
}

TYPED_TEST(ZcashTest, RejectsPointNotOnCurve) {
  using C = TypeParam;
  using F = typename C::Base;
  // compressed: an x whose x^3 + b is not a square
  F x = F::one();
  while (point_from_x<C>(x, false)) x += F::one();
  Affine<C> bogus{x, F::zero(), false};
  auto c = zcash::encode_compressed(bogus);
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(c)); }, {"not on the curve"});
  // uncompressed: a valid point with y changed
  Affine<C> g = Affine<C>::generator();
  g.y += F::one();
  auto u = zcash::encode_uncompressed(g);
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"not on the curve"});
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u), SubgroupCheck::kSkip); }, {"not on the curve"});
}

TYPED_TEST(ZcashTest, RejectsPointOutsideSubgroup) {
  using C = TypeParam;
  auto out = point_outside_subgroup<C>();
  auto c = zcash::encode_compressed(out);
  auto u = zcash::encode_uncompressed(out);
  expect_decode_error([&] { zcash::decode_compressed<C>(sp(c), SubgroupCheck::kCheck, "params.h[3]"); },
                      {"not in the prime-order subgroup", "params.h[3]", C::kName});
  expect_decode_error([&] { zcash::decode_uncompressed<C>(sp(u)); }, {"not in the prime-order subgroup"});
  EXPECT_EQ(zcash::decode<C>(sp(u), SubgroupCheck::kSkip), out);
}

// ---------------------------------------------------------------- snarkjs layout

template <class C>
class SnarkjsTest : public ::testing::Test {};
using AllCurves = ::testing::Types<Bls12_381_G1, Bls12_381_G2, Bn254_G1, Bn254_G2>;
TYPED_TEST_SUITE(SnarkjsTest, AllCurves);

TEST(Snarkjs, KnownBn254G1Generator) {
  // (1, 2) in Montgomery form with R = 2^256, little-endian limbs.
  auto b = snarkjs::encode(Affine<Bn254_G1>::generator());
  ASSERT_EQ(b.size(), 64u);
  EXPECT_EQ(hex(b).substr(0, 64), "9d0d8fc58d435dd33d0bc7f528eb780a2c4679786fa36e662fdf079ac1770a0e");
  EXPECT_EQ(hex(b).substr(64, 16), "3a1b1e8b1b87baa6");  // 2R mod p, low limb
  EXPECT_EQ(snarkjs::decode<Bn254_G1>(sp(b)), Affine<Bn254_G1>::generator());
}

TYPED_TEST(SnarkjsTest, Layout) {
  using C = TypeParam;
  using Fp = PrimeField<C>;
  ASSERT_EQ(snarkjs::kPointBytes<C>, size_t(2 * C::kDegree * Fp::kBytes));
  auto g = Affine<C>::generator();
  auto b = snarkjs::encode(g);
  uint8_t first[Fp::kBytes];
  if constexpr (C::kDegree == 1) {
    ff::to_montgomery_bytes_le(g.x, first);
  } else {
    ff::to_montgomery_bytes_le(g.x.c0, first);  // c0 leads in snarkjs (unlike ZCash)
  }
  EXPECT_TRUE(std::equal(first, first + Fp::kBytes, b.begin()));
  auto inf = snarkjs::encode(Affine<C>::infinity());
  EXPECT_TRUE(std::all_of(inf.begin(), inf.end(), [](uint8_t v) { return v == 0; }));
  EXPECT_TRUE(snarkjs::decode<C>(sp(inf)).is_infinity());
}

TYPED_TEST(SnarkjsTest, RoundTrip) {
  using C = TypeParam;
  std::mt19937_64 rng(41);
  std::vector<Affine<C>> pts{Affine<C>::infinity(), Affine<C>::generator()};
  for (int i = 0; i < 20; ++i) pts.push_back(random_subgroup_point<C>(rng).to_affine());
  std::vector<uint8_t> section;
  for (const auto& p : pts) {
    auto b = snarkjs::encode(p);
    EXPECT_EQ(snarkjs::decode<C>(sp(b)), p);
    section.insert(section.end(), b.begin(), b.end());
  }
  for (size_t i = 0; i < pts.size(); ++i)
    EXPECT_EQ(snarkjs::decode<C>(section.data() + i * snarkjs::kPointBytes<C>), pts[i]);
  if constexpr (!std::is_same_v<C, Bn254_G1>) {
    auto out = point_outside_subgroup<C>();
    EXPECT_EQ(snarkjs::decode<C>(sp(snarkjs::encode(out)), SubgroupCheck::kSkip), out);
  }
}

TYPED_TEST(SnarkjsTest, RejectsWrongLength) {
  using C = TypeParam;
  auto b = snarkjs::encode(Affine<C>::generator());
  std::vector<uint8_t> v(b.begin(), b.end() - 1);
  expect_decode_error([&] { snarkjs::decode<C>(sp(v)); }, {C::kName, "expected", "got"});
}

TYPED_TEST(SnarkjsTest, RejectsUnreducedCoordinate) {
  using C = TypeParam;
  using Fp = PrimeField<C>;
  const char* names[] = {C::kDegree == 1 ? "x" : "x.c0", C::kDegree == 1 ? "y" : "x.c1", "y.c0", "y.c1"};
  for (int comp = 0; comp < 2 * C::kDegree; ++comp) {
    auto b = snarkjs::encode(Affine<C>::generator());
    auto p = Fp::Params::modulus();
    for (int i = 0; i < Fp::kBytes; ++i) b[comp * Fp::kBytes + i] = uint8_t(p.v[i / 8] >> (8 * (i % 8)));
    expect_decode_error([&] { snarkjs::decode<C>(sp(b)); }, {"not reduced", names[comp]});
  }
}

TYPED_TEST(SnarkjsTest, RejectsPointNotOnCurve) {
  using C = TypeParam;
  auto g = Affine<C>::generator();
  g.y += C::Base::one();
  auto b = snarkjs::encode(g);
  expect_decode_error([&] { snarkjs::decode<C>(sp(b)); }, {"not on the curve"});
  expect_decode_error([&] { snarkjs::decode<C>(sp(b), SubgroupCheck::kSkip); }, {"not on the curve"});
  // only all-zero bytes mean infinity; a zero x alone is an ordinary (here invalid) point
  Affine<C> zero{C::Base::zero(), C::Base::one(), false};
  expect_decode_error([&] { snarkjs::decode<C>(sp(snarkjs::encode(zero))); }, {"not on the curve"});
}

// classify_encoded (what a GPU judges encoded key points by, on their raw
// limbs in place) agrees with the decoder on every kind of input.
TYPED_TEST(SnarkjsTest, ClassifyEncodedAgreesWithDecoder) {
  using C = TypeParam;
  using Fp = PrimeField<C>;
  using B = typename C::Base;
  static_assert(sizeof(B) == snarkjs::kCoordBytes<C>, "the encoding is the in-memory layout");
  std::mt19937_64 rng(7);
  std::vector<std::vector<uint8_t>> inputs;
  auto add = [&](const auto& b) { inputs.emplace_back(b.begin(), b.end()); };
  add(snarkjs::encode(Affine<C>::infinity()));
  add(snarkjs::encode(Affine<C>::generator()));
  for (int i = 0; i < 8; ++i) add(snarkjs::encode(random_subgroup_point<C>(rng).to_affine()));
  for (int comp = 0; comp < 2 * C::kDegree; ++comp) {
    auto b = snarkjs::encode(Affine<C>::generator());
    auto p = Fp::Params::modulus();
    for (int i = 0; i < Fp::kBytes; ++i) b[comp * Fp::kBytes + i] = uint8_t(p.v[i / 8] >> (8 * (i % 8)));
    add(b);
  }
  auto off = Affine<C>::generator();
  off.y += B::one();
  add(snarkjs::encode(off));
  add(snarkjs::encode(Affine<C>{B::zero(), B::one(), false}));
  auto last_byte = snarkjs::encode(Affine<C>::infinity());
  last_byte.back() = 1;  // one nonzero byte: not infinity
  add(last_byte);

  int kinds[4] = {0, 0, 0, 0};
  for (const auto& in : inputs) {
    B x, y;
    std::memcpy(static_cast<void*>(&x), in.data(), sizeof(B));
    std::memcpy(static_cast<void*>(&y), in.data() + sizeof(B), sizeof(B));
    const EncodedPointKind k = classify_encoded<C>(x, y);
    ++kinds[int(k)];
    std::string why;
    Affine<C> p{};
    try {
      p = snarkjs::decode<C>(in.data(), SubgroupCheck::kSkip);
    } catch (const DecodeError& e) {
      why = e.what();
    }
    switch (k) {
      case EncodedPointKind::kPoint:
        EXPECT_EQ(why, "");
        EXPECT_FALSE(p.is_infinity());
        EXPECT_EQ(p, Affine<C>::from_xy(x, y));
        break;
      case EncodedPointKind::kInfinity:
        EXPECT_EQ(why, "");
        EXPECT_TRUE(p.is_infinity());
        break;
      case EncodedPointKind::kNotReduced:
        EXPECT_NE(why.find("not reduced"), std::string::npos) << why;
        break;
      case EncodedPointKind::kNotOnCurve:
        EXPECT_NE(why.find("not on the curve"), std::string::npos) << why;
        break;
    }
  }
  EXPECT_EQ(kinds[int(EncodedPointKind::kPoint)], 9);
  EXPECT_EQ(kinds[int(EncodedPointKind::kInfinity)], 1);
  EXPECT_EQ(kinds[int(EncodedPointKind::kNotReduced)], 2 * C::kDegree);
  EXPECT_EQ(kinds[int(EncodedPointKind::kNotOnCurve)], 3);
}

TYPED_TEST(SnarkjsTest, RejectsPointOutsideSubgroup) {
  using C = TypeParam;
  if constexpr (std::is_same_v<C, Bn254_G1>) {
    GTEST_SKIP() << "BN254 G1 has prime order: every curve point is in the subgroup";
  } else {
    auto b = snarkjs::encode(point_outside_subgroup<C>());
    expect_decode_error([&] { snarkjs::decode<C>(sp(b), SubgroupCheck::kCheck, "zkey B2[0]"); },
                        {"not in the prime-order subgroup", "zkey B2[0]"});
  }
}

}  // namespace
