// A Merkle inclusion proof read the way rust-fil-proofs reads it: as the
// flattened path base ++ sub ++ top whatever the proof's variant (Single,
// Sub, Top), which is what both MerkleProofTrait::verify and the circuits'
// AuthPath see. The walk checks the path's shape against the tree's (levels,
// siblings per level), that every value is a canonical field element (Rust
// converts each to Fr and panics otherwise) and hashes the leaf up. It
// reports the leaf the path opens two ways: storage-proofs-core's
// path_index() (which weights levels by the tree type's arities) and the
// circuit's index bits; they agree for every production tree shape.
#pragma once
#include <cstdint>
#include <string>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

enum class PathReading {
  // MerkleProofTrait::verify / path_index: an index must be below its
  // level's arity (Vec::insert panics otherwise).
  kVanilla,
  // Only a circuit reads the path (PoRCircuit / por_no_challenge_input):
  // it takes an index's low log2(arity) bits and ignores the rest.
  kCircuitOnly,
};

struct PathWalk {
  std::string error;           // empty when the path is well formed
  Domain computed_root{};      // the leaf hashed up the path
  uint64_t rust_index = 0;     // storage-proofs-core path_index()
  uint64_t circuit_index = 0;  // the index bits the circuit packs
  bool kind_differs = false;   // the variant is not the tree's (Rust reads it alike)
  bool index_wrapped = false;  // kCircuitOnly: an index >= its arity was read modulo the arity
  explicit operator bool() const { return error.empty(); }
};

PathWalk walk_merkle_path(const MerkleProof& proof, const TreeShape& shape, PathReading reading);

// Whether d is below the BLS12-381 scalar modulus.
bool is_canonical(const Domain& d);

}  // namespace cuzk::filecoin
