#include "filecoin/sparse_sector/sparse_sector.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/sdr/labels.hpp"

namespace cuzk::filecoin {

namespace {

constexpr uint64_t kMaxSparseSectorBytes = uint64_t(1) << 36;  // 64 GiB

const SparseSectorSpec& checked(const SparseSectorSpec& spec) {
  if (spec.layers != 2 && spec.layers != 11)
    throw Error("sparse sector: " + std::to_string(spec.layers) +
                " layers; columns are hashed for 2 or 11 layers only");
  if (spec.sector_size == 0 || spec.sector_size > kMaxSparseSectorBytes)
    throw Error("sparse sector: sector size " + std::to_string(spec.sector_size) + " is outside (0, 64 GiB]");
  tree_r_shape(spec.sector_size);  // Error for a size without a TreeR shape
  return spec;
}

const Domain& canonical(const Domain& d, const char* what) {
  fr_of(d, what);
  return d;
}

Domain default_column_hash(uint32_t layers, const Domain& default_label) {
  const std::vector<Domain> rows(layers, default_label);
  return column_hash(rows);
}

void check_count(size_t n, const char* what) {
  if (n > SparseSector::kMaxLabelledNodes)
    throw Error(std::string("sparse sector: ") + std::to_string(n) + " " + what + ", more than " +
                std::to_string(SparseSector::kMaxLabelledNodes));
}

}  // namespace

Domain column_hash(std::span<const Domain> rows) {
  if (rows.size() != 2 && rows.size() != 11)
    throw Error("column hash: " + std::to_string(rows.size()) + " rows; Filecoin hashes columns of 2 or 11");
  return poseidon_hash(rows);
}

Domain sparse_filler_value(uint64_t leaf) {
  static constexpr char kTag[] = "cuzk sparse sector filler";
  uint8_t index[8];
  for (int i = 0; i < 8; ++i) index[i] = uint8_t(leaf >> (8 * i));
  Sha256 h;
  h.update(kTag, sizeof(kTag) - 1).update(index, sizeof(index));
  return trunc254(h.finish());
}

SparseSector::SparseSector(const SparseSectorSpec& spec, const SparseSectorContents& contents)
    : spec_(checked(spec)),
      graph_(spec.sector_size / kNodeBytes, spec.porep_id, spec.api_version),
      replica_id_(canonical(contents.replica_id, "sparse sector replica_id")),
      default_label_(canonical(contents.default_label, "sparse sector default label")),
      tree_d_(tree_d_shape(spec.sector_size), Domain{}),
      tree_c_(tree_r_shape(spec.sector_size), default_column_hash(spec.layers, contents.default_label)),
      tree_r_(tree_r_shape(spec.sector_size), encode_node(contents.default_label, Domain{})) {
  check_count(contents.labelled_nodes.size(), "labelled nodes");
  check_count(contents.filler_leaves.size(), "filler leaves");
  for (uint64_t n : contents.labelled_nodes)
    if (n >= nodes())
      throw Error("sparse sector: labelled node " + std::to_string(n) + " >= " + std::to_string(nodes()) + " nodes");
  for (uint64_t n : contents.filler_leaves)
    if (n >= nodes())
      throw Error("sparse sector: filler leaf " + std::to_string(n) + " >= " + std::to_string(nodes()) + " nodes");

  label(contents.labelled_nodes);

  std::vector<std::pair<uint64_t, Domain>> c_leaves, r_leaves;
  c_leaves.reserve(labels_.size());
  for (const auto& [node, rows] : labels_) c_leaves.emplace_back(node, Domain{});
  parallel_for(c_leaves.size(), 8, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) c_leaves[i].second = column_hash(labels_.at(c_leaves[i].first));
  });
  tree_c_.set_leaves(c_leaves);

  r_leaves.reserve(labels_.size() + contents.filler_leaves.size());
  for (uint64_t leaf : contents.filler_leaves)
    if (!is_labelled(leaf)) r_leaves.emplace_back(leaf, sparse_filler_value(leaf));
  // The encoding of zero data is the key itself, but go through encode_node
  // so the replica is what a sealer would write.
  for (const auto& [node, rows] : labels_) r_leaves.emplace_back(node, encode_node(rows.back(), Domain{}));
  tree_r_.set_leaves(r_leaves);

  comm_r_ = comm_r_of(comm_c(), comm_r_last());
}

void SparseSector::label(std::vector<uint64_t> nodes) {
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  std::vector<NodeParents> parents(nodes.size());
  parallel_for(nodes.size(), 64, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) parents[i] = graph_.parents(nodes[i]);
  });
  for (uint64_t n : nodes) labels_[n].reserve(spec_.layers);

  std::array<Domain, kDegree> gathered;
  for (uint32_t layer = 1; layer <= spec_.layers; ++layer) {
    const size_t count = layer == 1 ? kBaseDegree : kDegree;
    for (size_t i = 0; i < nodes.size(); ++i) {
      const uint64_t node = nodes[i];
      std::span<const Domain> used;  // node 0 hashes no parents
      if (node != 0) {
        for (size_t k = 0; k < count; ++k)
          gathered[k] = label_at(parents[i][k], k < kBaseDegree ? layer : layer - 1);
        const auto repeated = repeat_parents(std::span<const Domain>(gathered.data(), count));
        labels_[node].push_back(label_from_parents(replica_id_, layer, node, repeated));
      } else {
        labels_[node].push_back(label_from_parents(replica_id_, layer, node, used));
      }
    }
  }
}

const Domain& SparseSector::label_at(uint64_t node, uint32_t layer) const {
  auto it = labels_.find(node);
  if (it == labels_.end()) return default_label_;
  if (layer == 0 || layer > it->second.size())
    throw Error("sparse sector: the label of node " + std::to_string(node) + " in layer " + std::to_string(layer) +
                " is read before it is computed");
  return it->second[layer - 1];
}

Column SparseSector::column(uint64_t node) const {
  if (node >= nodes())
    throw Error("sparse sector: column " + std::to_string(node) + " >= " + std::to_string(nodes()) + " nodes");
  Column c;
  c.index = uint32_t(node);
  auto it = labels_.find(node);
  c.rows = it == labels_.end() ? std::vector<Domain>(spec_.layers, default_label_) : it->second;
  return c;
}

ColumnProof SparseSector::prove_column(uint64_t node) const {
  return ColumnProof{column(node), tree_c_.prove(node)};
}

StackedProof SparseSector::prove_challenge(uint64_t c) const {
  if (c == 0 || c >= nodes())
    throw Error("sparse sector: challenge " + std::to_string(c) + " is outside [1, " + std::to_string(nodes()) + ")");
  if (!is_labelled(c))
    throw Error("sparse sector: challenge " + std::to_string(c) +
                " is not labelled, so its proof would not verify; list it in labelled_nodes");
  StackedProof p;
  p.comm_d_proofs = tree_d_.prove(c);
  p.comm_r_last_proof = tree_r_.prove(c);
  const NodeParents parents = graph_.parents(c);
  auto& rcp = p.replica_column_proofs;
  rcp.c_x = prove_column(c);
  for (size_t k = 0; k < kBaseDegree; ++k) rcp.drg_parents.push_back(prove_column(parents[k]));
  for (size_t k = kBaseDegree; k < kDegree; ++k) rcp.exp_parents.push_back(prove_column(parents[k]));

  std::array<Domain, kDegree> gathered;
  p.labeling_proofs.reserve(spec_.layers);
  for (uint32_t layer = 1; layer <= spec_.layers; ++layer) {
    const size_t count = layer == 1 ? kBaseDegree : kDegree;
    for (size_t k = 0; k < kBaseDegree; ++k) gathered[k] = rcp.drg_parents[k].column.rows[layer - 1];
    for (size_t k = kBaseDegree; k < count; ++k)
      gathered[k] = rcp.exp_parents[k - kBaseDegree].column.rows[layer - 2];
    const auto repeated = repeat_parents(std::span<const Domain>(gathered.data(), count));
    p.labeling_proofs.push_back(LabelingProof{{repeated.begin(), repeated.end()}, layer, c});
  }
  p.encoding_proof = EncodingProof{p.labeling_proofs.back().parents, spec_.layers, c};
  return p;
}

SectorProof SparseSector::post_sector_proof(std::span<const uint64_t> leaves) const {
  SectorProof s;
  s.inclusion_proofs.reserve(leaves.size());
  for (uint64_t leaf : leaves) s.inclusion_proofs.push_back(tree_r_.prove(leaf));
  s.comm_c = comm_c();
  s.comm_r_last = comm_r_last();
  return s;
}

}  // namespace cuzk::filecoin
