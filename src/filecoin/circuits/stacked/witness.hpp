// The values a StackedDRG PoRep circuit is built from (storage-proofs-porep
// stacked/circuit/{proof.rs StackedCircuit, params.rs Proof, column.rs
// Column, column_proof.rs ColumnProof}), every one optional: a proving
// circuit has them all, a blank one (key generation, shape) none, and asking
// for a missing one throws r1cs::AssignmentMissing. Shapes never depend on
// the values: tree shapes and the layer count travel beside them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin::stacked {

// A Merkle inclusion path as a circuit takes it: the vanilla proof (its
// siblings and per-level positions; root and leaf are the circuit's own
// variables), or nothing in a blank circuit.
using PathWitness = std::optional<MerkleProof>;

// column.rs Column + column_proof.rs ColumnProof: a node's label in every
// layer (layer 1 first) and the path of their hash in tree C.
struct ColumnWitness {
  std::vector<std::optional<Fr>> rows;
  PathWitness path;
};

// params.rs Proof: one challenged node.
struct ChallengeWitness {
  std::optional<uint64_t> challenge;
  std::optional<Fr> data_leaf;
  PathWitness comm_d_path;       // tree D
  PathWitness comm_r_last_path;  // tree R: the replica node
  PathWitness comm_c_path;       // tree C: the challenged column
  std::vector<ColumnWitness> drg_parents;  // kBaseDegree
  std::vector<ColumnWitness> exp_parents;  // kExpDegree
};

// What a StackedCircuit needs besides the constraint system.
struct StackedCircuitInputs {
  TreeShape tree_d;   // SHA-256 binary over the sector's nodes
  TreeShape tree_rc;  // Poseidon TreeR / TreeC shape
  size_t layers = 0;  // SDR layers: 2 or 11 (the column hash arity)
  std::optional<Fr> replica_id, comm_d, comm_r, comm_r_last, comm_c;
  std::vector<ChallengeWitness> challenges;  // this partition's
};

}  // namespace cuzk::filecoin::stacked
