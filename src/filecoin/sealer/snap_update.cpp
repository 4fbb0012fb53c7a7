#include "filecoin/sealer/snap_update.hpp"

#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/vanilla_build/snap_proof_builder.hpp"

namespace cuzk::filecoin {

UpdatedSector encode_sector_update(const SealedSector& sector, std::vector<Domain> data) {
  const uint64_t nodes = sector.nodes();
  if (!is_update_sector_nodes(nodes))
    throw Error("SnapDeals: no update parameters for a sector of " + std::to_string(nodes) + " nodes");
  if (data.size() != nodes)
    throw Error("SnapDeals: " + std::to_string(data.size()) + " data nodes for a sector of " + std::to_string(nodes));
  const size_t h = update_h_default(nodes);
  const uint32_t shift = update_high_shift(nodes, h);

  MerkleTree tree_d_new = MerkleTree::build(tree_d_shape(sector.config.sector_size), std::move(data));
  const Domain comm_d_new = tree_d_new.root();
  const Domain phi = update_phi(comm_d_new, sector.comm_r);
  const std::vector<Fr> rhos = update_rhos(phi, h);

  const std::span<const Domain> old_replica = sector.replica(), new_data = tree_d_new.level(0);
  std::vector<Domain> replica(nodes);
  parallel_for(nodes, 1024, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      replica[i] = encode_update_node(old_replica[i], new_data[i], rhos[i >> shift]);
  });
  MerkleTree tree_r_new = MerkleTree::build(tree_r_shape(sector.config.sector_size), std::move(replica));
  const Domain comm_r_last_new = tree_r_new.root();
  return UpdatedSector{.comm_d_new = comm_d_new,
                       .comm_r_old = sector.comm_r,
                       .comm_r_last_new = comm_r_last_new,
                       .comm_r_new = comm_r_of(sector.comm_c, comm_r_last_new),
                       .phi = phi,
                       .h = h,
                       .tree_d_new = std::move(tree_d_new),
                       .tree_r_new = std::move(tree_r_new)};
}

std::vector<Domain> decode_sector_update(std::span<const Domain> new_replica, std::span<const Domain> sector_key,
                                         const Domain& phi, size_t h) {
  if (new_replica.size() != sector_key.size())
    throw Error("SnapDeals decode: replica of " + std::to_string(new_replica.size()) + " nodes, sector key of " +
                std::to_string(sector_key.size()));
  const uint32_t shift = update_high_shift(new_replica.size(), h);
  std::vector<Fr> inv = update_rhos(phi, h);
  for (Fr& r : inv) r = r.inverse();
  std::vector<Domain> data(new_replica.size());
  parallel_for(data.size(), 1024, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      data[i] = domain_of((fr_of(new_replica[i], "replica node") - fr_of(sector_key[i], "sector key node")) *
                          inv[i >> shift]);
  });
  return data;
}

SnapPartitionProof snap_partition_proof(const SealedSector& sector, const UpdatedSector& update, size_t k) {
  return snap_partition_proof(DenseUpdateOpenings(sector, update), k);
}

std::vector<SnapPartitionProof> snap_partition_proofs(const SealedSector& sector, const UpdatedSector& update) {
  return snap_partition_proofs(DenseUpdateOpenings(sector, update));
}

}  // namespace cuzk::filecoin
