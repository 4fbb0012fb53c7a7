// SDR's stacked graph (storage-proofs-porep stacked/vanilla/graph.rs,
// StackedBucketGraph<PoseidonHasher>): for every node, 6 DRG parents in the
// same layer then 8 expander parents in the previous layer, the latter from
// the Feistel permutation of node * 8 + i over [0, 8 * nodes).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "filecoin/api_version.hpp"
#include "filecoin/sdr/bucket_graph.hpp"
#include "filecoin/sdr/feistel.hpp"
#include "filecoin/sdr/porep_id.hpp"

namespace cuzk::filecoin {

inline constexpr size_t kExpDegree = 8;
inline constexpr size_t kDegree = kBaseDegree + kExpDegree;  // 14

using NodeParents = std::array<uint32_t, kDegree>;

class StackedGraph {
 public:
  // Error unless 1 <= nodes <= 2^31 (kMaxGraphNodes).
  StackedGraph(uint64_t nodes, const PorepId& porep_id, ApiVersion api_version);

  // node < nodes(), Error otherwise.
  void base_parents(uint64_t node, std::span<uint32_t, kBaseDegree> out) const { base_.parents(node, out); }
  void expander_parents(uint64_t node, std::span<uint32_t, kExpDegree> out) const;
  // base parents in out[0..6), expander parents in out[6..14): one parent-cache entry.
  void parents(uint64_t node, std::span<uint32_t, kDegree> out) const;
  NodeParents parents(uint64_t node) const {
    NodeParents p;
    parents(node, p);
    return p;
  }

  uint64_t nodes() const { return base_.nodes(); }
  ApiVersion api_version() const { return base_.api_version(); }
  const PorepId& porep_id() const { return porep_id_; }
  const FeistelKeys& feistel_keys() const { return feistel_keys_; }
  const BucketGraph& base_graph() const { return base_; }
  // "stacked_graph::StackedGraph{expansion_degree: 8 base_graph: <BucketGraph identifier> }"
  std::string identifier() const;

 private:
  BucketGraph base_;
  PorepId porep_id_;
  FeistelKeys feistel_keys_;
  FeistelPermutation feistel_;
};

}  // namespace cuzk::filecoin
