// A Merkle tree held in memory, every level kept: TreeD (SHA-256-trunc254,
// binary) or a Poseidon TreeR/TreeC of any base-sub-top shape. Built from its
// leaves on the thread pool; gives its root, any node, and the inclusion
// proof of any leaf as the shared MerkleProof (Single, Sub or Top by shape),
// laid out as rust-fil-proofs' gen_proof would.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

class MerkleTree {
 public:
  // leaves.size() must equal shape.leaves (Error otherwise). Poseidon leaves
  // must be canonical field elements (DecodeError naming the leaf).
  static MerkleTree build(const TreeShape& shape, std::vector<Domain> leaves);

  const TreeShape& shape() const { return shape_; }
  const Domain& root() const { return levels_.back().front(); }
  // level 0 = the leaves, shape().height() = the root.
  std::span<const Domain> level(uint32_t l) const;
  const Domain& node(uint32_t level, uint64_t index) const;
  // Error when leaf >= shape().leaves.
  MerkleProof prove(uint64_t leaf) const;

 private:
  MerkleTree(const TreeShape& shape, std::vector<std::vector<Domain>> levels)
      : shape_(shape), levels_(std::move(levels)) {}
  TreeShape shape_;
  std::vector<std::vector<Domain>> levels_;
};

// The 32-byte leaves of a sector's bytes (its padded data for TreeD, its
// replica for TreeR); Error unless the size is a multiple of 32.
std::vector<Domain> leaves_from_bytes(std::span<const uint8_t> bytes);

// The hashes of one level into the next: out[i] = hash of children
// [i * arity, (i + 1) * arity), on the thread pool. children.size() must be
// out.size() * arity.
void hash_level(NodeHasher hasher, uint32_t arity, std::span<const Domain> children, std::span<Domain> out);

// Builds the MerkleProof of `leaf` from a node lookup: node(level, index)
// returns the node at that level and index. Shared by the dense and the
// sparse trees.
template <class NodeAt>
MerkleProof make_merkle_proof(const TreeShape& shape, uint64_t leaf, NodeAt&& node_at);

// ---- implementation of the template

template <class NodeAt>
MerkleProof make_merkle_proof(const TreeShape& shape, uint64_t leaf, NodeAt&& node_at) {
  MerkleProof p;
  p.kind = shape.proof_kind();
  p.leaf = node_at(0u, leaf);
  const uint32_t height = shape.height(), base_height = shape.base_height();
  uint64_t index = leaf;
  for (uint32_t l = 0; l < height; ++l) {
    const uint32_t arity = shape.arity_at(l);
    const uint64_t first = index - index % arity;
    PathElement e;
    e.index = index % arity;
    e.hashes.reserve(arity - 1);
    for (uint64_t k = first; k < first + arity; ++k)
      if (k != index) e.hashes.push_back(node_at(l, k));
    InclusionPath& path = l < base_height ? p.base : l == base_height ? p.sub : p.top;
    // A Single proof carries the whole path in `base`.
    (p.kind == MerkleProof::Kind::kSingle ? p.base : path).push_back(std::move(e));
    index /= arity;
  }
  p.root = node_at(height, 0);
  return p;
}

}  // namespace cuzk::filecoin
