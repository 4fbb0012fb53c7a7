// The SHA-256 gadget against bellperson's tests (gadgets/sha256.rs: blank
// block free and e3b0c442..., one compression of 512 allocated bits 25,840
// constraints, a two-block hash of them 44,874, and OpenSSL's SHA-256 on
// random inputs of every length bellperson tries), against the Filecoin
// circuits' counts built from it (storage-proofs-core util.rs
// hash_leaf_bits_circuit: 45,387; create_label.rs's 532,025 is checked with
// the label circuit itself, tests/filecoin/stacked_circuit) with their native
// values, and against tampered witnesses.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <array>
#include <random>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/sha256.hpp"
#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "r1cs_digest.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using Bool = Boolean<F>;
using Bit = AllocatedBit<F>;
using Values = test::DigestSystem<F>;  // used without a shape: evaluates and checks, no digest

namespace {

std::array<uint8_t, 32> openssl_sha256(std::span<const uint8_t> data) {
  std::array<uint8_t, 32> out{};
  unsigned len = 0;
  EVP_Digest(data.data(), data.size(), out.data(), &len, EVP_sha256(), nullptr);
  return out;
}

// One SHA-256 compression from the standard IV (no padding), for
// sha256_block_no_padding.
std::array<uint8_t, 32> native_compress(const std::array<uint8_t, 64>& block) {
  auto rotr = [](uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  uint32_t w[64];
  for (int i = 0; i < 16; ++i)
    w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 | uint32_t(block[4 * i + 2]) << 8 |
           block[4 * i + 3];
  for (int i = 16; i < 64; ++i)
    w[i] = w[i - 16] + (rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 7] +
           (rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10));
  uint32_t h[8];
  for (int i = 0; i < 8; ++i) h[i] = sha256_detail::kIv[size_t(i)];
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 64; ++i) {
    const uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                        sha256_detail::kRoundConstants[size_t(i)] + w[i];
    const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  const uint32_t s[8] = {h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh};
  std::array<uint8_t, 32> out{};
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) out[size_t(4 * i + j)] = uint8_t(s[i] >> (24 - 8 * j));
  return out;
}

// The hash's bits (most significant first in each byte) as bytes.
std::array<uint8_t, 32> bytes_of(const std::vector<Bool>& bits) {
  EXPECT_EQ(bits.size(), 256u);
  std::array<uint8_t, 32> out{};
  for (size_t i = 0; i < 256; ++i)
    if (*bits[i].value()) out[i / 8] |= uint8_t(0x80 >> (i % 8));
  return out;
}

template <class CS>
std::vector<Bool> alloc_bits_msb_first(CS& cs, std::span<const uint8_t> bytes) {
  std::vector<Bool> bits;
  for (size_t i = 0; i < bytes.size() * 8; ++i)
    bits.push_back(Bit::alloc(cs, [i] { return "input bit " + std::to_string(i); },
                              std::optional<bool>(((bytes[i / 8] >> (7 - i % 8)) & 1) != 0)));
  return bits;
}

std::vector<uint8_t> random_bytes(std::mt19937_64& rng, size_t n) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = uint8_t(rng());
  return v;
}

// Filecoin's SHA-256-trunc254 digest as a field element: the hash with the
// top two bits of its last byte cleared, read little-endian.
F trunc254(std::array<uint8_t, 32> h) {
  h[31] &= 0x3f;
  return ff::from_bytes_le<F>(h.data(), 32);
}

}  // namespace

TEST(Sha256Gadget, BlankBlockIsFree) {
  TCS cs;
  std::vector<Bool> input(512, Bool::constant(false));
  input[0] = Bool::constant(true);
  const auto iv = sha256_iv<F>();
  const auto out = sha256_compression_function(cs, "sha256", std::span<const Bool>(input), std::span<const UInt32<F>>(iv));
  EXPECT_EQ(cs.shape().num_constraints, 0u);
  std::vector<Bool> bits;
  for (const auto& w : out)
    for (const auto& b : w.into_bits_be()) bits.push_back(b);
  const auto got = bytes_of(bits);
  const std::array<uint8_t, 32> want = {0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4,
                                        0xc8, 0x99, 0x6f, 0xb9, 0x24, 0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b,
                                        0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55};
  EXPECT_EQ(got, want);
}

TEST(Sha256Gadget, CompressionOf512AllocatedBits) {
  std::mt19937_64 rng(1);
  const auto data = random_bytes(rng, 64);
  TCS cs;
  const auto input = alloc_bits_msb_first(cs, data);
  const auto out = sha256_block_no_padding(cs, "sha256", std::span<const Bool>(input));
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints - 512, 25'840u);
  std::array<uint8_t, 64> block;
  std::copy(data.begin(), data.end(), block.begin());
  EXPECT_EQ(bytes_of(out), native_compress(block));

  r1cs::ShapeCounter<F> sc;
  const auto in2 = alloc_bits_msb_first(sc, data);
  sha256_block_no_padding(sc, "sha256", std::span<const Bool>(in2));
  EXPECT_EQ(sc.shape(), cs.shape());

  // A tampered internal value, or a tampered input bit, is caught.
  const size_t internal = 512 + size_t(rng() % (cs.aux().size() - 512));
  cs.mutable_aux()[internal] += F::one();
  EXPECT_FALSE(cs.is_satisfied());
  cs.mutable_aux()[internal] -= F::one();
  EXPECT_TRUE(cs.is_satisfied());
  cs.mutable_aux()[7] = F::one() - cs.aux()[7];
  EXPECT_FALSE(cs.is_satisfied());
}

TEST(Sha256Gadget, FullHashOf512AllocatedBits) {
  std::mt19937_64 rng(2);
  const auto data = random_bytes(rng, 64);
  TCS cs;
  const auto input = alloc_bits_msb_first(cs, data);
  const auto out = sha256(cs, "sha256", std::span<const Bool>(input));
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints - 512, 44'874u);
  EXPECT_EQ(bytes_of(out), openssl_sha256(data));
}

TEST(Sha256Gadget, AgreesWithOpenSslOnEveryLength) {
  std::mt19937_64 rng(3);
  std::vector<size_t> lengths;
  for (size_t n = 0; n < 32; ++n) lengths.push_back(n);
  for (size_t n = 32; n < 256; n += 8) lengths.push_back(n);
  for (size_t n : lengths) {
    SCOPED_TRACE(std::to_string(n) + " bytes");
    const auto data = random_bytes(rng, n);
    Values cs(std::nullopt, true);
    const auto input = alloc_bits_msb_first(cs, data);
    const auto out = sha256(cs, "sha256", std::span<const Bool>(input));
    EXPECT_FALSE(cs.first_unsatisfied());
    EXPECT_EQ(bytes_of(out), openssl_sha256(data));
    if (n == 0) {
      for (const auto& b : out) EXPECT_TRUE(b.is_constant());
    }
  }
}

TEST(Sha256Gadget, ConstantInputCostsNothing) {
  std::mt19937_64 rng(4);
  const auto data = random_bytes(rng, 100);
  std::vector<Bool> input;
  for (bool b : multipack::bytes_to_bits(data)) input.push_back(Bool::constant(b));
  r1cs::ShapeCounter<F> sc;
  const auto out = sha256(sc, "sha256", std::span<const Bool>(input));
  EXPECT_EQ(sc.shape().num_constraints, 0u);
  EXPECT_EQ(bytes_of(out), openssl_sha256(data));
}

// storage-proofs-core util.rs hash_leaf_bits_circuit: two 256-bit leaves
// allocated least significant bit first per byte, hashed as bytes, the
// digest truncated to 254 bits and packed into one witness.
TEST(Sha256Gadget, FilecoinHashLeafBitsCircuit) {
  std::mt19937_64 rng(5);
  const F left_fr = ff::random_element<F>(rng), right_fr = ff::random_element<F>(rng);
  std::array<uint8_t, 32> left{}, right{};
  ff::to_bytes_le(left_fr, left.data());
  ff::to_bytes_le(right_fr, right.data());
  TCS cs;
  const auto lb = bytes_into_boolean_vec(cs, "left", std::optional<std::span<const uint8_t>>(left), 256);
  const auto rb = bytes_into_boolean_vec(cs, "right", std::optional<std::span<const uint8_t>>(right), 256);
  std::vector<Bool> preimage = reverse_bit_numbering(lb);
  const auto rr = reverse_bit_numbering(rb);
  preimage.insert(preimage.end(), rr.begin(), rr.end());
  const auto digest = sha256(cs, "hash", std::span<const Bool>(preimage));
  const auto le = reverse_bit_numbering(digest);
  const AllocatedNum<F> out = multipack::pack_bits(cs, "pack_le", std::span<const Bool>(le).first(254));
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints, 45'387u);
  std::array<uint8_t, 64> both;
  std::copy(left.begin(), left.end(), both.begin());
  std::copy(right.begin(), right.end(), both.begin() + 32);
  EXPECT_EQ(out.value(), trunc254(openssl_sha256(both)));
  cs.mutable_aux()[out.variable().index()] += F::one();
  EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #45386 'pack_le/packing constraint'");
}

TEST(Sha256Gadget, RejectsBadSizes) {
  TCS cs;
  std::vector<Bool> seven(7);
  EXPECT_THROW(sha256(cs, "h", std::span<const Bool>(seven)), Error);
  std::vector<Bool> block(511);
  EXPECT_THROW(sha256_block_no_padding(cs, "h", std::span<const Bool>(block)), Error);
}
