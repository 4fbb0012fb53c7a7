// SnapDeals (empty sector update, storage-proofs-update vanilla.rs) of a
// sector sealed in memory: new data encoded into its replica with phi and
// rho (vanilla_build/update_encoding.hpp, comm_r_old = the sealed sector's
// comm_r, h = h_default = hs[3]), comm_r_new = Poseidon-2(comm_c, root of
// tree R over the new replica), and the partition proofs assembled by
// vanilla_build/snap_proof_builder.hpp from the dense trees.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"
#include "filecoin/vanilla_build/update_encoding.hpp"
#include "filecoin/vanilla_build/update_openings.hpp"

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

// Encodes `data` (the sector's node count of canonical Fr nodes) into the
// sealed sector. Error for a size SnapDeals does not support or a wrong node
// count; DecodeError naming a non-canonical node.
UpdatedSector encode_sector_update(const SealedSector& sector, std::vector<Domain> data);

// The data back from a new replica and the sector key (the old replica):
// (new - old) / rho. Error when the spans differ in size.
std::vector<Domain> decode_sector_update(std::span<const Domain> new_replica, std::span<const Domain> sector_key,
                                         const Domain& phi, size_t h);

// The openings of a sealed sector and its update for snap_proof_builder.hpp.
class DenseUpdateOpenings final : public UpdateOpenings {
 public:
  DenseUpdateOpenings(const SealedSector& sector, const UpdatedSector& update) : s_(sector), u_(update) {}
  uint64_t nodes() const override { return s_.nodes(); }
  Domain comm_c() const override { return s_.comm_c; }
  Domain comm_r_new() const override { return u_.comm_r_new; }
  MerkleProof old_replica_proof(uint64_t node) const override { return s_.tree_r.prove(node); }
  MerkleProof new_data_proof(uint64_t node) const override { return u_.tree_d_new.prove(node); }
  MerkleProof new_replica_proof(uint64_t node) const override { return u_.tree_r_new.prove(node); }
  Domain new_data_node(uint32_t level, uint64_t index) const override { return u_.tree_d_new.node(level, index); }

 private:
  const SealedSector& s_;
  const UpdatedSector& u_;
};

// Partition k's proof (k < update_partition_count(nodes)), and all of them.
SnapPartitionProof snap_partition_proof(const SealedSector& sector, const UpdatedSector& update, size_t k);
std::vector<SnapPartitionProof> snap_partition_proofs(const SealedSector& sector, const UpdatedSector& update);

}  // namespace cuzk::filecoin
