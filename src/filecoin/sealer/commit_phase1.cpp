#include "filecoin/sealer/commit_phase1.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/sealer/stacked_proof_builder.hpp"

namespace cuzk::filecoin {

VanillaSealProofKind vanilla_seal_proof_kind_of_size(uint64_t sector_size) {
  for (auto k : {VanillaSealProofKind::k2KiB, VanillaSealProofKind::k8MiB, VanillaSealProofKind::k512MiB,
                 VanillaSealProofKind::k32GiB, VanillaSealProofKind::k64GiB})
    if (vanilla_seal_proof_sector_size(k) == sector_size) return k;
  throw Error("C1: no VanillaSealProof variant for a sector of " + std::to_string(sector_size) + " bytes");
}

namespace {

void check_sealed_for(RegisteredSealProof proof, const SealedSector& sector) {
  const SealConfig want = seal_config(proof);
  const SealConfig& got = sector.config;
  if (got.sector_size != want.sector_size || got.layers != want.layers || got.porep_id != want.porep_id ||
      got.api_version != want.api_version)
    throw Error("C1: the sector was not sealed as " + std::string(seal_proof_info(proof).name) + " (" + std::to_string(got.sector_size) +
                " bytes, " + std::to_string(got.layers) + " layers, API " + api_version_name(got.api_version) +
                ")");
}

// The challenged nodes of every partition, [partition][challenge], drawn as
// the type draws them (interactive: seed; synthetic: replica_id, comm_r,
// seed; non-interactive: replica_id, comm_r).
std::vector<std::vector<uint64_t>> partition_challenges(RegisteredSealProof proof, const SealedSector& sector,
                                                        const Domain& seed) {
  std::vector<std::vector<uint64_t>> out;
  for (size_t k = 0; k < seal_proof_info(proof).partitions; ++k)
    out.push_back(porep_partition_challenges(proof, sector.replica_id, seed, sector.comm_r, k));
  return out;
}

}  // namespace

std::vector<std::vector<uint64_t>> seal_commit_challenges(RegisteredSealProof proof, const SealedSector& sector,
                                                          const Domain& seed) {
  check_sealed_for(proof, sector);
  return partition_challenges(proof, sector, seed);
}

SealCommitPhase1Output seal_commit_phase1(RegisteredSealProof proof, const SealedSector& sector,
                                          const Domain& seed) {
  check_sealed_for(proof, sector);
  SealCommitPhase1Output out;
  out.registered_proof = std::string(seal_proof_info(proof).name);
  out.vanilla_proofs_kind = vanilla_seal_proof_kind_of_size(sector.config.sector_size);
  out.vanilla_proofs = stacked_partition_proofs(sector.graph, DenseSectorOpenings(sector),
                                                partition_challenges(proof, sector, seed));
  out.comm_r = sector.comm_r;
  out.comm_d = sector.comm_d;
  out.replica_id = sector.replica_id;
  out.seed = seed;
  out.ticket = sector.identity.ticket;
  return out;
}

}  // namespace cuzk::filecoin
