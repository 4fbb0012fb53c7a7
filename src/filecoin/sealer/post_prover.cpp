#include "filecoin/sealer/post_prover.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/registry/post_proof.hpp"

namespace cuzk::filecoin {

FallbackPoStSectorProof post_sector_proof(const SealedSector& sector, uint64_t sector_id,
                                          std::span<const uint64_t> challenged_leaves) {
  SectorProof sp;
  sp.inclusion_proofs.reserve(challenged_leaves.size());
  for (uint64_t leaf : challenged_leaves) {
    if (leaf >= sector.nodes())
      throw Error("PoSt: challenged leaf " + std::to_string(leaf) + " beyond the sector's " +
                  std::to_string(sector.nodes()) + " nodes");
    sp.inclusion_proofs.push_back(sector.tree_r.prove(leaf));
  }
  sp.comm_c = sector.comm_c;
  sp.comm_r_last = sector.comm_r_last;
  FallbackPoStSectorProof out;
  out.sector_id = sector_id;
  out.comm_r = sector.comm_r;
  out.sectors.push_back(std::move(sp));
  return out;
}

FallbackPoStSectorProof post_sector_proof(RegisteredPoStProof proof, const SealedSector& sector,
                                          uint64_t sector_id, const Domain& randomness, uint64_t sector_index) {
  const PoStProofInfo& info = post_proof_info(proof);
  if (info.sector_size != sector.config.sector_size)
    throw Error("PoSt: " + std::string(info.name) + " proves sectors of " + std::to_string(info.sector_size) +
                " bytes, this one has " + std::to_string(sector.config.sector_size));
  const auto leaves = post_vanilla_challenges(proof, randomness, sector_id, sector_index);
  return post_sector_proof(sector, sector_id, leaves);
}

}  // namespace cuzk::filecoin
