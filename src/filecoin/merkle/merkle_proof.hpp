// The inclusion-proof data model of rust-fil-proofs (storage-proofs-core
// merkle/proof.rs), shared by the trees that make proofs, the vanilla-proof
// formats that carry them and the checks that verify them.
//
// A tree of shape base-sub-top (e.g. 8-8-2) is `top` trees of `sub` trees of
// base-arity trees; a proof walks the base tree from the leaf, then the sub
// level, then the top level. Each PathElement holds the arity-1 siblings of
// the current node and the node's position among its arity children.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

struct PathElement {
  std::vector<Domain> hashes;  // the siblings, in child order with the node left out
  uint64_t index = 0;          // the node's position among its parent's children
  friend bool operator==(const PathElement&, const PathElement&) = default;
};

using InclusionPath = std::vector<PathElement>;

struct MerkleProof {
  enum class Kind : uint32_t { kSingle = 0, kSub = 1, kTop = 2 };  // the bincode/serde variant order
  Kind kind = Kind::kSingle;
  Domain root{};
  Domain leaf{};
  InclusionPath base;  // Single: the whole path
  InclusionPath sub;   // Sub and Top only
  InclusionPath top;   // Top only
  friend bool operator==(const MerkleProof&, const MerkleProof&) = default;
};

}  // namespace cuzk::filecoin
