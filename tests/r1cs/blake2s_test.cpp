// BLAKE2s against RFC 7693: the "abc" vector of appendix B and the grand
// hash of appendix E's self-test (keyed and unkeyed, 4 digest lengths, 6
// message lengths including a multiple of the block size).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "r1cs/blake2s.hpp"

using cuzk::r1cs::Blake2s;

static std::string hex(const uint8_t* p, size_t n) {
  static const char* k = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; ++i) s += {k[p[i] >> 4], k[p[i] & 15]};
  return s;
}

TEST(Blake2s, Rfc7693AppendixB) {
  auto d = Blake2s().update("abc", 3).final();
  EXPECT_EQ(hex(d.data(), 32), "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");
}

// RFC 7693 appendix E: selftest_seq is a Fibonacci sequence seeded by the length.
static std::vector<uint8_t> selftest_seq(size_t len, uint32_t seed) {
  std::vector<uint8_t> out(len);
  uint32_t a = 0xDEAD4BADu * seed, b = 1;
  for (size_t i = 0; i < len; ++i) {
    const uint32_t t = a + b;
    a = b;
    b = t;
    out[i] = uint8_t(t >> 24);
  }
  return out;
}

TEST(Blake2s, Rfc7693AppendixESelfTest) {
  Blake2s grand;
  for (size_t outlen : {16, 20, 28, 32}) {
    for (size_t inlen : {0, 3, 64, 65, 255, 1024}) {
      const auto in = selftest_seq(inlen, uint32_t(inlen));
      uint8_t md[32];
      Blake2s(outlen).update(in).final(md);
      grand.update(md, outlen);
      const auto key = selftest_seq(outlen, uint32_t(outlen));
      Blake2s(outlen, key).update(in).final(md);
      grand.update(md, outlen);
    }
  }
  auto d = grand.final();
  EXPECT_EQ(hex(d.data(), 32), "6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe");
}

// Feeding in pieces equals feeding at once (block boundaries inside update).
TEST(Blake2s, SplitUpdatesAgree) {
  const auto msg = selftest_seq(300, 7);
  auto whole = Blake2s().update(msg).final();
  for (size_t cut : {1, 63, 64, 65, 128, 299}) {
    Blake2s h;
    h.update(std::span(msg).first(cut));
    h.update(std::span(msg).subspan(cut));
    EXPECT_EQ(h.final(), whole) << "cut at " << cut;
  }
}

TEST(Blake2s, RejectsBadLengths) {
  EXPECT_THROW(Blake2s(0), cuzk::Error);
  EXPECT_THROW(Blake2s(33), cuzk::Error);
  const std::vector<uint8_t> key(33, 1);
  EXPECT_THROW(Blake2s(32, key), cuzk::Error);
}
