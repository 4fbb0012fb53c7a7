// Valid Filecoin vanilla proofs from a sparse sector (sparse_sector.hpp,
// sparse_plan.hpp), without the sector's data:
//  - seal_sparse: the C1 output (SealCommitPhase1Output) of an interactive
//    PoRep, every partition's challenges labelled and proved;
//  - sparse_post_vanilla_proof: the FallbackPoStSectorProof of Winning or
//    Window PoSt (its challenges do not depend on comm_r, so any randomness
//    works on an already built sector).
#pragma once
#include <cstdint>

#include "filecoin/sparse_sector/sparse_plan.hpp"
#include "filecoin/sparse_sector/sparse_sector.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin {

struct SparseSeal {
  SparseSealPlan plan;
  SparseSector sector;       // labelled at every challenge; filler at every PoSt target's leaves
  SealCommitPhase1Output c1;
};

// Plans (plan_sparse_seal: Error for synthetic / non-interactive types),
// builds the sector and proves every challenge, on the thread pool.
SparseSeal seal_sparse(const SparseSealRequest& request);

// The vanilla proof Curio hands cuzk for one sector: sector_id, comm_r and
// one SectorProof opening the type's challenged leaves (Window: 10, Winning:
// 66) in TreeR. Error when the type proves another sector size.
FallbackPoStSectorProof sparse_post_vanilla_proof(const SparseSector& sector, uint64_t sector_id,
                                                  RegisteredPoStProof proof, const Domain& randomness,
                                                  uint64_t sector_index = 0);

}  // namespace cuzk::filecoin
