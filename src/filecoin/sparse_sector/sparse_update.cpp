#include "filecoin/sparse_sector/sparse_update.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/vanilla_build/snap_proof_builder.hpp"
#include "filecoin/vanilla_build/update_encoding.hpp"

namespace cuzk::filecoin {

namespace {

void check_data(std::span<const SparseDataNode> data, uint64_t nodes) {
  if (data.size() > SparseSector::kMaxLabelledNodes)
    throw Error("sparse SnapDeals: " + std::to_string(data.size()) + " data nodes, more than " +
                std::to_string(SparseSector::kMaxLabelledNodes));
  std::vector<uint64_t> index;
  index.reserve(data.size());
  for (const auto& [node, value] : data) {
    if (node >= nodes)
      throw Error("sparse SnapDeals: data node " + std::to_string(node) + " >= " + std::to_string(nodes) + " nodes");
    fr_of(value, "sparse SnapDeals data node");
    index.push_back(node);
  }
  std::sort(index.begin(), index.end());
  const auto repeat = std::adjacent_find(index.begin(), index.end());
  if (repeat != index.end()) throw Error("sparse SnapDeals: data node " + std::to_string(*repeat) + " given twice");
}

}  // namespace

SparseUpdate update_sparse_sector(const SparseSector& sector, std::span<const SparseDataNode> data) {
  const uint64_t sector_size = sector.spec().sector_size, nodes = sector.nodes();
  if (!is_update_sector_nodes(nodes))
    throw Error("sparse SnapDeals: no update parameters for a sector of " + std::to_string(sector_size) + " bytes");
  check_data(data, nodes);
  const size_t h = update_h_default(nodes);
  const uint32_t shift = update_high_shift(nodes, h);

  SparseMerkleTree tree_d_new(tree_d_shape(sector_size), Domain{});
  tree_d_new.set_leaves(data);
  const Domain comm_d_new = tree_d_new.root();
  const Domain phi = update_phi(comm_d_new, sector.comm_r());
  const std::vector<Fr> rhos = update_rhos(phi, h);

  std::vector<SparseDataNode> replica(data.size());
  parallel_for(data.size(), 256, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const auto& [node, value] = data[i];
      replica[i] = {node, encode_update_node(sector.replica_leaf(node), value, rhos[node >> shift])};
    }
  });
  SparseMerkleTree tree_r_new = sector.tree_r();
  tree_r_new.set_leaves(replica);
  const Domain comm_r_last_new = tree_r_new.root();
  return SparseUpdate{.comm_d_new = comm_d_new,
                      .comm_r_old = sector.comm_r(),
                      .comm_r_last_new = comm_r_last_new,
                      .comm_r_new = comm_r_of(sector.comm_c(), comm_r_last_new),
                      .phi = phi,
                      .h = h,
                      .tree_d_new = std::move(tree_d_new),
                      .tree_r_new = std::move(tree_r_new)};
}

std::vector<SnapPartitionProof> sparse_snap_partition_proofs(const SparseSector& sector, const SparseUpdate& update) {
  return snap_partition_proofs(SparseUpdateOpenings(sector, update));
}

std::vector<SparseDataNode> sparse_deal_data(uint64_t first, uint64_t count) {
  static constexpr char kTag[] = "cuzk sparse deal data";
  if (count > SparseSector::kMaxLabelledNodes || first > UINT64_MAX - count)
    throw Error("sparse deal data: " + std::to_string(count) + " nodes from " + std::to_string(first) +
                " is more than a sparse sector holds");
  std::vector<SparseDataNode> out(count);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t node = first + i;
    uint8_t index[8];
    for (int b = 0; b < 8; ++b) index[b] = uint8_t(node >> (8 * b));
    Sha256 h;
    h.update(kTag, sizeof(kTag) - 1).update(index, sizeof(index));
    out[i] = {node, trunc254(h.finish())};
  }
  return out;
}

}  // namespace cuzk::filecoin
