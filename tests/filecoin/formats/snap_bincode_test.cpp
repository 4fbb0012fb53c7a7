// The SnapDeals PartitionProof bincode codec against bytes laid out by hand
// from storage-proofs-update vanilla.rs (field order) and bincode 1.x rules
// (FILECOIN.md §3.3), with every MerkleProof variant; byte-identical round
// trips; truncations and corrupt lengths as DecodeErrors naming the field.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/formats/snap_bincode.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

Domain dom(uint8_t fill) {
  Domain d;
  d.fill(fill);
  return d;
}

struct Bytes {
  std::vector<uint8_t> b;
  Bytes& u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
    return *this;
  }
  Bytes& u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) b.push_back(uint8_t(v >> (8 * i)));
    return *this;
  }
  Bytes& d(uint8_t fill) {
    b.insert(b.end(), 32, fill);
    return *this;
  }
  // one path element of `n` hashes filled with `fill`, at position `index`
  Bytes& element(size_t n, uint8_t fill, uint64_t index) {
    u64(n);
    for (size_t i = 0; i < n; ++i) d(fill);
    return u64(index);
  }
};

PathElement element(size_t n, uint8_t fill, uint64_t index) { return {std::vector<Domain>(n, dom(fill)), index}; }

// A proof with one challenge whose three openings are a Sub, a Single and a
// Top proof, and two apex leafs.
SnapPartitionProof sample() {
  SnapPartitionProof p;
  p.comm_c = dom(0xcc);
  p.apex_leafs = {dom(0xa1), dom(0xa2)};
  SnapChallengeProof c;
  c.proof_r_old.kind = MerkleProof::Kind::kSub;
  c.proof_r_old.base = {element(7, 0x11, 3), element(7, 0x12, 5)};
  c.proof_r_old.sub = {element(7, 0x13, 6)};
  c.proof_r_old.root = dom(0x1e);
  c.proof_r_old.leaf = dom(0x1f);
  c.proof_d_new.kind = MerkleProof::Kind::kSingle;
  c.proof_d_new.base = {element(1, 0x21, 0), element(1, 0x22, 1), element(1, 0x23, 1)};
  c.proof_d_new.root = dom(0x2e);
  c.proof_d_new.leaf = dom(0x2f);
  c.proof_r_new.kind = MerkleProof::Kind::kTop;
  c.proof_r_new.base = {element(7, 0x31, 7)};
  c.proof_r_new.sub = {element(7, 0x32, 2)};
  c.proof_r_new.top = {element(1, 0x33, 1)};
  c.proof_r_new.root = dom(0x3e);
  c.proof_r_new.leaf = dom(0x3f);
  p.challenge_proofs = {c};
  return p;
}

std::vector<uint8_t> sample_bytes() {
  Bytes b;
  b.d(0xcc).u64(2).d(0xa1).d(0xa2).u64(1);
  // proof_r_old: Sub{base_proof, sub_proof, root, leaf}
  b.u32(1).u64(2).element(7, 0x11, 3).element(7, 0x12, 5).u64(1).element(7, 0x13, 6).d(0x1e).d(0x1f);
  // proof_d_new: Single{root, leaf, path}
  b.u32(0).d(0x2e).d(0x2f).u64(3).element(1, 0x21, 0).element(1, 0x22, 1).element(1, 0x23, 1);
  // proof_r_new: Top{base_proof, sub_proof, top_proof, root, leaf}
  b.u32(2).u64(1).element(7, 0x31, 7).u64(1).element(7, 0x32, 2).u64(1).element(1, 0x33, 1).d(0x3e).d(0x3f);
  return b.b;
}

std::string decode_error(const std::vector<uint8_t>& bytes) {
  try {
    (void)read_snap_partition_proof(bytes, "snap");
  } catch (const DecodeError& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST(SnapBincode, WritesTheBincodeLayout) { EXPECT_EQ(write_snap_partition_proof(sample()), sample_bytes()); }

TEST(SnapBincode, ReadsTheBincodeLayout) { EXPECT_EQ(read_snap_partition_proof(sample_bytes()), sample()); }

TEST(SnapBincode, EmptyProofIsFortyEightBytes) {
  const auto bytes = write_snap_partition_proof(SnapPartitionProof{});
  EXPECT_EQ(bytes.size(), 32 + 8 + 8u);
  EXPECT_EQ(read_snap_partition_proof(bytes), SnapPartitionProof{});
}

TEST(SnapBincode, EveryTruncationIsADecodeError) {
  const auto bytes = sample_bytes();
  for (size_t n = 0; n < bytes.size(); ++n)
    ASSERT_FALSE(decode_error({bytes.begin(), bytes.begin() + n}).empty()) << n;
  auto longer = bytes;
  longer.push_back(7);
  EXPECT_NE(decode_error(longer).find("trailing"), std::string::npos);
}

TEST(SnapBincode, ErrorsNameTheField) {
  auto bytes = sample_bytes();
  // the apex leaf count
  auto b = bytes;
  b[32 + 7] = 0x80;
  EXPECT_NE(decode_error(b).find("snap: apex_leafs: length"), std::string::npos) << decode_error(b);
  // proof_d_new's variant tag, after comm_c, the apex leafs, the count and proof_r_old
  const size_t r_old = 4 + 8 + 2 * (8 + 7 * 32 + 8) + 8 + (8 + 7 * 32 + 8) + 64;
  const size_t d_new = 32 + 8 + 64 + 8 + r_old;
  b = bytes;
  ASSERT_EQ(b[d_new], 0);
  b[d_new] = 9;
  EXPECT_NE(decode_error(b).find("snap: challenge_proofs[0].proof_d_new.data: unknown proof variant 9"),
            std::string::npos)
      << decode_error(b);
  // the hash count of proof_d_new's second path element
  b = bytes;
  const size_t second = d_new + 4 + 64 + 8 + (8 + 32 + 8);
  ASSERT_EQ(b[second], 1);
  b[second + 6] = 1;
  EXPECT_NE(decode_error(b).find("snap: challenge_proofs[0].proof_d_new.data.Single.path.path[1].hashes: length"),
            std::string::npos)
      << decode_error(b);
}

TEST(SnapBincode, RandomCorruptionsDecodeOrFailCleanly) {
  const auto bytes = sample_bytes();
  std::mt19937_64 rng(7);
  for (int t = 0; t < 20000; ++t) {
    auto b = bytes;
    b[rng() % b.size()] ^= uint8_t(1 + rng() % 255);
    try {
      ASSERT_EQ(write_snap_partition_proof(read_snap_partition_proof(b)), b);
    } catch (const DecodeError&) {
    }
  }
}

TEST(SnapBincode, WriterRefusesPathsItsKindCannotHold) {
  auto p = sample();
  p.challenge_proofs[0].proof_d_new.sub = {element(1, 1, 0)};  // a Single proof has no sub path
  EXPECT_THROW(write_snap_partition_proof(p), Error);
  try {
    write_snap_partition_proof(p);
  } catch (const DecodeError&) {
    ADD_FAILURE() << "a writer's precondition is not a decode error";
  } catch (const Error&) {
  }
}
