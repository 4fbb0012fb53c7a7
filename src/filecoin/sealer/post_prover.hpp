// FallbackPoSt (Winning and Window) vanilla proof of one sealed sector, as
// filecoin-proofs' generate_single_vanilla_proof returns it
// (storage-proofs-post fallback/vanilla.rs vanilla_proof): one tree R
// inclusion proof per challenged leaf, with comm_c, comm_r_last and comm_r.
#pragma once
#include <cstdint>
#include <span>

#include "filecoin/domain.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/sealer/seal_config.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"

namespace cuzk::filecoin {

// The proof over the given leaves (any sector size). Error when a leaf is
// beyond the sector.
FallbackPoStSectorProof post_sector_proof(const SealedSector& sector, uint64_t sector_id,
                                          std::span<const uint64_t> challenged_leaves);

// The proof `proof` asks of the sector at sector_index (its position over
// the whole proof, all partitions): Window 10 leaves, Winning 66. Error when
// the sector's size is not the proof type's. randomness must be a canonical
// Fr representation (DecodeError otherwise).
FallbackPoStSectorProof post_sector_proof(RegisteredPoStProof proof, const SealedSector& sector,
                                          uint64_t sector_id, const Domain& randomness, uint64_t sector_index = 0);

}  // namespace cuzk::filecoin
