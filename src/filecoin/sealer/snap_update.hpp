// SnapDeals (empty sector update, storage-proofs-update vanilla.rs): new
// data encoded into a sealed sector's replica, and the partition proofs.
//   comm_r_old = the sealed sector's comm_r
//   phi        = Poseidon-2 Custom(1) (comm_d_new, comm_r_old)
//   rho(high)  = Poseidon-2 Custom(1) (phi, high), high = the h high bits of a node index
//   new replica[i] = old replica[i] + data[i] * rho(i >> (log2(nodes) - h)), in Fr
//   comm_r_new = Poseidon-2(comm_c, root of tree R over the new replica)
// with h = h_default (hs[3]). Partition k's proof holds comm_c, the apex
// leafs of tree D (the row of partitions * apex_leaf_count nodes, this
// partition's share) and per challenge the old-replica, new-data and
// new-replica inclusion proofs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"

namespace cuzk::filecoin {

struct UpdatedSector {
  Domain comm_d_new{};
  Domain comm_r_old{};
  Domain comm_r_last_new{};
  Domain comm_r_new{};
  Domain phi{};
  size_t h = 0;
  MerkleTree tree_d_new;  // leaves: the new data
  MerkleTree tree_r_new;  // leaves: the new replica

  std::span<const Domain> data() const { return tree_d_new.level(0); }
  std::span<const Domain> replica() const { return tree_r_new.level(0); }
};

Domain update_phi(const Domain& comm_d_new, const Domain& comm_r_old);
Fr update_rho(const Domain& phi, uint64_t high);
// How far a node index is shifted right to leave its h high bits.
uint32_t update_high_shift(uint64_t sector_nodes, size_t h);

// Encodes `data` (the sector's node count of canonical Fr nodes) into the
// sealed sector. Error for a size SnapDeals does not support or a wrong node
// count; DecodeError naming a non-canonical node.
UpdatedSector encode_sector_update(const SealedSector& sector, std::vector<Domain> data);

// The data back from a new replica and the sector key (the old replica):
// (new - old) / rho. Error when the spans differ in size.
std::vector<Domain> decode_sector_update(std::span<const Domain> new_replica, std::span<const Domain> sector_key,
                                         const Domain& phi, size_t h);

// Partition k's proof (k < update_partition_count(nodes)), and all of them.
SnapPartitionProof snap_partition_proof(const SealedSector& sector, const UpdatedSector& update, size_t k);
std::vector<SnapPartitionProof> snap_partition_proofs(const SealedSector& sector, const UpdatedSector& update);

}  // namespace cuzk::filecoin
