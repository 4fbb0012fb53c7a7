// The vanilla proof of one sector for Winning or Window PoSt
// (filecoin-proofs types/mod.rs FallbackPoStSectorProof, storage-proofs-post
// fallback/vanilla.rs Proof and SectorProof): what the prover reads from the
// sealed sector, handed to the SNARK as bincode bytes.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

struct SectorProof {
  std::vector<MerkleProof> inclusion_proofs;  // one per challenge, in tree R
  Domain comm_c{};
  Domain comm_r_last{};
  friend bool operator==(const SectorProof&, const SectorProof&) = default;
};

struct FallbackPoStSectorProof {
  uint64_t sector_id = 0;
  Domain comm_r{};
  std::vector<SectorProof> sectors;  // vanilla_proof.sectors: one for a real sector proof
  friend bool operator==(const FallbackPoStSectorProof&, const FallbackPoStSectorProof&) = default;
};

}  // namespace cuzk::filecoin
