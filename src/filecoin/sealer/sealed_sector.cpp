#include "filecoin/sealer/sealed_sector.hpp"

#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sealer/column.hpp"

namespace cuzk::filecoin {

SealConfig seal_config(RegisteredSealProof proof) {
  const SealProofInfo& info = seal_proof_info(proof);
  SealConfig c;
  c.sector_size = info.sector_size;
  c.layers = uint32_t(info.sector().layers);
  c.porep_id = porep_id(proof);
  c.api_version = info.api_version;
  return c;
}

void SealConfig::validate() const {
  if (sector_size == 0 || sector_size % 32 != 0)
    throw Error("seal config: sector_size " + std::to_string(sector_size) + " is not a positive multiple of 32");
  tree_r_shape(sector_size);  // Error for a size with no TreeR shape
  if (nodes() > kMaxHostLabelNodes)
    throw Error("seal config: " + std::to_string(nodes()) + " nodes; the host sealer holds at most 2^24");
  if (layers != 2 && layers != 11)
    throw Error("seal config: " + std::to_string(layers) + " layers; rust hashes columns of 2 or 11 only");
}

namespace {

MerkleTree build_tree_d(const SealConfig& config, std::vector<Domain> data) {
  if (data.size() != config.nodes())
    throw Error("seal: " + std::to_string(data.size()) + " data nodes for a sector of " +
                std::to_string(config.nodes()));
  return MerkleTree::build(tree_d_shape(config.sector_size), std::move(data));
}

SealedSector seal_from_tree_d(const SealConfig& config, MerkleTree tree_d, const SectorIdentity& identity,
                              const Domain& replica_id) {
  StackedGraph graph(config.nodes(), config.porep_id, config.api_version);
  auto labels = label_all_layers(graph, replica_id, config.layers);

  const TreeShape shape_r = tree_r_shape(config.sector_size);
  MerkleTree tree_c = MerkleTree::build(shape_r, tree_c_leaves(labels));

  const std::vector<Domain>& key = labels.back();
  const std::span<const Domain> data = tree_d.level(0);
  std::vector<Domain> replica(data.size());
  parallel_for(data.size(), 1024, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) replica[i] = encode_node(key[i], data[i]);
  });
  MerkleTree tree_r = MerkleTree::build(shape_r, std::move(replica));

  const Domain comm_d = tree_d.root(), comm_c = tree_c.root(), comm_r_last = tree_r.root();
  return SealedSector{config,
                      identity,
                      replica_id,
                      comm_d,
                      comm_c,
                      comm_r_last,
                      comm_r_of(comm_c, comm_r_last),
                      std::move(graph),
                      std::move(labels),
                      std::move(tree_d),
                      std::move(tree_c),
                      std::move(tree_r)};
}

}  // namespace

SealedSector seal_sector(const SealConfig& config, std::vector<Domain> data, const SectorIdentity& identity) {
  config.validate();
  MerkleTree tree_d = build_tree_d(config, std::move(data));
  const Domain rid =
      replica_id(identity.prover_id, identity.sector_id, identity.ticket, tree_d.root(), config.porep_id);
  return seal_from_tree_d(config, std::move(tree_d), identity, rid);
}

SealedSector seal_sector_with_replica_id(const SealConfig& config, std::vector<Domain> data,
                                         const Domain& replica_id) {
  config.validate();
  fr_of(replica_id, "replica_id");
  MerkleTree tree_d = build_tree_d(config, std::move(data));
  return seal_from_tree_d(config, std::move(tree_d), SectorIdentity{}, replica_id);
}

SealedSector seal_cc_sector(const SealConfig& config, const SectorIdentity& identity) {
  config.validate();
  return seal_sector(config, std::vector<Domain>(config.nodes()), identity);
}

std::vector<Domain> DenseSectorOpenings::column_rows(uint64_t node) const {
  return column_of(s_.labels, node).rows;
}

}  // namespace cuzk::filecoin
