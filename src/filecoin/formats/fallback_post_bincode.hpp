// FallbackPoStSectorProof in bincode, as filecoin-proofs returns it from
// generate_single_vanilla_proof and Curio hands it to cuzk:
//   u64 sector_id | 32 comm_r | u64 n | n × SectorProof
//   SectorProof = u64 m | m × MerkleProof | 32 comm_c | 32 comm_r_last
// The reader refuses trailing bytes, so a document that parses re-encodes
// to the same bytes.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filecoin/vanilla/fallback_post_proof.hpp"

namespace cuzk::filecoin {

// DecodeError naming the source and the field ("vanilla_proof.sectors[0].inclusion_proofs[3]...").
FallbackPoStSectorProof read_fallback_post_sector_proof(std::span<const uint8_t> bytes,
                                                        const std::string& source = "PoSt vanilla proof");
std::vector<uint8_t> write_fallback_post_sector_proof(const FallbackPoStSectorProof& proof);

}  // namespace cuzk::filecoin
