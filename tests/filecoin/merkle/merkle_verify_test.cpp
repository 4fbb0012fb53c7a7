// check_merkle_proof refuses damaged proofs and says why: a flipped sibling,
// a changed position index, a wrong root, a proof checked against another
// shape or kind, malformed path elements, non-canonical Poseidon values, and
// expectations (root, challenge, leaf) that the proof does not meet.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "merkle_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace merkle_test;

namespace {

struct Fixture {
  TreeShape shape = tree_r_shape(16384);  // 8-8-0: 8 base trees of 64 leaves
  MerkleTree tree = MerkleTree::build(shape, random_domains(shape.leaves, 77));
  uint64_t leaf = 300;
  MerkleProof proof = tree.prove(leaf);
};

std::string refusal(const MerkleProof& p, const TreeShape& s, const MerkleExpect& e = {}) {
  const auto r = check_merkle_proof(p, s, e);
  if (r.ok) return "accepted";
  EXPECT_FALSE(r.error.empty());
  return r.error;
}

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(MerkleVerify, GoodProofPassesAndThrowingFormReturnsTheLeaf) {
  Fixture f;
  EXPECT_EQ(refusal(f.proof, f.shape, {f.tree.root(), f.leaf, f.tree.node(0, f.leaf)}), "accepted");
  EXPECT_EQ(verify_merkle_proof(f.proof, f.shape), f.leaf);
}

TEST(MerkleVerify, FlippedSiblingIsRefused) {
  Fixture f;
  for (size_t level = 0; level < f.proof.base.size(); ++level) {
    auto p = f.proof;
    p.base[level].hashes[3][0] ^= 1;
    const auto msg = refusal(p, f.shape);
    EXPECT_TRUE(has(msg, "the path hashes to")) << msg;
    EXPECT_TRUE(has(msg, to_hex(f.tree.root()).c_str())) << msg;
  }
  auto p = f.proof;
  p.sub[0].hashes[6][5] ^= 0x10;
  EXPECT_TRUE(has(refusal(p, f.shape), "the path hashes to"));
  p = f.proof;
  p.leaf[0] ^= 1;
  EXPECT_TRUE(has(refusal(p, f.shape), "the path hashes to"));
  EXPECT_THROW(verify_merkle_proof(p, f.shape), Error);
}

TEST(MerkleVerify, WrongIndexIsRefused) {
  Fixture f;
  auto p = f.proof;
  p.base[1].index = (p.base[1].index + 1) % 8;  // a position inside the arity: the hash changes
  EXPECT_TRUE(has(refusal(p, f.shape), "the path hashes to"));
  p = f.proof;
  p.base[0].index = 8;
  EXPECT_EQ(refusal(p, f.shape), "base level 1 of 2: index 8 is out of range for arity 8");
  p = f.proof;
  p.sub[0].index = 9;
  EXPECT_EQ(refusal(p, f.shape), "sub level: index 9 is out of range for arity 8");
  // A good proof of another leaf than the challenge.
  EXPECT_EQ(refusal(f.proof, f.shape, {.leaf_index = f.leaf + 1}), "the path proves leaf 300, expected leaf 301");
  EXPECT_THROW(merkle_path_index(p, f.shape), Error);
}

TEST(MerkleVerify, WrongRootIsRefused) {
  Fixture f;
  auto p = f.proof;
  p.root[7] ^= 4;
  EXPECT_TRUE(has(refusal(p, f.shape), "the proof states root"));
  Domain other = f.tree.root();
  other[0] ^= 1;
  const auto msg = refusal(f.proof, f.shape, {.root = other});
  EXPECT_TRUE(has(msg, "is not the expected root")) << msg;
  Domain leaf = f.proof.leaf;
  leaf[1] ^= 1;
  EXPECT_TRUE(has(refusal(f.proof, f.shape, {.leaf = leaf}), "is not the expected leaf"));
}

TEST(MerkleVerify, WrongShapeIsRefused) {
  Fixture f;
  // Same leaves, 8-0-0 over 512 leaves would need a Single proof of 3 levels.
  EXPECT_EQ(refusal(f.proof, TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 512}),
            "proof is Sub, shape poseidon 8-0-0 over 512 leaves needs Single");
  EXPECT_EQ(refusal(f.proof, tree_r_shape(32768)), "proof is Sub, shape poseidon 8-8-2 over 1024 leaves needs Top");
  // Same kind, deeper base trees (32 GiB): the base path is too short.
  EXPECT_EQ(refusal(f.proof, tree_r_shape(uint64_t(32) << 30)), "base path has 2 levels, the shape needs 9");
  // Same shape letters, SHA-256 hasher: not a valid SHA shape at all.
  auto sha = f.shape;
  sha.hasher = NodeHasher::kSha256Trunc254;
  EXPECT_TRUE(has(refusal(f.proof, sha), "SHA-256 trees are binary"));
  // A sub arity of 2 over the same leaf count: 2 base trees of 256 leaves... not a power of 8.
  EXPECT_TRUE(has(refusal(f.proof, TreeShape{NodeHasher::kPoseidon, 8, 2, 0, 512}), "not a power"));
  // A Single TreeD proof checked as a Poseidon tree of the same size hashes differently.
  const auto d = MerkleTree::build(tree_d_shape(2048), random_domains(64, 5));
  const auto pd = d.prove(9);
  EXPECT_EQ(refusal(pd, tree_d_shape(2048)), "accepted");
  EXPECT_EQ(refusal(pd, TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 64}), "the path has 6 levels, the shape needs 2");
  EXPECT_TRUE(has(refusal(pd, TreeShape{NodeHasher::kPoseidon, 2, 0, 0, 64}), "the path hashes to"));
}

TEST(MerkleVerify, MalformedElementsAndValuesAreRefused) {
  Fixture f;
  auto p = f.proof;
  p.base[1].hashes.pop_back();
  EXPECT_EQ(refusal(p, f.shape), "base level 2 of 2: 6 siblings, arity 8 needs 7");
  p = f.proof;
  p.sub[0].hashes.push_back(Domain{});
  EXPECT_EQ(refusal(p, f.shape), "sub level: 8 siblings, arity 8 needs 7");
  p = f.proof;
  p.base.pop_back();
  EXPECT_EQ(refusal(p, f.shape), "base path has 1 levels, the shape needs 2");
  p = f.proof;
  p.sub.push_back(p.sub[0]);
  EXPECT_EQ(refusal(p, f.shape), "sub path has 2 levels, the shape needs 1");
  p = f.proof;
  p.top.push_back(p.sub[0]);
  EXPECT_EQ(refusal(p, f.shape), "top path has 1 levels, the shape needs 0");
  p = f.proof;
  p.base[0].hashes[2].fill(0xff);
  EXPECT_TRUE(has(refusal(p, f.shape), "base level 1 of 2: sibling 2 (ffff")) << refusal(p, f.shape);
  p = f.proof;
  p.leaf.fill(0xff);
  EXPECT_TRUE(has(refusal(p, f.shape), "is not a canonical field element"));
  p = f.proof;
  p.kind = MerkleProof::Kind(7);
  EXPECT_TRUE(has(refusal(p, f.shape), "proof is an unknown kind"));
  EXPECT_TRUE(has(refusal(f.proof, TreeShape{NodeHasher::kPoseidon, 8, 0, 0, 0}), "leaf count"));
}
