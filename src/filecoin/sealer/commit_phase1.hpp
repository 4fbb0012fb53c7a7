// PoRep commit phase 1 of a sector sealed in memory: the
// SealCommitPhase1Output that filecoin-proofs' seal_commit_phase1 returns
// (vanilla_proofs[partition][challenge] from StackedDrg::prove_all_partitions),
// for interactive, synthetic and non-interactive proof types. For synthetic
// types the output is what rust reads back from its synthetic-proof file:
// the proofs of the synthetic challenges the seed selects.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/sealer/seal_config.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin {

// Error when the sector was not sealed with `proof`'s size, layers, porep_id
// and API version. For non-interactive types the seed is ignored by the
// challenges and stored as given.
SealCommitPhase1Output seal_commit_phase1(RegisteredSealProof proof, const SealedSector& sector,
                                          const Domain& seed);

// The challenged nodes of every partition for `proof` and this sector.
std::vector<std::vector<uint64_t>> seal_commit_challenges(RegisteredSealProof proof, const SealedSector& sector,
                                                          const Domain& seed);

// The VanillaSealProof variant of a sector size; Error for a size without one.
VanillaSealProofKind vanilla_seal_proof_kind_of_size(uint64_t sector_size);

}  // namespace cuzk::filecoin
