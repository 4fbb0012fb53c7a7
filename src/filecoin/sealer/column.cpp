#include "filecoin/sealer/column.hpp"

#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/hash/poseidon.hpp"

namespace cuzk::filecoin {

Column column_of(std::span<const std::vector<Domain>> labels, uint64_t node) {
  if (node > UINT32_MAX) throw Error("column: node " + std::to_string(node) + " does not fit a u32 column index");
  Column c;
  c.index = uint32_t(node);
  c.rows.reserve(labels.size());
  for (size_t l = 0; l < labels.size(); ++l) {
    if (node >= labels[l].size())
      throw Error("column: node " + std::to_string(node) + " beyond layer " + std::to_string(l + 1) + " (" +
                  std::to_string(labels[l].size()) + " nodes)");
    c.rows.push_back(labels[l][node]);
  }
  return c;
}

std::vector<Domain> tree_c_leaves(std::span<const std::vector<Domain>> labels) {
  if (labels.empty()) throw Error("tree C: no layers");
  const size_t nodes = labels[0].size();
  for (const auto& layer : labels)
    if (layer.size() != nodes) throw Error("tree C: layers of different node counts");
  if (labels.size() != 2 && labels.size() != 11)
    throw Error("tree C: " + std::to_string(labels.size()) + " layers; rust hashes columns of 2 or 11 only");
  std::vector<Domain> leaves(nodes);
  parallel_for(nodes, 256, [&](size_t begin, size_t end) {
    std::vector<Domain> rows(labels.size());
    for (size_t i = begin; i < end; ++i) {
      for (size_t l = 0; l < labels.size(); ++l) rows[l] = labels[l][i];
      leaves[i] = poseidon_hash(rows);
    }
  });
  return leaves;
}

}  // namespace cuzk::filecoin
