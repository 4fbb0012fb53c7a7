// The challenges of a registered proof type: picks the sizes, API version
// and derivation the type implies (registry/) and applies the formulas of
// replica_id.hpp, porep_challenges.hpp, synthetic_challenges.hpp,
// post_challenges.hpp and update_challenges.hpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/update_proof.hpp"

namespace cuzk::filecoin {

// replica_id with the proof type's porep_id.
Domain replica_id(RegisteredSealProof proof, const Domain& prover_id, uint64_t sector_id, const Domain& ticket,
                  const Domain& comm_d);

// The challenges_per_partition challenged nodes of PoRep partition k:
// interactive types use seed; synthetic types use replica_id, comm_r and
// seed; non-interactive types use replica_id and comm_r (seed ignored).
// Error when partition >= the type's partition count.
std::vector<uint64_t> porep_partition_challenges(RegisteredSealProof proof, const Domain& replica_id,
                                                 const Domain& seed, const Domain& comm_r, size_t partition);

// The leaves the vanilla proof of one sector opens (what Curio / Lotus
// generate and cuzk receives): Window, challenge_count (10) leaves of the
// sector at sector_index, counted over the whole proof (partition *
// sector_count + position), which matters for API 1.0 only; Winning, the 66
// leaves of its single sector (challenge indexes 0..65).
std::vector<uint64_t> post_vanilla_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                              uint64_t sector_id, uint64_t sector_index);

// The circuit's challenged leaves for one partition: circuit_sector_count
// rows of circuit_challenge_count leaves, in public-input order.
//   Window: sector_ids holds the partition's 1..sector_count sectors; rows
//     past them repeat the last sector's row (rust pads by copying, it does
//     not re-derive).
//   Winning: sector_ids holds the one sector; row i is its leaf with
//     challenge index i (rust repeats the sector 66 times).
// Error on a sector count out of range or a Winning partition other than 0.
std::vector<std::vector<uint64_t>> post_circuit_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                           std::span<const uint64_t> sector_ids,
                                                           size_t partition_index);

// Winning PoSt: which of sector_set_size sectors are challenged (sector_count
// = 1 draw), as indexes into the miner's sector set.
std::vector<uint64_t> winning_post_sector_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                     uint64_t sector_set_size, const Domain& prover_id);

// SnapDeals challenges of one partition.
std::vector<uint32_t> update_partition_challenges(RegisteredUpdateProof proof, const Domain& comm_r_new,
                                                  size_t partition);

}  // namespace cuzk::filecoin
