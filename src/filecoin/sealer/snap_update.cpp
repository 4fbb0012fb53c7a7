#include "filecoin/sealer/snap_update.hpp"

#include <array>
#include <bit>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin {

Domain update_phi(const Domain& comm_d_new, const Domain& comm_r_old) {
  const std::array<Domain, 2> pre{comm_d_new, comm_r_old};
  return poseidon_hash(pre, 2, snapdeals_randomness_hash_type());
}

Fr update_rho(const Domain& phi, uint64_t high) {
  const std::array<Fr, 2> pre{fr_of(phi, "phi"), Fr::from_u64(high)};
  return poseidon_hash(pre, 2, snapdeals_randomness_hash_type());
}

uint32_t update_high_shift(uint64_t sector_nodes, size_t h) {
  if (!std::has_single_bit(sector_nodes))
    throw Error("SnapDeals: node count " + std::to_string(sector_nodes) + " is not a power of two");
  const uint32_t bits = uint32_t(std::countr_zero(sector_nodes));
  if (h > bits)
    throw Error("SnapDeals: h " + std::to_string(h) + " exceeds the " + std::to_string(bits) + " index bits");
  return bits - uint32_t(h);
}

namespace {

// rho for every value of the h high bits.
std::vector<Fr> all_rhos(const Domain& phi, size_t h) {
  std::vector<Fr> rhos(size_t(1) << h);
  for (size_t high = 0; high < rhos.size(); ++high) rhos[high] = update_rho(phi, high);
  return rhos;
}

}  // namespace

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
  const std::vector<Fr> rhos = all_rhos(phi, h);

  const std::span<const Domain> old_replica = sector.replica(), new_data = tree_d_new.level(0);
  std::vector<Domain> replica(nodes);
  parallel_for(nodes, 1024, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const Fr d = fr_of(new_data[i], "SnapDeals data node");
      replica[i] = domain_of(fr_of(old_replica[i], "sector key node") + d * rhos[i >> shift]);
    }
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
  std::vector<Fr> inv = all_rhos(phi, h);
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
  const uint64_t nodes = sector.nodes();
  const size_t partitions = update_partition_count(nodes);
  if (k >= partitions)
    throw Error("SnapDeals: partition " + std::to_string(k) + " >= " + std::to_string(partitions) + " partitions");
  const size_t apex = update_apex_leaf_count(nodes);
  // The apex row holds partitions * apex nodes; binary tree D, so its level
  // is log2(nodes) - log2(partitions * apex).
  const uint64_t row_nodes = uint64_t(partitions) * apex;
  const uint32_t apex_level = uint32_t(std::countr_zero(nodes) - std::countr_zero(row_nodes));

  SnapPartitionProof p;
  p.comm_c = sector.comm_c;
  for (size_t i = 0; i < apex; ++i) p.apex_leafs.push_back(update.tree_d_new.node(apex_level, k * apex + i));
  for (uint32_t c : update_challenges(nodes, update.comm_r_new, k))
    p.challenge_proofs.push_back({sector.tree_r.prove(c), update.tree_d_new.prove(c), update.tree_r_new.prove(c)});
  return p;
}

std::vector<SnapPartitionProof> snap_partition_proofs(const SealedSector& sector, const UpdatedSector& update) {
  std::vector<SnapPartitionProof> out;
  for (size_t k = 0; k < update_partition_count(sector.nodes()); ++k)
    out.push_back(snap_partition_proof(sector, update, k));
  return out;
}

}  // namespace cuzk::filecoin
