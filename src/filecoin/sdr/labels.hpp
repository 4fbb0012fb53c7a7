// SDR labelling (stacked/vanilla/create_label, labeling_proof.rs) and the
// replica encoding (encode.rs). A label is
//   trunc254(SHA-256(replica_id || layer u32 BE || node u64 BE || 20 zero bytes
//                    || 37 parent labels))
// where the parents (6 DRG parents in layer 1; 6 DRG parents of this layer
// then 8 expander parents of the previous layer above it) repeat cyclically
// to 37; node 0 hashes no parents at all.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

namespace cuzk::filecoin {

inline constexpr size_t kLabelParents = 37;
// label_all_layers keeps every layer and the whole parent cache in memory.
inline constexpr uint64_t kMaxHostLabelNodes = uint64_t(1) << 24;
inline constexpr uint32_t kMaxLabelLayers = 32;

// LabelingProof::create_label: the hash above over exactly `parents`
// (37 of them in a proof; none gives node 0's label).
Domain label_from_parents(const Domain& replica_id, uint32_t layer, uint64_t node, std::span<const Domain> parents);

// `parents` (non-empty) repeated cyclically to 37: how a labeling or encoding
// proof's parent list is built from the 6 or 14 parent labels.
std::array<Domain, kLabelParents> repeat_parents(std::span<const Domain> parents);

// The label of `node` in `layer` (>= 1) given its cache entry and the labels
// already computed: `layer_labels` (this layer, nodes below `node` filled)
// and, for layer > 1, `prev_layer_labels`. Error when a parent lies outside
// the spans given.
Domain create_label(const Domain& replica_id, uint32_t layer, uint64_t node, std::span<const uint32_t, kDegree> parents,
                    std::span<const Domain> layer_labels, std::span<const Domain> prev_layer_labels);

// Every label of layers 1..layers: result[layer - 1][node]. Error unless
// nodes <= kMaxHostLabelNodes and 1 <= layers <= kMaxLabelLayers.
std::vector<std::vector<Domain>> label_all_layers(const StackedGraph& graph, const Domain& replica_id,
                                                  uint32_t layers);

// The replica node: key (the last layer's label) + data in Fr. DecodeError
// when either is not a canonical Fr.
Fr encode(const Domain& key, const Domain& data);
Domain encode_node(const Domain& key, const Domain& data);
// The data node back from the replica node: replica - key in Fr.
Domain decode_node(const Domain& key, const Domain& replica);

}  // namespace cuzk::filecoin
