// The shape of a Filecoin Merkle tree: its node hash and its base-sub-top
// arities (storage-proofs-core's MerkleTreeTrait Arity/SubTreeArity/
// TopTreeArity) over a number of leaves. Levels are numbered from the leaves
// (level 0) up; level l + 1 hashes arity_at(l) children per node: the base
// arity for the first base_height() levels, then one sub level and one top
// level where the shape has them. Leaf i lies in base tree i / base_leaves().
#pragma once
#include <cstdint>
#include <string>

#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

enum class NodeHasher : uint8_t {
  kSha256Trunc254,  // binary only: trunc254(SHA-256(left || right)) (TreeD)
  kPoseidon,        // neptune Poseidon, Filecoin's Merkle constants for the node's arity (TreeR, TreeC)
  kBlake2s,         // in circuits only (the PoR tests'): BLAKE2s-256 of the children's bytes
};

const char* node_hasher_name(NodeHasher h);

struct TreeShape {
  NodeHasher hasher = NodeHasher::kPoseidon;
  uint32_t base_arity = 8;
  uint32_t sub_arity = 0;  // 0: no sub level
  uint32_t top_arity = 0;  // 0: no top level (a top level needs a sub level)
  uint64_t leaves = 0;     // of the whole tree

  // Error naming the fault unless: arities in {2,4,8,16} (SHA-256: base 2 and
  // no sub/top), leaves = base_tree_count() * base_arity^h with h >= 1, and
  // at most 2^62 leaves.
  void validate() const;

  uint64_t base_tree_count() const { return uint64_t(sub_arity ? sub_arity : 1) * (top_arity ? top_arity : 1); }
  uint64_t base_leaves() const { return leaves / base_tree_count(); }
  uint32_t base_height() const;  // hashing levels inside a base tree
  uint32_t height() const { return base_height() + (sub_arity ? 1 : 0) + (top_arity ? 1 : 0); }
  // The arity of the nodes of level + 1, for level < height().
  uint32_t arity_at(uint32_t level) const;
  // How many nodes level holds (leaves at 0, 1 at height()).
  uint64_t nodes_at(uint32_t level) const;
  MerkleProof::Kind proof_kind() const {
    return top_arity ? MerkleProof::Kind::kTop : sub_arity ? MerkleProof::Kind::kSub : MerkleProof::Kind::kSingle;
  }
  // e.g. "poseidon 8-8-0 over 1073741824 leaves"
  std::string describe() const;
  friend bool operator==(const TreeShape&, const TreeShape&) = default;
};

// Bytes per leaf of every Filecoin tree.
inline constexpr uint64_t kNodeBytes = 32;

// TreeD of a sector: SHA-256-trunc254, binary, sector_bytes / 32 leaves.
TreeShape tree_d_shape(uint64_t sector_bytes);
// TreeR / TreeC of a sector: Poseidon with filecoin-proofs' sector shape
// (8-0-0 for 2 KiB, 8 MiB, 512 MiB; 8-2-0 for 4 KiB, 16 MiB, 1 GiB; 8-8-0 for
// 16 KiB, 32 GiB; 8-8-2 for 32 KiB, 64 GiB); Error for any other size.
TreeShape tree_r_shape(uint64_t sector_bytes);

}  // namespace cuzk::filecoin
