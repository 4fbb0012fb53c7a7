#include "filecoin/sdr/labels.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/sdr/parent_cache.hpp"

namespace cuzk::filecoin {

namespace {

constexpr size_t kPrefixBytes = 64;
constexpr size_t kLabelInputBytes = kPrefixBytes + kLabelParents * 32;  // 1248

// The whole hash input laid out in one buffer so OpenSSL sees a single
// update; reusable from node to node.
class LabelHasher {
 public:
  explicit LabelHasher(const Domain& replica_id) {
    std::memcpy(buf_, replica_id.data(), 32);
    std::memset(buf_ + 32, 0, 32);
  }
  void start(uint32_t layer, uint64_t node) {
    for (int i = 0; i < 4; ++i) buf_[32 + i] = uint8_t(layer >> (24 - 8 * i));
    for (int i = 0; i < 8; ++i) buf_[36 + i] = uint8_t(node >> (56 - 8 * i));
  }
  void set_parent(size_t i, const Domain& label) { std::memcpy(buf_ + kPrefixBytes + 32 * i, label.data(), 32); }
  Domain finish(size_t parents) { return trunc254(hasher_.update(buf_, kPrefixBytes + 32 * parents).finish()); }

 private:
  uint8_t buf_[kLabelInputBytes];
  Sha256 hasher_;
};

// create_label on a hasher already holding replica_id.
Domain label_node(LabelHasher& h, uint32_t layer, uint64_t node, std::span<const uint32_t, kDegree> parents,
                  std::span<const Domain> layer_labels, std::span<const Domain> prev_layer_labels) {
  if (layer == 0) throw Error("SDR label: layers are numbered from 1");
  h.start(layer, node);
  if (node == 0) return h.finish(0);
  const size_t count = layer == 1 ? kBaseDegree : kDegree;
  // DRG parents must already be labelled: below `node` in this layer
  const uint64_t drg_available = std::min<uint64_t>(layer_labels.size(), node);
  Domain gathered[kDegree];
  for (size_t i = 0; i < count; ++i) {
    const bool base = i < kBaseDegree;
    const uint64_t available = base ? drg_available : prev_layer_labels.size();
    if (parents[i] >= available)
      throw Error("SDR label: node " + std::to_string(node) + " of layer " + std::to_string(layer) + " has " +
                  (base ? "DRG" : "expander") + " parent " + std::to_string(parents[i]) + " but only " +
                  std::to_string(available) + " labels are available for it");
    gathered[i] = (base ? layer_labels : prev_layer_labels)[parents[i]];
  }
  for (size_t i = 0; i < kLabelParents; ++i) h.set_parent(i, gathered[i % count]);
  return h.finish(kLabelParents);
}

}  // namespace

Domain label_from_parents(const Domain& replica_id, uint32_t layer, uint64_t node, std::span<const Domain> parents) {
  uint8_t prefix[kPrefixBytes] = {};
  std::memcpy(prefix, replica_id.data(), 32);
  for (int i = 0; i < 4; ++i) prefix[32 + i] = uint8_t(layer >> (24 - 8 * i));
  for (int i = 0; i < 8; ++i) prefix[36 + i] = uint8_t(node >> (56 - 8 * i));
  Sha256 h;
  h.update(prefix, sizeof(prefix));
  for (const Domain& p : parents) h.update(p);
  return trunc254(h.finish());
}

std::array<Domain, kLabelParents> repeat_parents(std::span<const Domain> parents) {
  if (parents.empty()) throw Error("SDR label: cannot repeat an empty parent list");
  std::array<Domain, kLabelParents> out;
  for (size_t i = 0; i < kLabelParents; ++i) out[i] = parents[i % parents.size()];
  return out;
}

Domain create_label(const Domain& replica_id, uint32_t layer, uint64_t node, std::span<const uint32_t, kDegree> parents,
                    std::span<const Domain> layer_labels, std::span<const Domain> prev_layer_labels) {
  LabelHasher h(replica_id);
  return label_node(h, layer, node, parents, layer_labels, prev_layer_labels);
}

std::vector<std::vector<Domain>> label_all_layers(const StackedGraph& graph, const Domain& replica_id,
                                                  uint32_t layers) {
  if (graph.nodes() > kMaxHostLabelNodes)
    throw Error("SDR label: " + std::to_string(graph.nodes()) + " nodes is above the host labelling limit of 2^24");
  if (layers == 0 || layers > kMaxLabelLayers)
    throw Error("SDR label: layers " + std::to_string(layers) + " is outside [1, " +
                std::to_string(kMaxLabelLayers) + "]");
  const std::vector<uint32_t> cache = build_parent_cache(graph);
  const auto nodes = size_t(graph.nodes());
  std::vector<std::vector<Domain>> labels(layers, std::vector<Domain>(nodes));
  LabelHasher h(replica_id);
  for (uint32_t layer = 1; layer <= layers; ++layer) {
    std::span<Domain> current = labels[layer - 1];
    std::span<const Domain> previous = layer > 1 ? std::span<const Domain>(labels[layer - 2]) : std::span<const Domain>();
    for (size_t node = 0; node < nodes; ++node)
      current[node] = label_node(h, layer, node,
                                   std::span<const uint32_t, kDegree>(cache.data() + node * kDegree, kDegree),
                                   current, previous);
  }
  return labels;
}

Fr encode(const Domain& key, const Domain& data) { return fr_of(key, "SDR key") + fr_of(data, "sector data node"); }

Domain encode_node(const Domain& key, const Domain& data) { return domain_of(encode(key, data)); }

Domain decode_node(const Domain& key, const Domain& replica) {
  return domain_of(fr_of(replica, "replica node") - fr_of(key, "SDR key"));
}

}  // namespace cuzk::filecoin
