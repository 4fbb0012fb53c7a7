// Helpers of the StackedDRG circuit tests: a real 2 KiB C1 output from the
// host sealer.
#pragma once
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "support/filecoin_values.hpp"

namespace cuzk::filecoin::stacked_test {

using F = Fr;

inline SectorIdentity identity() { return {test::filled(3), 1234, test::filled(12)}; }

inline SealCommitPhase1Output c1_of_2kib(RegisteredSealProof proof, uint64_t data_seed, const Domain& seed) {
  const SealedSector s = seal_sector(seal_config(proof), test::data_nodes(64, data_seed), identity());
  return seal_commit_phase1(proof, s, seed);
}

}  // namespace cuzk::filecoin::stacked_test
