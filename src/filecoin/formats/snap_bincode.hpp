// SnapDeals PartitionProof in bincode, as filecoin-proofs returns it per
// partition from generate_partition_proofs and Curio hands it to cuzk:
//   32 comm_c | u64 n | n × 32 apex_leafs | u64 m | m × ChallengeProof
//   ChallengeProof = MerkleProof proof_r_old | proof_d_new | proof_r_new
// The reader refuses trailing bytes, so a document that parses re-encodes
// to the same bytes.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filecoin/vanilla/snap_partition_proof.hpp"

namespace cuzk::filecoin {

SnapPartitionProof read_snap_partition_proof(std::span<const uint8_t> bytes,
                                             const std::string& source = "SnapDeals vanilla proof");
std::vector<uint8_t> write_snap_partition_proof(const SnapPartitionProof& proof);

}  // namespace cuzk::filecoin
