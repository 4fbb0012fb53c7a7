// SnapDeals challenges against storage-proofs-update challenges.rs
// test_challenges_against_hardcoded (comm_r_new drawn by rust's
// XorShiftRng::from_seed(TEST_SEED) and blstrs' Scalar::random, both
// rebuilt here) and its bucketing test.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <utility>

#include "core/error.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/registry/update_params.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

// rand_xorshift 0.3: seed = four u32 LE words; next_u64 = low word first.
class XorShiftRng {
 public:
  explicit XorShiftRng(const std::array<uint8_t, 16>& seed) {
    for (int i = 0; i < 4; ++i)
      s_[i] = uint32_t(seed[4 * i]) | uint32_t(seed[4 * i + 1]) << 8 | uint32_t(seed[4 * i + 2]) << 16 |
              uint32_t(seed[4 * i + 3]) << 24;
  }
  uint32_t next_u32() {
    const uint32_t t = s_[0] ^ (s_[0] << 11);
    s_[0] = s_[1];
    s_[1] = s_[2];
    s_[2] = s_[3];
    s_[3] = s_[3] ^ (s_[3] >> 19) ^ (t ^ (t >> 8));
    return s_[3];
  }
  uint64_t next_u64() {
    const uint64_t lo = next_u32();
    return uint64_t(next_u32()) << 32 | lo;
  }

 private:
  uint32_t s_[4];
};

// blstrs 0.7 Scalar::random: four u64 words, top bit masked, rejected until
// below the modulus; PoseidonDomain holds its little-endian bytes.
Domain random_domain(XorShiftRng& rng) {
  for (;;) {
    uint64_t w[4];
    for (auto& x : w) x = rng.next_u64();
    w[3] &= ~uint64_t(0) >> 1;
    Domain d{};
    for (int i = 0; i < 32; ++i) d[size_t(i)] = uint8_t(w[i / 8] >> (8 * (i % 8)));
    try {
      fr_of(d);
      return d;
    } catch (const DecodeError&) {
    }
  }
}

// storage-proofs-core TEST_SEED.
constexpr std::array<uint8_t, 16> kTestSeed = {0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                                               0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};

}  // namespace

TEST(UpdateChallenges, RustHardcodedVectors) {
  XorShiftRng rng(kTestSeed);
  const Domain comm_r_new = random_domain(rng);
  // (sector nodes, partition) -> the first five challenges.
  const std::map<std::pair<uint64_t, size_t>, std::array<uint32_t, 5>> expected = {
      {{1 << 5, 0}, {21, 7, 3, 31, 0}},
      {{1 << 6, 0}, {53, 51, 56, 3, 0}},
      {{1 << 7, 0}, {117, 25, 62, 0, 72}},
      {{1 << 8, 0}, {245, 140, 15, 128, 28}},
      {{1 << 9, 0}, {245, 140, 15, 128, 28}},
      {{1 << 9, 1}, {286, 308, 493, 510, 508}},
      {{1 << 10, 0}, {245, 454, 3, 400, 193}},
      {{1 << 10, 1}, {542, 666, 955, 927, 911}},
      {{1 << 18, 0}, {36085, 32783, 44060, 10950, 3731}},
      {{1 << 18, 1}, {78878, 130797, 112892, 93994, 78379}},
      {{1 << 19, 0}, {101621, 16391, 109319, 25944, 41193}},
      {{1 << 19, 1}, {209950, 163702, 175679, 224741, 197410}},
      {{1 << 24, 0}, {1019125, 116736, 706220, 59698, 799498}},
      {{1 << 24, 1}, {2092548, 1213276, 1185483, 1164598, 1095197}},
      {{1 << 24, 14}, {15212432, 15665918, 15015423, 15012912, 15495223}},
      {{1 << 24, 15}, {16388544, 15794686, 16637142, 16319148, 16328348}},
      {{1ull << 30, 0}, {1019125, 27985696, 15282860, 11586600, 44651330}},
      {{1ull << 30, 1}, {109168525, 127316247, 80331041, 97065716, 72310052}},
      {{1ull << 30, 14}, {990420169, 955146989, 968005601, 976863263, 944650706}},
      {{1ull << 30, 15}, {1038629497, 1053983614, 1030421316, 1027373887, 1068685433}},
      {{1ull << 31, 0}, {1019125, 13992848, 3820715, 18225541, 57316660}},
      {{1ull << 31, 1}, {243386253, 197875851, 204632136, 171516766, 247789010}},
      {{1ull << 31, 14}, {1997053129, 1920414070, 2003609080, 1900492803, 1963254685}},
      {{1ull << 31, 15}, {2045262457, 2036941247, 2136653521, 2091356007, 2147167623}},
  };
  for (const auto& [key, first5] : expected) {
    const auto got = update_challenges(key.first, comm_r_new, key.second);
    ASSERT_GE(got.size(), 5u);
    EXPECT_EQ(std::vector<uint32_t>(got.begin(), got.begin() + 5), std::vector<uint32_t>(first5.begin(), first5.end()))
        << "nodes " << key.first << " partition " << key.second;
  }
}

// challenges.rs test_challenge_bucketing: every challenge of partition k lies
// in the k-th slice of the sector.
TEST(UpdateChallenges, EachPartitionStaysInItsSlice) {
  XorShiftRng rng(kTestSeed);
  for (uint64_t nodes : {1ull << 5, 1ull << 6, 1ull << 7, 1ull << 8, 1ull << 9, 1ull << 10, 1ull << 18, 1ull << 19,
                         1ull << 24, 1ull << 30, 1ull << 31}) {
    const Domain comm_r_new = random_domain(rng);
    const size_t partitions = update_partition_count(nodes);
    const uint64_t slice = nodes / partitions;
    for (size_t k = 0; k < partitions; ++k) {
      const auto c = update_challenges(nodes, comm_r_new, k);
      ASSERT_EQ(c.size(), update_challenge_count(nodes));
      for (uint32_t x : c) ASSERT_TRUE(x >= k * slice && x < (k + 1) * slice) << nodes << " " << k << " " << x;
    }
  }
}

TEST(UpdateChallenges, PoseidonVariantAndErrors) {
  XorShiftRng rng(kTestSeed);
  const Domain comm_r_new = random_domain(rng);
  // One partition holding partitions x challenge_count challenges over the
  // whole sector; its first challenge uses the low bits of digest 0, like
  // partition 0 of the partitioned form but with log2(nodes) bits.
  const auto all = update_poseidon_challenges(1ull << 30, comm_r_new);
  EXPECT_EQ(all.size(), 16u * 86u);
  for (uint32_t c : all) ASSERT_LT(c, 1u << 30);
  const auto part0 = update_challenges(1ull << 30, comm_r_new, 0);
  EXPECT_EQ(all[0] & ((1u << 26) - 1), part0[0]);
  EXPECT_THROW(update_challenges(1ull << 30, comm_r_new, 16), Error);
  EXPECT_THROW(update_challenges(1ull << 20, comm_r_new, 0), Error);
  Domain bad;
  bad.fill(0xff);
  EXPECT_THROW(update_challenges(1ull << 30, bad, 0), DecodeError);
}
