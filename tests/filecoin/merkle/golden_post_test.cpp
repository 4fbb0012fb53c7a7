// Curio's golden 32 GiB WindowPoSt vanilla proof (lib/proof/testgolden/
// post.vproof, FILECOIN.md 2.6) through the tree code: all ten Sub proofs
// verify against the sector's comm_r_last under shape 8-8-0, comm_r =
// Poseidon-2(comm_c, comm_r_last) and equals the SealedCID of postpub.json,
// and each proof's leaf index is the PoSt challenge derived from the zero
// randomness. The bincode reader here is a minimal test-only one.
#include <gtest/gtest.h>

#include <cstring>

#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "merkle_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace merkle_test;

namespace {

// bincode 1.x defaults: little-endian fixed-width integers, u64 lengths, u32 enum tags.
class Reader {
 public:
  explicit Reader(std::vector<uint8_t> bytes) : b_(std::move(bytes)) {}
  uint64_t u64() { return le(8); }
  uint32_t u32() { return uint32_t(le(4)); }
  Domain domain() {
    need(32);
    Domain d;
    std::memcpy(d.data(), &b_[pos_], 32);
    pos_ += 32;
    return d;
  }
  InclusionPath path() {
    InclusionPath p(u64());
    for (auto& e : p) {
      e.hashes.resize(u64());
      for (auto& h : e.hashes) h = domain();
      e.index = u64();
    }
    return p;
  }
  // Single{root, leaf, path}, Sub{base, sub, root, leaf}, Top{base, sub, top, root, leaf}.
  MerkleProof merkle_proof() {
    MerkleProof p;
    const uint32_t tag = u32();
    if (tag > 2) throw DecodeError("MerkleProof tag " + std::to_string(tag));
    p.kind = MerkleProof::Kind(tag);
    if (p.kind == MerkleProof::Kind::kSingle) {
      p.root = domain();
      p.leaf = domain();
      p.base = path();
      return p;
    }
    p.base = path();
    p.sub = path();
    if (p.kind == MerkleProof::Kind::kTop) p.top = path();
    p.root = domain();
    p.leaf = domain();
    return p;
  }
  bool done() const { return pos_ == b_.size(); }

 private:
  void need(size_t n) const {
    if (pos_ + n > b_.size()) throw DecodeError("post.vproof truncated at " + std::to_string(pos_));
  }
  uint64_t le(size_t n) {
    need(n);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= uint64_t(b_[pos_ + i]) << (8 * i);
    pos_ += n;
    return v;
  }
  std::vector<uint8_t> b_;
  size_t pos_ = 0;
};

struct SectorProof {
  std::vector<MerkleProof> inclusion;
  Domain comm_c, comm_r_last;
};

// FallbackPoSt leaf challenge: LE u64 of SHA-256(randomness || u64 sector_id ||
// u64 challenge_index)[0..8] mod leaves (storage-proofs-post fallback/vanilla.rs).
uint64_t post_challenge(const Domain& randomness, uint64_t sector_id, uint64_t n, uint64_t leaves) {
  uint8_t buf[48];
  std::memcpy(buf, randomness.data(), 32);
  for (int i = 0; i < 8; ++i) buf[32 + i] = uint8_t(sector_id >> (8 * i));
  for (int i = 0; i < 8; ++i) buf[40 + i] = uint8_t(n >> (8 * i));
  const auto h = sha256(buf);
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(h[size_t(i)]) << (8 * i);
  return v % leaves;
}

}  // namespace

TEST(GoldenWindowPoSt, AllTenPathsVerifyAgainstCommRLastAndCommR) {
  Reader r(read_bytes(data_path("post.vproof")));
  const uint64_t sector_id = r.u64();
  const Domain comm_r = r.domain();
  const uint64_t sectors = r.u64();
  ASSERT_EQ(sector_id, 1u);
  ASSERT_EQ(sectors, 1u);
  SectorProof sp;
  sp.inclusion.resize(r.u64());
  for (auto& p : sp.inclusion) p = r.merkle_proof();
  sp.comm_c = r.domain();
  sp.comm_r_last = r.domain();
  ASSERT_TRUE(r.done());
  ASSERT_EQ(sp.inclusion.size(), 10u);

  EXPECT_EQ(to_hex(comm_r), "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b");
  EXPECT_EQ(comm_r_of(sp.comm_c, sp.comm_r_last), comm_r);
  EXPECT_EQ(comm_r, commitment_from_cid("bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl",
                                        CommitmentKind::kSealed));

  const auto shape = tree_r_shape(uint64_t(32) << 30);
  const Domain zero_randomness{};
  for (size_t n = 0; n < sp.inclusion.size(); ++n) {
    const auto& p = sp.inclusion[n];
    ASSERT_EQ(p.kind, MerkleProof::Kind::kSub);
    const uint64_t challenge = post_challenge(zero_randomness, sector_id, n, shape.leaves);
    const auto check = check_merkle_proof(p, shape, {.root = sp.comm_r_last, .leaf_index = challenge});
    EXPECT_TRUE(check.ok) << "proof " << n << ": " << check.error;
    EXPECT_EQ(check.leaf_index, challenge) << "proof " << n;
  }

  // Curio's TestPoseidonHashMulti inputs are proof 0's first level: the
  // leaf inserted among its seven siblings.
  const auto& e = sp.inclusion[0].base[0];
  std::vector<Domain> kids = e.hashes;
  kids.insert(kids.begin() + long(e.index), sp.inclusion[0].leaf);
  EXPECT_EQ(to_hex(kids[0]), "f743111428ecda9b74a18826f1cc62d48ae1510de17e58645997559f86442f31");
  EXPECT_EQ(to_hex(kids[7]), "0a017e264d0728bfcd2edb3c6c60cc5a05a02af31a71cdd7bb2da27616f5f630");
}
