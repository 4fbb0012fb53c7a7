// PoSt vanilla checks on Curio's golden 32 GiB WindowPoSt proof (a real
// proof by rust-fil-proofs, randomness 0, sector 1): it passes under the
// Window32GiBV1 and V1_2 rules; a flip in every field (every byte on
// request) is refused with a reason naming the field; wrong public values
// are refused; and the partition rules Rust applies (padding, duplicate ids,
// extra SectorProofs) are followed rather than second-guessed. Then Winning
// and Window proofs of 2 KiB sectors from the host sealer: Winning's 66
// slots (only slot 0 read by Rust's vanilla verifier, all by the circuit),
// Window partitions of two sectors under API 1.0 and 1.2 numbering.
#include "filecoin/vanilla_check/post_check.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "golden_post.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;
using vanilla_check_test::golden_bytes;
using vanilla_check_test::golden_post_public;

namespace {

constexpr RegisteredPoStProof kWinning32GiB = RegisteredPoStProof::kStackedDrgWinning32GiBV1,
                              kWindow32GiBV1 = RegisteredPoStProof::kStackedDrgWindow32GiBV1,
                              kWindow32GiBV1_2 = RegisteredPoStProof::kStackedDrgWindow32GiBV1_2;

// The layout of the golden file (FILECOIN.md 3.2): 8 sector_id | 32 comm_r |
// 8 sectors | 8 inclusion_proofs | 10 Sub proofs | 32 comm_c | 32 comm_r_last;
// a Sub proof: 4 tag | 8 len | 9 x (8 len | 7 x 32 | 8 index) | 8 len | 1 x (...) | 32 root | 32 leaf.
constexpr size_t kElement = 8 + 7 * 32 + 8;
constexpr size_t kProof = 4 + 8 + 9 * kElement + 8 + kElement + 64;
constexpr size_t kProofsAt = 56;
constexpr size_t kCommCAt = kProofsAt + 10 * kProof;

PoStPublic golden_pub(RegisteredPoStProof proof) { return {proof, golden_post_public().randomness, std::nullopt}; }

PoStSector golden_sector() {
  const auto g = golden_post_public();
  return {g.sector_id, g.comm_r};
}

FallbackPoStSectorProof golden_proof() { return read_fallback_post_sector_proof(golden_bytes("post.vproof")); }

// What the failure of a flip at `offset` must mention.
bool names_the_field(const std::string& failure, size_t offset) {
  auto has = [&](const std::string& s) { return failure.find(s) != std::string::npos; };
  if (offset < 8) return has("the proof is for sector");
  if (offset < 40) return has("comm_r");
  if (offset < kProofsAt) return has("vanilla proof: ");  // the decoder's reason
  if (offset < kCommCAt) {
    const size_t n = (offset - kProofsAt) / kProof;
    // a changed root of proof 0 changes the comm_r_last Rust reads
    return has("challenge " + std::to_string(n) + " (") || has("vanilla proof: ") ||
           (n == 0 && has("the first inclusion proof's root"));
  }
  if (offset < kCommCAt + 32) return has("comm_c");
  return has("comm_r_last");
}

struct Field {
  size_t offset, width;
};

// Every field of the file: the sector id, comm_r, each length, variant
// tag, sibling, index, root and leaf of the ten paths, comm_c, comm_r_last.
std::vector<Field> golden_fields() {
  std::vector<Field> f{{0, 8}, {8, 32}, {40, 8}, {48, 8}};
  for (size_t n = 0; n < 10; ++n) {
    size_t at = kProofsAt + n * kProof;
    f.push_back({at, 4});  // variant tag
    at += 4;
    for (size_t levels : {9, 1}) {
      f.push_back({at, 8});  // path length
      at += 8;
      for (size_t l = 0; l < levels; ++l) {
        f.push_back({at, 8});  // siblings length
        at += 8;
        for (size_t k = 0; k < 7; ++k, at += 32) f.push_back({at, 32});
        f.push_back({at, 8});  // index
        at += 8;
      }
    }
    f.push_back({at, 32});       // root
    f.push_back({at + 32, 32});  // leaf
  }
  f.push_back({kCommCAt, 32});
  f.push_back({kCommCAt + 32, 32});
  return f;
}

// Flips one byte of `bytes` per case; returns the cases not refused with a
// reason naming the field.
std::vector<std::string> unrefused_flips(const std::vector<uint8_t>& bytes,
                                         const std::vector<std::pair<size_t, uint8_t>>& flips) {
  const PoStPublic pub = golden_pub(kWindow32GiBV1);
  const PoStSector sector = golden_sector();
  std::mutex mu;
  std::vector<std::string> bad;
  parallel_for(flips.size(), 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      const auto [at, mask] = flips[i];
      auto corrupt = bytes;
      corrupt[at] ^= mask;
      const auto r = check_post_sector_proof_bytes(pub, corrupt, sector);
      if (!r.ok && names_the_field(r.failure, at)) continue;
      std::lock_guard lk(mu);
      bad.push_back("byte " + std::to_string(at) + " ^ " + std::to_string(mask) + ": " +
                    (r.ok ? "accepted" : r.failure));
    }
  });
  return bad;
}

}  // namespace

TEST(GoldenWindowPoSt, PublicValuesAreThoseOfPostpub) {
  const auto g = golden_post_public();
  EXPECT_EQ(g.randomness, Domain{});
  EXPECT_EQ(g.post_proof, 8u);  // StackedDrgWindow32GiBV1
  EXPECT_EQ(g.sector_id, 1u);
  EXPECT_EQ(to_hex(g.comm_r), "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b");
  const auto p = golden_proof();
  EXPECT_EQ(p.sector_id, g.sector_id);
  EXPECT_EQ(p.comm_r, g.comm_r);
}

TEST(GoldenWindowPoSt, PassesUnderBothWindowRules) {
  const auto bytes = golden_bytes("post.vproof");
  const auto proof = golden_proof();
  for (RegisteredPoStProof type : {kWindow32GiBV1, kWindow32GiBV1_2}) {
    const PoStPublic pub = golden_pub(type);
    const auto single = check_post_sector_proof(pub, proof, golden_sector());
    EXPECT_TRUE(single.ok) << single.failure;
    EXPECT_TRUE(single.notes.empty());
    const auto from_bytes = check_post_sector_proof_bytes(pub, bytes, golden_sector());
    EXPECT_TRUE(from_bytes.ok) << from_bytes.failure;
    // As cuzk receives it: one partition of one sector, public sectors from
    // the proof itself or from the chain.
    const PoStSector chain[] = {golden_sector()};
    const auto partition = check_window_post_partition(pub, 0, {&proof, 1});
    EXPECT_TRUE(partition.ok) << partition.failure;
    const std::vector<std::vector<uint8_t>> list{bytes};
    const auto against_chain = check_window_post_partition_bytes(pub, 0, list, chain);
    EXPECT_TRUE(against_chain.ok) << against_chain.failure;
    EXPECT_NO_THROW(require_accepted(against_chain, "golden"));
  }
}

// The tree code's own reading of the golden paths (formerly the Merkle
// folder's golden test): all ten Sub proofs verify under shape 8-8-0 against
// comm_r_last, comm_r = Poseidon-2(comm_c, comm_r_last) is the SealedCID's,
// and Curio's TestPoseidonHashMulti inputs are proof 0's first level.
TEST(GoldenWindowPoSt, TreeCodeReadsThePathsAlike) {
  const auto p = golden_proof();
  ASSERT_EQ(p.sectors.size(), 1u);
  const SectorProof& sp = p.sectors[0];
  EXPECT_EQ(comm_r_of(sp.comm_c, sp.comm_r_last), golden_sector().comm_r);
  const auto shape = tree_r_shape(uint64_t(32) << 30);
  ASSERT_EQ(sp.inclusion_proofs.size(), 10u);
  for (const auto& m : sp.inclusion_proofs) {
    const auto check = check_merkle_proof(m, shape, {.root = sp.comm_r_last});
    EXPECT_TRUE(check.ok) << check.error;
  }
  const auto& e = sp.inclusion_proofs[0].base[0];
  std::vector<Domain> kids = e.hashes;
  kids.insert(kids.begin() + long(e.index), sp.inclusion_proofs[0].leaf);
  EXPECT_EQ(to_hex(kids[0]), "f743111428ecda9b74a18826f1cc62d48ae1510de17e58645997559f86442f31");
  EXPECT_EQ(to_hex(kids[7]), "0a017e264d0728bfcd2edb3c6c60cc5a05a02af31a71cdd7bb2da27616f5f630");
}

// One flip in every field (956 of them), the flipped byte and mask varying
// from field to field: each refused, the reason naming the field.
TEST(GoldenWindowPoSt, AFlipInEveryFieldIsRefused) {
  const auto bytes = golden_bytes("post.vproof");
  const auto fields = golden_fields();
  ASSERT_EQ(fields.size(), 4 + 10 * (3 + 10 * 9 + 2) + 2u);
  ASSERT_EQ(fields.back().offset + 32, bytes.size());
  std::vector<std::pair<size_t, uint8_t>> flips;
  for (size_t i = 0; i < fields.size(); ++i) {
    const uint8_t masks[] = {0xff, 0x01, 0x80, 0x10};
    flips.push_back({fields[i].offset + (i * 7) % fields[i].width, masks[i % 4]});
  }
  const auto bad = unrefused_flips(bytes, flips);
  EXPECT_TRUE(bad.empty());
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}

// Every byte flipped in turn, two ways (all bits; the lowest bit): 49,920
// cases, minutes of CPU on a small machine, so run on request
// (CUZK_EXHAUSTIVE=1).
TEST(GoldenWindowPoSt, EveryFlippedByteIsRefused) {
  if (!std::getenv("CUZK_EXHAUSTIVE")) GTEST_SKIP() << "set CUZK_EXHAUSTIVE=1 to flip all 24,960 bytes";
  const auto bytes = golden_bytes("post.vproof");
  std::vector<std::pair<size_t, uint8_t>> flips;
  for (uint8_t mask : {uint8_t(0xff), uint8_t(0x01)})
    for (size_t at = 0; at < bytes.size(); ++at) flips.push_back({at, mask});
  const auto bad = unrefused_flips(bytes, flips);
  EXPECT_TRUE(bad.empty()) << bad.size() << " of " << flips.size() << " flips not refused";
  for (size_t i = 0; i < std::min<size_t>(bad.size(), 20); ++i) ADD_FAILURE() << bad[i];
}

TEST(GoldenWindowPoSt, SampleReasons) {
  auto bytes = golden_bytes("post.vproof");
  const PoStPublic pub = golden_pub(kWindow32GiBV1);
  auto reason = [&](size_t at) {
    auto b = bytes;
    b[at] ^= 0x01;
    return check_post_sector_proof_bytes(pub, b, golden_sector()).failure;
  };
  // proof 3's first sibling on level 1
  EXPECT_NE(reason(kProofsAt + 3 * kProof + 12 + 8).find("sector 1: challenge 3 ("), std::string::npos);
  EXPECT_NE(reason(kProofsAt + 3 * kProof + 12 + 8).find("the path hashes to"), std::string::npos);
  // proof 5's level-2 index
  const std::string index = reason(kProofsAt + 5 * kProof + 12 + kElement + 8 + 7 * 32);
  EXPECT_NE(index.find("challenge 5 ("), std::string::npos) << index;
  // the comm_r_last field alone: Rust's vanilla verifier reads the roots, the circuit the field
  EXPECT_NE(reason(kCommCAt + 40).find("is not the inclusion proofs' root"), std::string::npos);
}

TEST(GoldenWindowPoSt, WrongPublicValuesAreRefused) {
  const auto proof = golden_proof();
  PoStPublic pub = golden_pub(kWindow32GiBV1);

  // another randomness: other challenges
  pub.randomness[0] = 1;
  auto r = check_post_sector_proof(pub, proof, golden_sector());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.failure.find("the challenge is leaf"), std::string::npos) << r.failure;
  // randomness Rust cannot read as a field element
  pub.randomness.fill(0xff);
  r = check_post_sector_proof(pub, proof, golden_sector());
  EXPECT_NE(r.failure.find("randomness"), std::string::npos) << r.failure;
  pub = golden_pub(kWindow32GiBV1);
  // prover id likewise
  pub.prover_id = Domain{};
  pub.prover_id->fill(0xff);
  EXPECT_NE(check_post_sector_proof(pub, proof).failure.find("prover_id"), std::string::npos);
  pub.prover_id.reset();

  // the chain's sector differs: id, comm_r
  PoStSector other = golden_sector();
  other.sector_id = 2;
  r = check_post_sector_proof(pub, proof, other);
  EXPECT_NE(r.failure.find("the proof is for sector 1, the challenged sector is 2"), std::string::npos) << r.failure;
  other = golden_sector();
  other.comm_r[0] ^= 1;
  r = check_post_sector_proof(pub, proof, other);
  EXPECT_NE(r.failure.find("comm_r"), std::string::npos) << r.failure;

  // the proof's own sector id or comm_r changed (public values from the proof)
  auto relabelled = proof;
  relabelled.sector_id = 2;
  r = check_post_sector_proof(pub, relabelled);
  EXPECT_NE(r.failure.find("the challenge is leaf"), std::string::npos) << r.failure;
  auto recommitted = proof;
  recommitted.comm_r[3] ^= 1;
  r = check_post_sector_proof(pub, recommitted);
  EXPECT_NE(r.failure.find("is not the sector's comm_r"), std::string::npos) << r.failure;

  // API 1.0 numbers challenges across the whole proof: the same sector at
  // position 1 has other challenges; API 1.2 restarts them per sector.
  EXPECT_FALSE(check_post_sector_proof(pub, proof, golden_sector(), 1).ok);
  EXPECT_TRUE(check_post_sector_proof(golden_pub(kWindow32GiBV1_2), proof, golden_sector(), 1).ok);
  // as partition 1 (first sector index 2349) likewise
  EXPECT_FALSE(check_window_post_partition(pub, 1, {&proof, 1}).ok);
  EXPECT_TRUE(check_window_post_partition(golden_pub(kWindow32GiBV1_2), 1, {&proof, 1}).ok);

  // a Window proof is no Winning proof
  r = check_winning_post(golden_pub(kWinning32GiB), {&proof, 1});
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(check_winning_post(golden_pub(kWindow32GiBV1), {&proof, 1}).ok);
  EXPECT_FALSE(check_window_post_partition(golden_pub(kWinning32GiB), 0, {&proof, 1}).ok);
}

// How Rust assembles a partition from vanilla proofs
// (single_partition_vanilla_proofs), followed exactly.
TEST(GoldenWindowPoSt, PartitionAssemblyFollowsRust) {
  const auto proof = golden_proof();
  const PoStPublic pub = golden_pub(kWindow32GiBV1_2);

  // No proofs: Rust pads from a last proof it does not have.
  EXPECT_FALSE(check_window_post_partition(pub, 0, {}).ok);

  // The same sector twice: both positions take the first proof; under API
  // 1.2 both positions have the same challenges. Accepted, with a note.
  const std::vector<FallbackPoStSectorProof> twice{proof, proof};
  auto r = check_window_post_partition(pub, 0, twice);
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("Rust proves the first one"), std::string::npos) << r.notes[0];
  // Under API 1.0 position 1 has other challenges.
  EXPECT_FALSE(check_window_post_partition(golden_pub(kWindow32GiBV1), 0, twice).ok);
  // The duplicate's own data is never read: a broken second copy passes too.
  auto broken_twice = twice;
  broken_twice[1].sectors[0].comm_c[0] ^= 1;
  EXPECT_TRUE(check_window_post_partition(pub, 0, broken_twice).ok);

  // A proof carrying two SectorProofs fills two circuit slots; the second
  // is proved against the (padded) same sector's inputs, so an identical
  // copy is accepted, with its root fields unread by anyone (a note).
  auto doubled = proof;
  doubled.sectors.push_back(proof.sectors[0]);
  r = check_window_post_partition(pub, 0, {&doubled, 1});
  EXPECT_TRUE(r.ok) << r.failure;
  doubled.sectors[1].inclusion_proofs[4].root[0] ^= 1;
  r = check_window_post_partition(pub, 0, {&doubled, 1});
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("root field"), std::string::npos) << r.notes[0];
  // A sibling of that copy is read by the circuit.
  doubled.sectors[1].inclusion_proofs[4].base[2].hashes[1][0] ^= 1;
  r = check_window_post_partition(pub, 0, {&doubled, 1});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.failure.find("sector proof 1 of vanilla_proofs[0]"), std::string::npos) << r.failure;
  // Alone, a proof with two SectorProofs is not what a sector's proof is.
  EXPECT_FALSE(check_post_sector_proof(pub, doubled).ok);
  // A second SectorProof shifts the next sector off its slot.
  const std::vector<FallbackPoStSectorProof> shifted{doubled, proof};
  EXPECT_FALSE(check_window_post_partition(pub, 0, shifted).ok);

  // The chain's sector list must be the proofs', in order.
  const PoStSector one[] = {golden_sector()};
  const PoStSector two[] = {golden_sector(), golden_sector()};
  EXPECT_FALSE(check_window_post_partition(pub, 0, twice, one).ok);
  EXPECT_TRUE(check_window_post_partition(pub, 0, twice, two).ok);
}

TEST(GoldenWindowPoSt, ProofVariantIsReadFlattenedAsRustDoes) {
  // A Sub proof rewritten as Single with the same flattened path: Rust's
  // verify, path_index and the circuit's AuthPath read it alike.
  auto proof = golden_proof();
  auto& m = proof.sectors[0].inclusion_proofs[2];
  m.kind = MerkleProof::Kind::kSingle;
  m.base.insert(m.base.end(), m.sub.begin(), m.sub.end());
  m.sub.clear();
  const auto r = check_post_sector_proof(golden_pub(kWindow32GiBV1), proof, golden_sector());
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("Single proof"), std::string::npos) << r.notes[0];
  // One level short is refused.
  m.base.pop_back();
  EXPECT_NE(check_post_sector_proof(golden_pub(kWindow32GiBV1), proof).failure.find("9 levels"), std::string::npos);
}

// ---- Winning and Window PoSt of 2 KiB sectors sealed by the host sealer.

namespace {

constexpr auto kWinning2KiB = RegisteredPoStProof::kStackedDrgWinning2KiBV1;
constexpr auto kWindow2KiBV1 = RegisteredPoStProof::kStackedDrgWindow2KiBV1;
constexpr auto kWindow2KiBV1_2 = RegisteredPoStProof::kStackedDrgWindow2KiBV1_2;

// Two CC sectors (ids 10 and 11), sealed once.
const SealedSector& sealed_2kib(size_t which) {
  static const std::vector<SealedSector> sectors = [] {
    std::vector<SealedSector> v;
    for (uint64_t id : {10, 11})
      v.push_back(
          seal_cc_sector(seal_config(RegisteredSealProof::kStackedDrg2KiBV1_1), {filled(3), id, filled(uint8_t(id))}));
    return v;
  }();
  return sectors.at(which);
}

PoStSector sector_of(size_t which) { return {10 + which, sealed_2kib(which).comm_r}; }

const Domain kRandomness = trunc254(filled(0x21));

FallbackPoStSectorProof proof_of(RegisteredPoStProof type, size_t which, uint64_t sector_index = 0) {
  return post_sector_proof(type, sealed_2kib(which), 10 + which, kRandomness, sector_index);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(SealerPoSt, WinningPassesAndItsSlotsFollowRust) {
  const PoStPublic pub{kWinning2KiB, kRandomness, filled(3)};
  const auto proof = proof_of(kWinning2KiB, 0);
  ASSERT_EQ(proof.sectors.at(0).inclusion_proofs.size(), 66u);
  auto r = check_winning_post(pub, {&proof, 1}, sector_of(0));
  EXPECT_TRUE(r.ok) << r.failure;
  EXPECT_TRUE(r.notes.empty());
  EXPECT_TRUE(check_post_sector_proof(pub, proof, sector_of(0)).ok);
  const std::vector<std::vector<uint8_t>> encoded{write_fallback_post_sector_proof(proof)};
  EXPECT_TRUE(check_winning_post_bytes(pub, encoded).ok);

  auto with = [&](auto mutate) {
    auto p = proof;
    mutate(p.sectors[0]);
    return check_winning_post(pub, {&p, 1}, sector_of(0));
  };
  // Rust's vanilla verifier reads slot 0 only; the circuit reads every
  // slot's path but no slot's root field, and only an index's low bits.
  r = with([](SectorProof& s) { s.inclusion_proofs[0].root[0] ^= 1; });
  EXPECT_FALSE(r.ok);
  r = with([](SectorProof& s) { s.inclusion_proofs[5].root[0] ^= 1; });
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(contains(r.notes[0], "sector 10 challenge 5: challenge 0 (leaf ")) << r.notes[0];
  r = with([](SectorProof& s) { s.inclusion_proofs[5].base[1].index += 8; });
  EXPECT_TRUE(r.ok) << r.failure;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_TRUE(contains(r.notes[0], "low bits")) << r.notes[0];
  r = with([](SectorProof& s) { s.inclusion_proofs[0].base[1].index += 8; });
  EXPECT_TRUE(contains(r.failure, "index")) << r.failure;
  r = with([](SectorProof& s) { s.inclusion_proofs[37].base[0].hashes[3][9] ^= 1; });
  EXPECT_TRUE(contains(r.failure, "sector 10 challenge 37: challenge 0 (leaf ")) << r.failure;
  r = with([](SectorProof& s) { std::swap(s.inclusion_proofs[3], s.inclusion_proofs[4]); });
  const auto leaves = post_vanilla_challenges(kWinning2KiB, kRandomness, 10, 0);
  EXPECT_EQ(r.ok, leaves[3] == leaves[4]) << r.failure;
  r = with([](SectorProof& s) { s.comm_r_last[0] ^= 1; });
  EXPECT_TRUE(contains(r.failure, "comm_r_last")) << r.failure;

  // Fewer than 66 inclusion proofs: Rust pads with copies of the last, which
  // pass only where the leaves coincide (64 leaves, 66 challenges).
  r = with([](SectorProof& s) { s.inclusion_proofs.pop_back(); });
  EXPECT_EQ(r.ok, leaves[65] == leaves[64]) << r.failure;
  r = with([](SectorProof& s) { s.inclusion_proofs.push_back(s.inclusion_proofs.back()); });
  EXPECT_EQ(r.failure, "67 inclusion proofs, Winning PoSt has 66 challenges");
  r = with([](SectorProof& s) { s.inclusion_proofs.clear(); });
  EXPECT_FALSE(r.ok);

  // One vanilla proof of one SectorProof, for the challenged sector.
  const std::vector<FallbackPoStSectorProof> two{proof, proof};
  EXPECT_EQ(check_winning_post(pub, two).failure, "2 vanilla proofs, Winning PoSt proves 1 sector");
  auto doubled = proof;
  doubled.sectors.push_back(proof.sectors[0]);
  EXPECT_FALSE(check_winning_post(pub, {&doubled, 1}).ok);
  EXPECT_TRUE(contains(check_winning_post(pub, {&proof, 1}, sector_of(1)).failure, "the proof is for sector 10"));
  EXPECT_FALSE(check_post_sector_proof(pub, proof, sector_of(0), 1).ok);
}

TEST(SealerPoSt, WindowPartitionsOfTwoSectors) {
  for (RegisteredPoStProof type : {kWindow2KiBV1, kWindow2KiBV1_2}) {
    SCOPED_TRACE(int(type));
    const PoStPublic pub{type, kRandomness, std::nullopt};
    // partition 0 holds sectors 10 and 11 (sector indexes 0, 1)
    const std::vector<FallbackPoStSectorProof> part0{proof_of(type, 0, 0), proof_of(type, 1, 1)};
    const PoStSector chain[] = {sector_of(0), sector_of(1)};
    auto r = check_window_post_partition(pub, 0, part0, chain);
    EXPECT_TRUE(r.ok) << r.failure;
    EXPECT_TRUE(r.notes.empty());
    // as partition 1 (sector indexes 2, 3): API 1.0 numbers challenges over the whole proof
    const std::vector<FallbackPoStSectorProof> part1{proof_of(type, 0, 2), proof_of(type, 1, 3)};
    EXPECT_TRUE(check_window_post_partition(pub, 1, part1).ok);
    const bool v1 = type == kWindow2KiBV1;
    EXPECT_EQ(check_window_post_partition(pub, 0, part1).ok, !v1);
    // in the other order: the chain's order differs; API 1.0 challenges move
    const std::vector<FallbackPoStSectorProof> swapped{part0[1], part0[0]};
    EXPECT_TRUE(contains(check_window_post_partition(pub, 0, swapped, chain).failure,
                         "vanilla_proofs[0]: the proof is for sector 11, the challenged sector is 10"));
    EXPECT_EQ(check_window_post_partition(pub, 0, swapped).ok, !v1);
    // one sector, padded with copies of it
    EXPECT_TRUE(check_window_post_partition(pub, 0, {&part0[0], 1}).ok);
    // three sectors do not fit a 2 KiB partition
    const std::vector<FallbackPoStSectorProof> three{part0[0], part0[1], part0[1]};
    EXPECT_TRUE(contains(check_window_post_partition(pub, 0, three).failure, "holds at most 2"));
    // a broken second sector is named
    auto broken = part0;
    broken[1].sectors[0].inclusion_proofs[6].leaf[2] ^= 1;
    EXPECT_TRUE(contains(check_window_post_partition(pub, 0, broken).failure, "sector 11: challenge 6 (leaf "));
    // bytes that do not decode
    std::vector<std::vector<uint8_t>> bytes{write_fallback_post_sector_proof(part0[0]), {1, 2, 3}};
    EXPECT_TRUE(contains(check_window_post_partition_bytes(pub, 0, bytes).failure, "vanilla_proofs[1]"));
  }
}
