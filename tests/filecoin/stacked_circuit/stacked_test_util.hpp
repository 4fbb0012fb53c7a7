// Helpers of the StackedDRG circuit tests: a real 2 KiB C1 output from the
// host sealer, and the C1 output of a sparse sector of any production size.
#pragma once
#include <string>

#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "support/filecoin_values.hpp"

namespace cuzk::filecoin::stacked_test {

using F = Fr;

inline SectorIdentity identity() { return {test::filled(3), 1234, test::filled(12)}; }

inline SealCommitPhase1Output c1_of_2kib(RegisteredSealProof proof, uint64_t data_seed, const Domain& seed) {
  const SealedSector s = seal_sector(seal_config(proof), test::data_nodes(64, data_seed), identity());
  return seal_commit_phase1(proof, s, seed);
}

// The interactive PoRep (V1_1) C1 output of a sparse CC sector; size as in
// proof names ("2KiB", "8MiB", "512MiB", "32GiB", "64GiB").
inline SealCommitPhase1Output c1_of_sparse(const std::string& size) {
  SparseSealRequest r;
  r.proof = seal_proof_from_name("StackedDrg" + size + "V1_1");
  r.prover_id = test::filled(0);
  r.prover_id[0] = 0xe8;  // f01000
  r.prover_id[1] = 0x03;
  r.sector_id = 1;
  r.ticket = trunc254(test::filled(0x11));
  r.seed = trunc254(test::filled(0x22));
  r.default_label = trunc254(test::filled(0x5a));
  return seal_sparse(r).c1;
}

}  // namespace cuzk::filecoin::stacked_test
