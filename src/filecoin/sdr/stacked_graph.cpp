#include "filecoin/sdr/stacked_graph.hpp"

#include "core/error.hpp"

namespace cuzk::filecoin {

StackedGraph::StackedGraph(uint64_t nodes, const PorepId& porep_id, ApiVersion api_version)
    : base_(nodes, porep_id, api_version),
      porep_id_(porep_id),
      feistel_keys_(derive_feistel_keys(porep_id)),
      feistel_(nodes * kExpDegree, feistel_keys_) {}

std::string StackedGraph::identifier() const {
  return "stacked_graph::StackedGraph{expansion_degree: " + std::to_string(kExpDegree) +
         " base_graph: " + base_.identifier() + " }";
}

void StackedGraph::expander_parents(uint64_t node, std::span<uint32_t, kExpDegree> out) const {
  if (node >= nodes())
    throw Error("SDR graph: node " + std::to_string(node) + " is not below " + std::to_string(nodes()));
  const bool legacy = api_version() == ApiVersion::kV1_0_0;
  std::array<uint64_t, kExpDegree> transformed;
  feistel_.permute_run(node * kExpDegree, transformed);
  for (size_t i = 0; i < kExpDegree; ++i) {
    // 1.0.0 truncates the permuted index to u32 before dividing, which loses
    // parents beyond 2^29 in 32 and 64 GiB graphs; sealed sectors depend on it.
    out[i] = legacy ? uint32_t(transformed[i]) / uint32_t(kExpDegree) : uint32_t(transformed[i] / kExpDegree);
  }
}

void StackedGraph::parents(uint64_t node, std::span<uint32_t, kDegree> out) const {
  base_parents(node, out.first<kBaseDegree>());
  expander_parents(node, out.last<kExpDegree>());
}

}  // namespace cuzk::filecoin
