// SnapDeals partition proofs (storage-proofs-update vanilla.rs
// PartitionProof), laid out as rust-fil-proofs' prove_all_partitions builds
// them: comm_c; the partition's apex leafs, its share of tree D's row of
// partitions * apex_leaf_count nodes; per challenge (update_challenges from
// comm_r_new) the sector-key, new-data and new-replica inclusion proofs.
#pragma once
#include <cstddef>
#include <vector>

#include "filecoin/vanilla/snap_partition_proof.hpp"
#include "filecoin/vanilla_build/update_openings.hpp"

namespace cuzk::filecoin {

// Partition k's apex leafs. Error for a size SnapDeals does not support or
// k >= update_partition_count(nodes).
std::vector<Domain> snap_apex_leafs(const UpdateOpenings& update, size_t k);

// Partition k's proof (same errors).
SnapPartitionProof snap_partition_proof(const UpdateOpenings& update, size_t k);

// Every partition's proof in order, the challenges shared out on the thread pool.
std::vector<SnapPartitionProof> snap_partition_proofs(const UpdateOpenings& update);

}  // namespace cuzk::filecoin
