#include "filecoin/sealer/commit_phase1.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/sealer/registry_bridge.hpp"
#include "filecoin/sealer/stacked_proof_builder.hpp"

namespace cuzk::filecoin {

VanillaSealProofKind vanilla_seal_proof_kind_of_size(uint64_t sector_size) {
  for (auto k : {VanillaSealProofKind::k2KiB, VanillaSealProofKind::k8MiB, VanillaSealProofKind::k512MiB,
                 VanillaSealProofKind::k32GiB, VanillaSealProofKind::k64GiB})
    if (vanilla_seal_proof_sector_size(k) == sector_size) return k;
  throw Error("C1: no VanillaSealProof variant for a sector of " + std::to_string(sector_size) + " bytes");
}

namespace {

void check_sealed_for(const SealProofFacts& facts, const SealedSector& sector) {
  const SealConfig& want = facts.config;
  const SealConfig& got = sector.config;
  if (got.sector_size != want.sector_size || got.layers != want.layers || got.porep_id != want.porep_id ||
      got.api_version != want.api_version)
    throw Error("C1: the sector was not sealed as " + facts.name + " (" + std::to_string(got.sector_size) +
                " bytes, " + std::to_string(got.layers) + " layers, API " + api_version_name(got.api_version) +
                ")");
}

}  // namespace

std::vector<std::vector<uint64_t>> seal_commit_challenges(RegisteredSealProof proof, const SealedSector& sector,
                                                          const Domain& seed) {
  check_sealed_for(seal_proof_facts(proof), sector);
  return seal_proof_challenges(proof, sector.replica_id, seed, sector.comm_r);
}

SealCommitPhase1Output seal_commit_phase1(RegisteredSealProof proof, const SealedSector& sector,
                                          const Domain& seed) {
  const SealProofFacts facts = seal_proof_facts(proof);
  check_sealed_for(facts, sector);
  SealCommitPhase1Output out;
  out.registered_proof = facts.name;
  out.vanilla_proofs_kind = vanilla_seal_proof_kind_of_size(sector.config.sector_size);
  out.vanilla_proofs = stacked_partition_proofs(sector.graph, DenseSectorOpenings(sector),
                                                seal_proof_challenges(proof, sector.replica_id, seed, sector.comm_r));
  out.comm_r = sector.comm_r;
  out.comm_d = sector.comm_d;
  out.replica_id = sector.replica_id;
  out.seed = seed;
  out.ticket = sector.identity.ticket;
  return out;
}

}  // namespace cuzk::filecoin
