// The stacked-DRG vanilla proof of a challenge, laid out as rust-fil-proofs'
// StackedDrg::prove_layers_generate builds it (storage-proofs-porep
// stacked/vanilla/proof.rs, params.rs Proof::from_parts):
//   comm_d_proofs      tree D proof of the challenge
//   comm_r_last_proof  tree R proof of the challenge
//   replica_column_proofs: columns (with tree C proofs) of the challenge, its
//                      6 DRG parents and its 8 expander parents, in parent order
//   labeling_proofs    layer 1: the 6 DRG parents' layer-1 labels; layer l > 1:
//                      the DRG parents' layer-l and the expander parents'
//                      layer-(l-1) labels; repeated cyclically to 37
//   encoding_proof     the last layer's labeling parents again
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/sdr/stacked_graph.hpp"
#include "filecoin/sealer/sector_openings.hpp"
#include "filecoin/vanilla/stacked_proof.hpp"

namespace cuzk::filecoin {

// The column of `node` with its tree C proof.
ColumnProof column_proof(const SectorOpenings& sector, uint64_t node);

// The labeling proofs of `challenge` for layers 1..layers from its parents'
// columns (DRG parents then expander parents, graph order). Error when a
// column has fewer than `layers` rows.
std::vector<LabelingProof> labeling_proofs_from_columns(uint64_t challenge, uint32_t layers,
                                                        std::span<const ColumnProof> drg_parents,
                                                        std::span<const ColumnProof> exp_parents);

// The whole proof of one challenge. Error for challenge 0 (rust never
// challenges node 0, whose label has no parents) or beyond the graph.
StackedProof stacked_proof(const StackedGraph& graph, const SectorOpenings& sector, uint64_t challenge);

// [partition][challenge] proofs for the given challenges, on the thread pool.
std::vector<std::vector<StackedProof>> stacked_partition_proofs(
    const StackedGraph& graph, const SectorOpenings& sector, const std::vector<std::vector<uint64_t>>& challenges);

}  // namespace cuzk::filecoin
