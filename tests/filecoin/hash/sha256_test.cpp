// SHA-256 against FIPS 180-4's examples, incremental against one-shot, and
// the trunc254 variant and Domain helpers of rust-fil-proofs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

static std::span<const uint8_t> bytes_of(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(Sha256, FipsExamples) {
  EXPECT_EQ(to_hex(sha256(bytes_of(""))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(to_hex(sha256(bytes_of("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(sha256(bytes_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string million(1000000, 'a');
  EXPECT_EQ(to_hex(sha256(bytes_of(million))), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, IncrementalEqualsOneShotAndIsReusable) {
  std::vector<uint8_t> data(1000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 7 + 1);
  Sha256 h;
  for (size_t cut : {0u, 1u, 63u, 64u, 65u, 999u}) {
    h.update(std::span(data).first(cut)).update(std::span(data).subspan(cut));
    EXPECT_EQ(h.finish(), sha256(data)) << "split at " << cut;
  }
}

TEST(Sha256, Trunc254ClearsTheTopTwoBits) {
  // SHA-256("abc") ends in 0xad: 0b10101101 -> 0b00101101.
  auto d = sha256_trunc254(bytes_of("abc"));
  EXPECT_EQ(d[31], 0x2d);
  const Digest full = sha256(bytes_of("abc"));
  EXPECT_EQ(to_hex(std::span(d).first(31)), to_hex(std::span(full).first(31)));
  Domain l = domain_from_hex("0x" + std::string(64, '1')), r = domain_from_hex(std::string(64, 'f'));
  std::vector<uint8_t> cat(l.begin(), l.end());
  cat.insert(cat.end(), r.begin(), r.end());
  EXPECT_EQ(sha256_trunc254_pair(l, r), trunc254(sha256(cat)));
  EXPECT_NO_THROW(fr_of(sha256_trunc254_pair(l, r)));
}

TEST(Domain, HexRoundTripAndErrors) {
  const std::string h = "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b";
  EXPECT_EQ(to_hex(domain_from_hex(h)), h);
  EXPECT_EQ(domain_of(fr_of(domain_from_hex(h))), domain_from_hex(h));
  EXPECT_THROW(domain_from_hex(h.substr(2)), DecodeError);
  EXPECT_THROW(domain_from_hex(h.substr(0, 63) + "g"), DecodeError);
  EXPECT_THROW(fr_of(domain_from_hex(std::string(64, 'f'))), DecodeError);  // above the modulus
}
