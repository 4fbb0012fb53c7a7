// The vanilla proof of one SnapDeals (empty sector update) partition
// (storage-proofs-update vanilla.rs PartitionProof, ChallengeProof), handed
// to the SNARK as bincode bytes.
#pragma once
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

struct SnapChallengeProof {
  MerkleProof proof_r_old;  // Poseidon tree R of the old replica
  MerkleProof proof_d_new;  // SHA-256 binary tree D of the new data
  MerkleProof proof_r_new;  // Poseidon tree R of the new replica
  friend bool operator==(const SnapChallengeProof&, const SnapChallengeProof&) = default;
};

struct SnapPartitionProof {
  Domain comm_c{};
  std::vector<Domain> apex_leafs;  // SHA-256 domains of tree D's apex
  std::vector<SnapChallengeProof> challenge_proofs;
  friend bool operator==(const SnapPartitionProof&, const SnapPartitionProof&) = default;
};

}  // namespace cuzk::filecoin
