// The stacked-DRG PoRep vanilla proof of one challenge
// (storage-proofs-porep stacked/vanilla params.rs: Proof,
// ReplicaColumnProof), the unit of C1's output: the challenged node's data in
// tree D, its replica node in tree R, the columns of the node and of its DRG
// and expander parents in tree C, and the labels they were computed from.
#pragma once
#include <vector>

#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/vanilla/column_proof.hpp"
#include "filecoin/vanilla/labeling_proof.hpp"

namespace cuzk::filecoin {

struct ReplicaColumnProof {
  ColumnProof c_x;                       // the challenged node's column
  std::vector<ColumnProof> drg_parents;  // 6 for every production graph
  std::vector<ColumnProof> exp_parents;  // 8
  friend bool operator==(const ReplicaColumnProof&, const ReplicaColumnProof&) = default;
};

struct StackedProof {
  MerkleProof comm_d_proofs;      // SHA-256 binary tree D
  MerkleProof comm_r_last_proof;  // Poseidon tree R (8-ary base, sub and top per sector size)
  ReplicaColumnProof replica_column_proofs;
  std::vector<LabelingProof> labeling_proofs;  // one per layer, layer 1 first
  EncodingProof encoding_proof;
  friend bool operator==(const StackedProof&, const StackedProof&) = default;
};

}  // namespace cuzk::filecoin
