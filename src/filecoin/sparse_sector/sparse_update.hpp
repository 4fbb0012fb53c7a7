// SnapDeals (empty sector update) of a sparse CC sector (sparse_sector.hpp),
// at any size storage-proofs-update supports (registry/update_params.hpp),
// 32 and 64 GiB included. The new data is
// zero except at a few given nodes; it is encoded into the sector key (the
// sparse replica) with vanilla_build/update_encoding.hpp, so the new replica
// differs from the key only there (zero data encodes to the key itself).
// The new data's tree D and the new replica's tree R are sparse trees, which
// open any challenge and any apex leaf, so every partition's proof comes
// from vanilla_build/snap_proof_builder.hpp and verifies against comm_r_old
// (the sector's comm_r), comm_d_new and comm_r_new. The challenges follow
// from comm_r_new, so the data cannot be placed at them: they open zero data
// unless a data node happens to be drawn.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/sparse_tree.hpp"
#include "filecoin/sparse_sector/sparse_sector.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"
#include "filecoin/vanilla_build/update_openings.hpp"

namespace cuzk::filecoin {

// One non-zero node of the new data: its index and a canonical Fr value.
using SparseDataNode = std::pair<uint64_t, Domain>;

struct SparseUpdate {
  Domain comm_d_new{};
  Domain comm_r_old{};
  Domain comm_r_last_new{};
  Domain comm_r_new{};
  Domain phi{};
  size_t h = 0;                // h_default (hs[3]), the h of the chain's proof
  SparseMerkleTree tree_d_new;  // leaves: the new data
  SparseMerkleTree tree_r_new;  // leaves: the new replica
};

// Error for a sector size SnapDeals does not support, a data node beyond the
// sector or repeated, or more than SparseSector::kMaxLabelledNodes of them;
// DecodeError for a non-canonical value.
SparseUpdate update_sparse_sector(const SparseSector& sector, std::span<const SparseDataNode> data);

// The openings of a sparse sector and its update for snap_proof_builder.hpp.
class SparseUpdateOpenings final : public UpdateOpenings {
 public:
  SparseUpdateOpenings(const SparseSector& sector, const SparseUpdate& update) : s_(sector), u_(update) {}
  uint64_t nodes() const override { return s_.nodes(); }
  Domain comm_c() const override { return s_.comm_c(); }
  Domain comm_r_new() const override { return u_.comm_r_new; }
  MerkleProof old_replica_proof(uint64_t node) const override { return s_.prove_tree_r(node); }
  MerkleProof new_data_proof(uint64_t node) const override { return u_.tree_d_new.prove(node); }
  MerkleProof new_replica_proof(uint64_t node) const override { return u_.tree_r_new.prove(node); }
  Domain new_data_node(uint32_t level, uint64_t index) const override { return u_.tree_d_new.node(level, index); }

 private:
  const SparseSector& s_;
  const SparseUpdate& u_;
};

// Every partition's proof, in order (16 x 86 challenges at 32 GiB).
std::vector<SnapPartitionProof> sparse_snap_partition_proofs(const SparseSector& sector, const SparseUpdate& update);

// Deal-like data for tests and the generator: `count` consecutive nodes from
// `first`, node i holding trunc254(SHA-256("cuzk sparse deal data" || u64_le(i))).
// Error for more than SparseSector::kMaxLabelledNodes.
std::vector<SparseDataNode> sparse_deal_data(uint64_t first, uint64_t count);

}  // namespace cuzk::filecoin
