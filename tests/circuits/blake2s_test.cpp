// The BLAKE2s gadget against bellperson's tests (gadgets/blake2s.rs: blank
// hash c59f6823... free, 21,518 constraints for 512 allocated bits with or
// without 512 constant leading bits, none for constant input, random inputs
// of every length bellperson tries, its 256- and 700-byte and 1024-byte known
// answers, all with personalization "12345678"), against OpenSSL's
// BLAKE2s-256 (all-zero personalization), and against tampered witnesses.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "circuits/gadgets/blake2s.hpp"
#include "core/error.hpp"
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
using Digest = std::array<uint8_t, 32>;

namespace {

constexpr std::array<uint8_t, 8> kPerson = {'1', '2', '3', '4', '5', '6', '7', '8'};
constexpr std::array<uint8_t, 8> kNoPerson = {};

// rand_xorshift's XorShiftRng, seeded as bellperson's tests seed it.
class XorShift {
 public:
  XorShift() {
    const uint8_t seed[16] = {0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                              0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};
    for (int i = 0; i < 4; ++i) s_[i] = blake2s_detail::load_le32(seed + 4 * i);
  }
  uint32_t next_u32() {
    const uint32_t t = s_[0] ^ (s_[0] << 11);
    s_[0] = s_[1], s_[1] = s_[2], s_[2] = s_[3];
    s_[3] = s_[3] ^ (s_[3] >> 19) ^ (t ^ (t >> 8));
    return s_[3];
  }
  std::vector<uint8_t> bytes(size_t n) {
    std::vector<uint8_t> v(n);
    for (auto& b : v) b = uint8_t(next_u32());
    return v;
  }

 private:
  uint32_t s_[4];
};

// RFC 7693 BLAKE2s-256, unkeyed, with a personalization.
Digest native_blake2s(std::span<const uint8_t> data, std::span<const uint8_t, 8> person) {
  const auto& iv = blake2s_detail::kIv;
  auto rotr = [](uint32_t x, size_t n) { return (x >> n) | (x << (32 - n)); };
  uint32_t h[8];
  for (int i = 0; i < 8; ++i) h[i] = iv[size_t(i)];
  h[0] ^= 0x01010020;
  h[6] ^= blake2s_detail::load_le32(person.data());
  h[7] ^= blake2s_detail::load_le32(person.data() + 4);
  auto compress = [&](const uint8_t* block, uint64_t t, bool last) {
    uint32_t m[16], v[16];
    for (int i = 0; i < 16; ++i) m[i] = blake2s_detail::load_le32(block + 4 * i);
    for (int i = 0; i < 8; ++i) v[i] = h[i], v[i + 8] = iv[size_t(i)];
    v[12] ^= uint32_t(t), v[13] ^= uint32_t(t >> 32);
    if (last) v[14] = ~v[14];
    auto g = [&](int a, int b, int c, int d, uint32_t x, uint32_t y) {
      v[a] += v[b] + x, v[d] = rotr(v[d] ^ v[a], 16), v[c] += v[d], v[b] = rotr(v[b] ^ v[c], 12);
      v[a] += v[b] + y, v[d] = rotr(v[d] ^ v[a], 8), v[c] += v[d], v[b] = rotr(v[b] ^ v[c], 7);
    };
    for (const auto& s : blake2s_detail::kSigma) {
      g(0, 4, 8, 12, m[s[0]], m[s[1]]), g(1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(2, 6, 10, 14, m[s[4]], m[s[5]]), g(3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(0, 5, 10, 15, m[s[8]], m[s[9]]), g(1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(2, 7, 8, 13, m[s[12]], m[s[13]]), g(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
  };
  size_t off = 0;
  while (data.size() - off > 64) {
    off += 64;
    compress(data.data() + off - 64, off, false);
  }
  uint8_t last[64] = {};
  std::copy(data.begin() + std::ptrdiff_t(off), data.end(), last);
  compress(last, data.size(), true);
  Digest out{};
  for (size_t i = 0; i < 32; ++i) out[i] = uint8_t(h[i / 4] >> (8 * (i % 4)));
  return out;
}

Digest openssl_blake2s(std::span<const uint8_t> data) {
  std::unique_ptr<EVP_MD, decltype(&EVP_MD_free)> md(EVP_MD_fetch(nullptr, "BLAKE2S-256", nullptr), EVP_MD_free);
  if (!md) throw Error("OpenSSL has no BLAKE2S-256");
  Digest out{};
  unsigned len = 0;
  if (EVP_Digest(data.data(), data.size(), out.data(), &len, md.get(), nullptr) != 1 || len != 32)
    throw Error("OpenSSL BLAKE2S-256 failed");
  return out;
}

Digest from_hex(std::string_view hex) {
  Digest out{};
  for (size_t i = 0; i < 32; ++i) out[i] = uint8_t(std::stoi(std::string(hex.substr(2 * i, 2)), nullptr, 16));
  return out;
}

std::vector<uint8_t> bytes_from_hex(std::string_view hex) {
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = uint8_t(std::stoi(std::string(hex.substr(2 * i, 2)), nullptr, 16));
  return out;
}

// Output bits, least significant first within each byte, as bytes.
Digest bytes_of(const std::vector<Bool>& bits) {
  EXPECT_EQ(bits.size(), 256u);
  Digest out{};
  for (size_t i = 0; i < 256; ++i)
    if (*bits[i].value()) out[i / 8] |= uint8_t(1u << (i % 8));
  return out;
}

// Input bits least significant first within each byte, as bellperson allocates them.
template <class CS>
std::vector<Bool> alloc_bits_lsb_first(CS& cs, std::span<const uint8_t> bytes) {
  std::vector<Bool> bits;
  for (size_t i = 0; i < bytes.size() * 8; ++i)
    bits.push_back(Bit::alloc(cs, [i] { return "input bit " + std::to_string(i); },
                              std::optional<bool>(((bytes[i / 8] >> (i % 8)) & 1) != 0)));
  return bits;
}

// Hashes data with allocated input bits and returns the digest; the
// constraints must be satisfied.
Digest gadget_hash(std::span<const uint8_t> data, std::span<const uint8_t> person) {
  Values cs(std::nullopt, true);
  const auto input = alloc_bits_lsb_first(cs, data);
  const auto out = blake2s(cs, "blake2s", std::span<const Bool>(input), person);
  EXPECT_FALSE(cs.first_unsatisfied());
  return bytes_of(out);
}

}  // namespace

TEST(Blake2sGadget, BlankHashIsFree) {
  TCS cs;
  const auto out = blake2s(cs, "blake2s", std::span<const Bool>(), kPerson);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints, 0u);
  for (const auto& b : out) EXPECT_TRUE(b.is_constant());
  const Digest want = from_hex("c59f682376d137f3f255e671e207d1f2374ebe504e9314208a52d9f88d69e8c8");
  EXPECT_EQ(bytes_of(out), want);
  EXPECT_EQ(native_blake2s({}, kPerson), want);
}

TEST(Blake2sGadget, Constraints512AllocatedBits) {
  TCS cs;
  std::vector<Bool> input;
  for (size_t i = 0; i < 512; ++i)
    input.push_back(Bit::alloc(cs, [i] { return "input bit " + std::to_string(i); }, std::optional<bool>(true)));
  const auto out = blake2s(cs, "blake2s", std::span<const Bool>(input), kPerson);
  EXPECT_TRUE(cs.is_satisfied());
  // bellperson counts the 512 input booleanity constraints too.
  EXPECT_EQ(cs.shape().num_constraints, 21'518u);
  const std::vector<uint8_t> ones(64, 0xff);
  EXPECT_EQ(bytes_of(out), native_blake2s(ones, kPerson));

  r1cs::ShapeCounter<F> sc;
  std::vector<Bool> in2;
  for (size_t i = 0; i < 512; ++i) in2.push_back(Bit::alloc(sc, "input bit", std::optional<bool>()));
  blake2s(sc, "blake2s", std::span<const Bool>(in2), kPerson);
  EXPECT_EQ(sc.shape(), cs.shape());
}

TEST(Blake2sGadget, ConstantLeadingBlockCostsNothing) {
  XorShift rng;
  TCS cs;
  std::vector<Bool> input;
  for (size_t i = 0; i < 512; ++i) input.push_back(Bool::constant(rng.next_u32() % 2 != 0));
  for (size_t i = 0; i < 512; ++i)
    input.push_back(Bit::alloc(cs, [i] { return "input bit " + std::to_string(i); }, std::optional<bool>(true)));
  blake2s(cs, "blake2s", std::span<const Bool>(input), kPerson);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(cs.shape().num_constraints, 21'518u);
}

TEST(Blake2sGadget, ConstantInputCostsNothing) {
  XorShift rng;
  std::vector<Bool> input;
  std::vector<uint8_t> bytes(64, 0);
  for (size_t i = 0; i < 512; ++i) {
    const bool b = rng.next_u32() % 2 != 0;
    input.push_back(Bool::constant(b));
    bytes[i / 8] |= uint8_t(uint8_t(b) << (i % 8));
  }
  r1cs::ShapeCounter<F> sc;
  const auto out = blake2s(sc, "blake2s", std::span<const Bool>(input), kPerson);
  EXPECT_EQ(sc.shape().num_constraints, 0u);
  EXPECT_EQ(bytes_of(out), native_blake2s(bytes, kPerson));
}

TEST(Blake2sGadget, AgreesWithNativeOnEveryLength) {
  XorShift rng;
  std::vector<size_t> lengths;
  for (size_t n = 0; n < 32; ++n) lengths.push_back(n);
  for (size_t n = 32; n < 256; n += 8) lengths.push_back(n);
  for (size_t n : lengths) {
    SCOPED_TRACE(std::to_string(n) + " bytes");
    const auto data = rng.bytes(n);
    EXPECT_EQ(gadget_hash(data, kPerson), native_blake2s(data, kPerson));
  }
}

TEST(Blake2sGadget, AgreesWithOpenSslWithoutPersonalization) {
  XorShift rng;
  for (size_t n : {0, 1, 8, 63, 64, 65, 128, 129, 200}) {
    SCOPED_TRACE(std::to_string(n) + " bytes");
    const auto data = rng.bytes(n);
    const Digest want = openssl_blake2s(data);
    EXPECT_EQ(native_blake2s(data, kNoPerson), want);
    EXPECT_EQ(gadget_hash(data, kNoPerson), want);
  }
}

TEST(Blake2sGadget, KnownAnswers256And700Bytes) {
  const auto d256 = bytes_from_hex(
      "be9f9c485e670acce8b1516a378176161b20583637b6f1c536fbc1158a0a3296831df2920e57a442d5738f4be4dd6be89dd7913fc8b4d1"
      "c0a815646a4d674b77f7caf313bd880bf759fcac27037c48c2b2a20acd2fd5248e3be426c84a341c0a3c63eaf36e0d537d10b8db5c6e4c"
      "801832c41eb1a3ed602177acded8b4b803bd34339d99a18b71df399641cc8dfae2ad193fcd74b5913e704551777160d14c78f2e8d5c327"
      "16a8599c1080cb89a40ccd6ba596694a8b4a065d9f2d0667ef423ed2e418093caff884540858b4f4b62acd47edcea880523e1b1cda8eb2"
      "25c128c2e9e83f14f6e7448c5733a195cac7d79a53dde5083172462c45b2f799e42af1c9");
  ASSERT_EQ(d256.size(), 256u);
  EXPECT_EQ(gadget_hash(d256, kPerson), from_hex("0af5695115ced92c8a0341e43869209636e9aa6472e4576f0f2b996cf812b30e"));

  const auto d700 = bytes_from_hex(
      "5dcfe8bab4c758d2eb1ddb7ef337583e0df3e2c358e1755b7cd303a658de9a1227eed1d1114179a5c3c38d692ff2cf2d4e5c92a9516de7"
      "50106774bbf9f7d063f707f4c9b6a02c0a77e4feb99e036c3ccaee7d1a31cb144093aa074bc9da608f8ff30b39c3c60e4a243cc0bbd406"
      "d1262a7d6607b31c60275c6bcc8b0ac49a06a4b629a98693c5f7640f3bca45e4977cfabc5b17f52838af3433b1fd407dbbdc131e8e4bd5"
      "8bcee85bbab4b57b656c6a2ec6cf852525bc8423675e2bf29159139cd5df99db94719f3f7167230e0d5bd76f6d7891b656732cef9c3c0d"
      "48a5fa3d7a879988157b39015a85451b25af0301ca5e759ac35fea79dca38c673ec6db9f3885d9103e2dcb3304bd3d59b0b1d01babc97e"
      "f8a74d91b6ab6bf50f29eb5adf7250a28fd85db37bff0133193635da69caeefc72979cf3bef1d2896d847eea7e8a81e0927893dbd010fe"
      "b6fb845d0399007d9a148a0596d86cd8f4192631f975c560f4de8da5f712c161342063af3c11029d93d6df7ff46db48343499de9ec4786"
      "cac059c4025ef418c9fe40132428ff8b91259d71d1709ff066add84ae944b45a817f60b4c1bf719e39ae23e9b413469db2310793e9137c"
      "f38741e5dd2a3c138a566dbde1950c00071b20ac457b46ba9b0a7ebdddcc212bd228d2a4c4146a970e54158477247c27871af1564b1765"
      "76e9fd43bf63740bf77434bc4ea3b1a4b430e1a11714bf43160145578a575c3f78ddeaa48de97f73460f26f8df2b5d63e31800100d16bc"
      "27160fea5ced5a977ef541cfe8dadc7b3991ed1c0d4f16a3076bbfed96ba3e155113e794987af8abb133f06feefabc2ac32eb4d4d4ba15"
      "41ca08b9e518d2e74b7f946b0cbd2663d58c689359b9a565821acc619011233d1011963fa302cde34fc9c5ba2e03eeb2512f547391e940"
      "d56218e22ae325f2dfa38d4bae35744ee707aa5dc9c17674025d15390a08f5c452343546ef6da0f7");
  ASSERT_EQ(d700.size(), 700u);
  EXPECT_EQ(gadget_hash(d700, kPerson), from_hex("2ab8f0683167ba220eef19dccf4f9b1a8193cc09b35e0235842323950530f18a"));
}

// bellperson's test_blake2s_test_vectors: two 1024-byte inputs drawn from the seeded XorShiftRng.
TEST(Blake2sGadget, KnownAnswers1024Bytes) {
  XorShift rng;
  for (const char* hex : {"a1309e334376c8f36a736a4ab0e691ef931ee3ebdb9ea96187127136fea622a1",
                          "82fefff60f265cea255252f7c194a7f93965dffee0609ef74eb67f0d76cd41c6"}) {
    const auto data = rng.bytes(1024);
    const Digest want = from_hex(hex);
    EXPECT_EQ(native_blake2s(data, kPerson), want);
    EXPECT_EQ(gadget_hash(data, kPerson), want);
  }
}

TEST(Blake2sGadget, TamperedWitnessIsCaught) {
  XorShift rng;
  const auto data = rng.bytes(80);  // two blocks
  TCS cs;
  const auto input = alloc_bits_lsb_first(cs, data);
  blake2s(cs, "blake2s", std::span<const Bool>(input), kPerson);
  ASSERT_TRUE(cs.is_satisfied());
  for (int trial = 0; trial < 8; ++trial) {
    const size_t internal = 640 + size_t(rng.next_u32()) % (cs.aux().size() - 640);
    cs.mutable_aux()[internal] += F::one();
    EXPECT_FALSE(cs.is_satisfied()) << "aux " << internal;
    cs.mutable_aux()[internal] -= F::one();
  }
  EXPECT_TRUE(cs.is_satisfied());
  cs.mutable_aux()[9] = F::one() - cs.aux()[9];
  EXPECT_FALSE(cs.is_satisfied());
}

TEST(Blake2sGadget, BadInputIsAnError) {
  TCS cs;
  const std::vector<Bool> seven(7, Bool::constant(true));
  EXPECT_THROW(blake2s(cs, "blake2s", std::span<const Bool>(seven), kPerson), Error);
  const std::array<uint8_t, 7> short_person{};
  EXPECT_THROW(blake2s(cs, "blake2s", std::span<const Bool>(), short_person), Error);
}
