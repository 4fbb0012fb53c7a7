// replica_id and the PoRep challenges (interactive, synthetic,
// non-interactive) against rust-fil-proofs' own known answers, against
// node's crypto (vectors.json), and against hand-built hash inputs for the
// details that are easy to get wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/challenges/synthetic_challenges.hpp"
#include "filecoin/hash/sha256.hpp"
#include "vectors.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;
using cuzk::filecoin::test::challenge_vectors;
using cuzk::filecoin::test::dom;
using cuzk::filecoin::test::u64;

namespace {

Domain small_fr(uint64_t v) {
  Domain d{};
  for (int i = 0; i < 8; ++i) d[i] = uint8_t(v >> (8 * i));
  return d;
}

// (LE integer of the digest) mod m, one byte at a time: a second way of
// computing what the library does with 64-bit limbs.
uint64_t mod_bytewise(const Digest& d, uint64_t m) {
  uint64_t r = 0;
  for (int i = 31; i >= 0; --i) r = uint64_t(((unsigned __int128)r * 256 + d[i]) % m);
  return r;
}

}  // namespace

// The fixture is what node computes today (skipped where node is absent,
// unless CUZK_EXPECT_NODE=1 says it was installed).
TEST(ChallengeVectors, NodeRegeneratesTheFixture) {
  if (std::system("node --version > /dev/null 2>&1") != 0) {
    const char* expect = std::getenv("CUZK_EXPECT_NODE");
    if (expect && std::string(expect) == "1") FAIL() << "node not installed, but CUZK_EXPECT_NODE=1 says it was";
    GTEST_SKIP() << "node not installed";
  }
  const std::string dir = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/challenges/";
  const std::string cmd = "node '" + dir + "gen_vectors.mjs' --stdout | cmp -s - '" + dir + "vectors.json'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
}

TEST(ReplicaId, MatchesNodeCrypto) {
  const auto& cases = challenge_vectors()["replica_id"];
  ASSERT_EQ(cases.size(), 5u);
  for (const auto& c : cases)
    EXPECT_EQ(to_hex(replica_id(dom(c["prover_id"]), u64(c["sector_id"]), dom(c["ticket"]), dom(c["comm_d"]),
                                dom(c["porep_id"]))),
              c["replica_id"].get<std::string>())
        << "sector " << c["sector_id"];
}

TEST(ReplicaId, SectorIdIsBigEndianAndTopBitsCleared) {
  const Domain ticket = filled(0xb2), comm_d = filled(0xc3), porep = filled(0xd4);
  const uint64_t sector = 0x0102030405060708ull;
  auto input_for = [&](const Domain& prover) {
    std::vector<uint8_t> input(prover.begin(), prover.end());
    for (uint8_t b : {1, 2, 3, 4, 5, 6, 7, 8}) input.push_back(b);
    for (const Domain* d : {&ticket, &comm_d, &porep}) input.insert(input.end(), d->begin(), d->end());
    return input;
  };
  // A prover id whose digest has a top bit set, so that the clearing shows.
  uint8_t fill = 0;
  while ((sha256(input_for(filled(fill)))[31] & 0xc0) == 0) ++fill;
  const Domain prover = filled(fill);
  std::vector<uint8_t> input = input_for(prover);
  Digest expected = sha256(input);
  expected[31] &= 0x3f;
  EXPECT_EQ(replica_id(prover, sector, ticket, comm_d, porep), expected);
  // The little-endian reading gives something else.
  std::reverse(input.begin() + 32, input.begin() + 40);
  EXPECT_NE(replica_id(prover, sector, ticket, comm_d, porep), trunc254(sha256(input)));
}

TEST(InteractiveChallenges, MatchNodeCrypto) {
  const auto& cases = challenge_vectors()["interactive"];
  ASSERT_EQ(cases.size(), 8u);
  for (const auto& c : cases)
    EXPECT_EQ(interactive_porep_challenges(c["sector_nodes"], dom(c["replica_id"]), dom(c["seed"]),
                                           c["per_partition"], c["partition"]),
              c["challenges"].get<std::vector<uint64_t>>())
        << "nodes " << c["sector_nodes"] << " partition " << c["partition"];
}

TEST(InteractiveChallenges, HandBuiltHashInputAndReduction) {
  const Domain replica = small_fr(55), seed = filled(0x5e);
  const uint64_t nodes = uint64_t(1) << 30;
  const auto got = interactive_porep_challenges(nodes, replica, seed, 18, 3);
  ASSERT_EQ(got.size(), 18u);
  for (uint32_t i = 0; i < 18; ++i) {
    const uint32_t j = 18 * 3 + i;
    std::vector<uint8_t> input(replica.begin(), replica.end());
    input.insert(input.end(), seed.begin(), seed.end());
    for (int b = 0; b < 4; ++b) input.push_back(uint8_t(j >> (8 * b)));
    EXPECT_EQ(got[i], mod_bytewise(sha256(input), nodes - 1) + 1) << i;
  }
}

TEST(InteractiveChallenges, PartitionsContinueOneSequenceAndSkipNodeZero) {
  const Domain replica = filled(0x11), seed = filled(0x22);
  const uint64_t nodes = 64;
  const auto whole = interactive_porep_challenges(nodes, replica, seed, 40, 0);
  std::vector<uint64_t> parts;
  for (size_t k = 0; k < 5; ++k) {
    const auto p = interactive_porep_challenges(nodes, replica, seed, 8, k);
    parts.insert(parts.end(), p.begin(), p.end());
  }
  EXPECT_EQ(parts, whole);
  for (uint64_t c : whole) EXPECT_TRUE(c >= 1 && c < nodes) << c;
  // With two nodes the only challengeable node is 1.
  for (uint64_t c : interactive_porep_challenges(2, replica, seed, 16, 0)) EXPECT_EQ(c, 1u);
}

TEST(InteractiveChallenges, RejectsWhatRustCannotRepresent) {
  const Domain d = filled(1);
  EXPECT_THROW(interactive_porep_challenges(1, d, d, 2, 0), Error);
  EXPECT_THROW(interactive_porep_challenges(uint64_t(1) << 32, d, d, 2, 0), Error);
  EXPECT_THROW(interactive_porep_challenges(64, d, d, 2, 256), Error);
  EXPECT_THROW(interactive_porep_challenges(64, d, d, size_t(1) << 25, 200), Error);
}

TEST(NonInteractiveChallenges, MatchNodeCrypto) {
  const auto& cases = challenge_vectors()["non_interactive"];
  ASSERT_EQ(cases.size(), 8u);
  for (const auto& c : cases)
    EXPECT_EQ(non_interactive_porep_challenges(c["sector_nodes"], dom(c["replica_id"]), dom(c["comm_r"]),
                                               c["per_partition"], c["partition"]),
              c["challenges"].get<std::vector<uint64_t>>())
        << "nodes " << c["sector_nodes"] << " partition " << c["partition"];
}

TEST(NonInteractiveChallenges, HandBuiltHashInput) {
  const Domain replica = filled(0x01), comm_r = filled(0x02);
  const uint64_t nodes = uint64_t(1) << 31;
  const auto got = non_interactive_porep_challenges(nodes, replica, comm_r, 18, 125);
  const std::string tag = "filecoin.io|PoRep|1|NonInteractive|1";
  for (uint32_t i = 0; i < 18; ++i) {
    const uint32_t j = 18 * 125 + i;
    std::vector<uint8_t> input(tag.begin(), tag.end());
    input.insert(input.end(), replica.begin(), replica.end());
    input.insert(input.end(), comm_r.begin(), comm_r.end());
    for (int b = 0; b < 4; ++b) input.push_back(uint8_t(j >> (8 * b)));
    EXPECT_EQ(got[i], mod_bytewise(sha256(input), nodes - 1) + 1) << i;
  }
}

// storage-proofs-porep stacked/vanilla/challenges.rs test_synth_challenges_against_hardcoded.
TEST(SyntheticChallenges, RustHardcodedVectors) {
  const SyntheticChallenges synth(1 << 10, small_fr(55), small_fr(101), 21);
  const std::vector<uint64_t> expected_synth = {178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                                801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
  EXPECT_EQ(synth.all(), expected_synth);
  for (size_t i = 21; i-- > 0;) EXPECT_EQ(synth.challenge(i), expected_synth[i]) << i;
  EXPECT_THROW(synth.challenge(21), Error);
  const std::vector<uint64_t> expected_porep = {176, 781, 801, 986, 290, 211, 692, 856, 986, 332};
  EXPECT_EQ(synth.porep_challenges(filled(1), 10, 0), expected_porep);
  // Every PoRep challenge is the synthetic challenge its selection names.
  const auto sel = synth.selection(filled(1), 10, 0);
  for (size_t i = 0; i < sel.size(); ++i) EXPECT_EQ(expected_synth[sel[i]], expected_porep[i]);
}

TEST(SyntheticChallenges, PartitionsSliceOneSelectionStream) {
  // 32 GiB shape: 2^18 synthetic challenges, 10 partitions x 18.
  const SyntheticChallenges synth(uint64_t(1) << 30, small_fr(7), small_fr(9));
  EXPECT_EQ(synth.count(), size_t(1) << 18);
  const Domain seed = filled(3);
  const auto whole = synth.selection(seed, 180, 0);
  for (size_t k = 0; k < 10; ++k) {
    const auto part = synth.selection(seed, 18, k);
    EXPECT_TRUE(std::equal(part.begin(), part.end(), whole.begin() + 18 * k)) << k;
  }
  const auto all = synth.all();
  ASSERT_EQ(all.size(), size_t(1) << 18);
  for (size_t i : {size_t(0), size_t(1), size_t(12345), (size_t(1) << 18) - 1}) EXPECT_EQ(synth.challenge(i), all[i]);
  const auto porep = synth.porep_challenges(seed, 18, 7);
  const auto sel = synth.selection(seed, 18, 7);
  for (size_t i = 0; i < 18; ++i) EXPECT_EQ(porep[i], all[sel[i]]);
  for (uint64_t c : all) ASSERT_TRUE(c >= 1 && c < (uint64_t(1) << 30));
}

TEST(SyntheticChallenges, DefaultCountAndInputChecks) {
  EXPECT_EQ(SyntheticChallenges(64, small_fr(1), small_fr(2)).count(), 64u);  // 2 KiB: all nodes
  EXPECT_EQ(SyntheticChallenges(uint64_t(1) << 24, small_fr(1), small_fr(2)).count(), size_t(1) << 18);
  Domain not_fr = filled(0xff);
  EXPECT_THROW(SyntheticChallenges(64, not_fr, small_fr(2)), DecodeError);
  EXPECT_THROW(SyntheticChallenges(64, small_fr(1), not_fr), DecodeError);
  EXPECT_THROW(SyntheticChallenges(64, small_fr(1), small_fr(2), 0), Error);
  EXPECT_THROW(SyntheticChallenges(1, small_fr(1), small_fr(2)), Error);
}
