// What one EmptySectorUpdate partition circuit is synthesised from
// (storage-proofs-update circuit.rs PublicInputs, PrivateInputs,
// ChallengeProof): every value optional, as the Rust's Option<Fr>, so the
// blank circuit of a sector size (key generation, shape counting) is the
// same type with no values; a system that asks for a missing value gets
// r1cs::AssignmentMissing.
#pragma once
#include <optional>
#include <vector>

#include "filecoin/circuits/update/update_circuit_params.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin::update_circuit {

using OptFr = std::optional<Fr>;
// A Merkle path's siblings per level, from the leaf up.
using OptPath = std::vector<std::vector<OptFr>>;

struct UpdateChallengeInputs {
  OptFr leaf_r_old;
  OptPath path_r_old;  // TreeR of the sector key (Poseidon), params' arities
  OptFr leaf_d_new;
  OptPath path_d_new;  // TreeD of the new data (SHA-256 binary), challenge_bit_len levels of 1
  OptFr leaf_r_new;
  OptPath path_r_new;  // TreeR of the new replica
};

struct UpdateCircuitInputs {
  UpdateCircuitParams params;
  // Public (circuit.rs PublicInputs, in to_vec order).
  OptFr k_and_h_select;  // k | h_select << partition_bit_len
  OptFr comm_r_old, comm_d_new, comm_r_new;
  // Private.
  OptFr comm_c;
  OptFr root_r_old, root_r_new;
  std::vector<OptFr> apex_leafs;                  // params.apex_leaf_count
  std::vector<UpdateChallengeInputs> challenges;  // params.challenge_count
};

}  // namespace cuzk::filecoin::update_circuit
