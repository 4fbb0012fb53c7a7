// A Merkle tree whose leaves all hold one default value except a few set
// ones, for trees too big to materialise (a 32 GiB sector's 2^30 leaves).
// Every node off the paths of the set leaves equals the default subtree of
// its level, computed once; only the set leaves' ancestors are stored. Root,
// node lookup and inclusion proofs agree with MerkleTree over the same
// leaves, for any shape TreeShape accepts (tested against it).
#pragma once
#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

class SparseMerkleTree {
 public:
  // All leaves equal default_leaf (for Poseidon it must be canonical).
  SparseMerkleTree(const TreeShape& shape, const Domain& default_leaf);

  // Sets one leaf and rehashes its path (height() node hashes). Error when
  // index >= shape().leaves; DecodeError for a non-canonical Poseidon value.
  void set_leaf(uint64_t index, const Domain& value);
  // Sets many leaves, then rehashes each touched ancestor once, level by
  // level on the thread pool. A repeated index keeps its last value.
  void set_leaves(std::span<const std::pair<uint64_t, Domain>> leaves);

  const TreeShape& shape() const { return shape_; }
  const Domain& root() const { return node(shape_.height(), 0); }
  // The value every untouched node of `level` holds.
  const Domain& default_node(uint32_t level) const;
  const Domain& node(uint32_t level, uint64_t index) const;
  const Domain& leaf(uint64_t index) const { return node(0, index); }
  // How many nodes are stored (set leaves and their ancestors).
  size_t stored_nodes() const;
  MerkleProof prove(uint64_t leaf) const;

 private:
  void check_leaf(uint64_t index, const Domain& value) const;
  TreeShape shape_;
  std::vector<Domain> defaults_;                             // per level
  std::vector<std::unordered_map<uint64_t, Domain>> set_;  // per level: the set leaves and their ancestors
};

}  // namespace cuzk::filecoin
