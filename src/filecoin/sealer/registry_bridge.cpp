#include "filecoin/sealer/registry_bridge.hpp"

#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"

namespace cuzk::filecoin {

SealConfig seal_config(RegisteredSealProof proof) {
  const SealProofInfo& info = seal_proof_info(proof);
  SealConfig c;
  c.sector_size = info.sector_size;
  c.layers = uint32_t(info.sector().layers);
  c.porep_id = porep_id(proof);
  c.api_version = info.api_version;
  return c;
}

SealProofFacts seal_proof_facts(RegisteredSealProof proof) {
  const SealProofInfo& info = seal_proof_info(proof);
  return {std::string(info.name), seal_config(proof), info.partitions, info.challenges_per_partition};
}

std::vector<std::vector<uint64_t>> seal_proof_challenges(RegisteredSealProof proof, const Domain& replica_id,
                                                         const Domain& seed, const Domain& comm_r) {
  const SealProofInfo& info = seal_proof_info(proof);
  std::vector<std::vector<uint64_t>> out;
  out.reserve(info.partitions);
  for (size_t k = 0; k < info.partitions; ++k)
    out.push_back(porep_partition_challenges(proof, replica_id, seed, comm_r, k));
  return out;
}

PoStProofFacts post_proof_facts(RegisteredPoStProof proof) {
  const PoStProofInfo& info = post_proof_info(proof);
  return {std::string(info.name), info.sector_size, info.type == PoStType::kWinning};
}

std::vector<uint64_t> registered_post_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                 uint64_t sector_id, uint64_t sector_index) {
  return post_vanilla_challenges(proof, randomness, sector_id, sector_index);
}

}  // namespace cuzk::filecoin
