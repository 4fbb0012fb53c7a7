// Checks a MerkleProof against a tree shape: its kind and path lengths fit
// the shape, every path element has arity - 1 siblings and an index below the
// arity, Poseidon values are canonical, and the path hashes the leaf up to
// the proof's root. Optionally also that the root, leaf index (challenge) or
// leaf are the expected ones. A failure says what failed, naming the level
// ("base level 3 of 9", "sub level", "top level") and index where it can.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

// Set what the proof must also match, e.g. {.root = comm_r_last, .leaf_index = challenge}.
struct MerkleExpect {
  std::optional<Domain> root = std::nullopt;          // e.g. comm_r_last or comm_d
  std::optional<uint64_t> leaf_index = std::nullopt;  // the challenged leaf
  std::optional<Domain> leaf = std::nullopt;
};

struct MerkleCheck {
  bool ok = false;
  uint64_t leaf_index = 0;  // the leaf the path proves; set once the path is well formed
  Domain computed_root{};   // what the path hashes to; set once the path is well formed
  std::string error;        // empty when ok
  explicit operator bool() const { return ok; }
};

// The leaf index a well-formed path proves (rust-fil-proofs' path_index).
uint64_t merkle_path_index(const MerkleProof& proof, const TreeShape& shape);

MerkleCheck check_merkle_proof(const MerkleProof& proof, const TreeShape& shape, const MerkleExpect& expect = {});

// check_merkle_proof that throws Error("Merkle proof: <reason>") on failure
// and returns the proven leaf index.
uint64_t verify_merkle_proof(const MerkleProof& proof, const TreeShape& shape, const MerkleExpect& expect = {});

const char* merkle_proof_kind_name(MerkleProof::Kind k);

}  // namespace cuzk::filecoin
