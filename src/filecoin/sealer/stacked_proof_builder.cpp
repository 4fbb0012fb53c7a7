#include "filecoin/sealer/stacked_proof_builder.hpp"

#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/sdr/labels.hpp"

namespace cuzk::filecoin {

ColumnProof column_proof(const SectorOpenings& sector, uint64_t node) {
  if (node > UINT32_MAX) throw Error("column proof: node " + std::to_string(node) + " does not fit u32");
  ColumnProof p;
  p.column.index = uint32_t(node);
  p.column.rows = sector.column_rows(node);
  if (p.column.rows.size() != sector.layers())
    throw Error("column proof: node " + std::to_string(node) + " has " + std::to_string(p.column.rows.size()) +
                " rows, the sector " + std::to_string(sector.layers()) + " layers");
  p.inclusion_proof = sector.tree_c_proof(node);
  return p;
}

namespace {

const Domain& row(const ColumnProof& c, uint32_t layer) {
  if (layer == 0 || layer > c.column.rows.size())
    throw Error("labeling proof: column " + std::to_string(c.column.index) + " has no layer " +
                std::to_string(layer));
  return c.column.rows[layer - 1];
}

}  // namespace

std::vector<LabelingProof> labeling_proofs_from_columns(uint64_t challenge, uint32_t layers,
                                                        std::span<const ColumnProof> drg_parents,
                                                        std::span<const ColumnProof> exp_parents) {
  if (drg_parents.empty()) throw Error("labeling proof: no DRG parents");
  std::vector<LabelingProof> out;
  out.reserve(layers);
  std::vector<Domain> parents;
  for (uint32_t layer = 1; layer <= layers; ++layer) {
    parents.clear();
    for (const auto& c : drg_parents) parents.push_back(row(c, layer));
    if (layer > 1)
      for (const auto& c : exp_parents) parents.push_back(row(c, layer - 1));
    const auto repeated = repeat_parents(parents);
    out.push_back({std::vector<Domain>(repeated.begin(), repeated.end()), layer, challenge});
  }
  return out;
}

StackedProof stacked_proof(const StackedGraph& graph, const SectorOpenings& sector, uint64_t challenge) {
  if (challenge == 0 || challenge >= graph.nodes())
    throw Error("stacked proof: challenge " + std::to_string(challenge) + " outside [1, " +
                std::to_string(graph.nodes()) + ")");
  const uint32_t layers = sector.layers();
  if (layers == 0) throw Error("stacked proof: a sector of no layers");
  const NodeParents parents = graph.parents(challenge);

  StackedProof p;
  p.comm_d_proofs = sector.tree_d_proof(challenge);
  p.comm_r_last_proof = sector.tree_r_proof(challenge);
  ReplicaColumnProof& rcp = p.replica_column_proofs;
  rcp.c_x = column_proof(sector, challenge);
  for (size_t i = 0; i < kBaseDegree; ++i) rcp.drg_parents.push_back(column_proof(sector, parents[i]));
  for (size_t i = kBaseDegree; i < kDegree; ++i) rcp.exp_parents.push_back(column_proof(sector, parents[i]));
  p.labeling_proofs = labeling_proofs_from_columns(challenge, layers, rcp.drg_parents, rcp.exp_parents);
  const LabelingProof& last = p.labeling_proofs.back();
  p.encoding_proof = {last.parents, last.layer_index, last.node};
  return p;
}

std::vector<std::vector<StackedProof>> stacked_partition_proofs(
    const StackedGraph& graph, const SectorOpenings& sector, const std::vector<std::vector<uint64_t>>& challenges) {
  std::vector<std::vector<StackedProof>> out(challenges.size());
  std::vector<std::pair<size_t, size_t>> jobs;
  for (size_t k = 0; k < challenges.size(); ++k) {
    out[k].resize(challenges[k].size());
    for (size_t i = 0; i < challenges[k].size(); ++i) jobs.emplace_back(k, i);
  }
  parallel_for(jobs.size(), 1, [&](size_t begin, size_t end) {
    for (size_t j = begin; j < end; ++j) {
      const auto [k, i] = jobs[j];
      out[k][i] = stacked_proof(graph, sector, challenges[k][i]);
    }
  });
  return out;
}

}  // namespace cuzk::filecoin
