// Proof-of-Spacetime challenges (storage-proofs-post fallback/{vanilla.rs,
// utils.rs}, filecoin-proofs api/post_util.rs):
//  - leaf challenge: LE_u64(SHA-256(randomness || u64_le(sector_id) || u64_le(challenge_index))[0..8])
//    mod sector_nodes;
//  - challenge_index of challenge n of the sector at position sector_index
//    (counted over the whole proof, all partitions): API 1.0 / 1.1:
//    sector_index * challenges_per_sector + n; API 1.2: n;
//  - Winning's sector draw: LE_u64(SHA-256(prover_id || randomness || u64_le(n))[0..8]) mod sector_set_len.
// Randomness and prover_id must be canonical Fr representations, as rust's
// as_safe_commitment demands (Lotus/Curio clear the top two bits of the
// chain randomness); DecodeError otherwise.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/api_version.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

uint64_t post_challenge_index(ApiVersion version, uint64_t sector_index, uint64_t challenges_per_sector,
                              uint64_t n);

// Error when sector_nodes is 0.
uint64_t post_leaf_challenge(uint64_t sector_nodes, const Domain& randomness, uint64_t sector_id,
                             uint64_t challenge_index);

// The challenges_per_sector leaves of the sector at sector_index of a proof.
std::vector<uint64_t> post_sector_leaf_challenges(uint64_t sector_nodes, ApiVersion version,
                                                  const Domain& randomness, uint64_t sector_id,
                                                  uint64_t sector_index, size_t challenges_per_sector);

// Which of sector_set_len sectors Winning PoSt draw n picks (Error when the
// set is empty).
uint64_t post_sector_challenge(const Domain& randomness, uint64_t n, uint64_t sector_set_len,
                               const Domain& prover_id);

}  // namespace cuzk::filecoin
