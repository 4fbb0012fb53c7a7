#include "filecoin/sdr/bucket_graph.hpp"

#include <algorithm>
#include <bit>

#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/sdr/chacha.hpp"

namespace cuzk::filecoin {

DrgSeed derive_drg_seed(const PorepId& porep_id) {
  static constexpr char kTag[] = "Filecoin_DRSample";
  Digest d = Sha256().update(kTag, sizeof(kTag) - 1).update(porep_id).finish();
  DrgSeed seed{};
  std::copy_n(d.begin(), seed.size(), seed.begin());
  return seed;
}

BucketGraph::BucketGraph(uint64_t nodes, const PorepId& porep_id, ApiVersion api_version)
    : nodes_(nodes), api_version_(api_version), seed_(derive_drg_seed(porep_id)) {
  if (nodes == 0 || nodes > kMaxGraphNodes)
    throw Error("SDR graph: nodes " + std::to_string(nodes) + " is outside [1, 2^31]");
}

std::string BucketGraph::identifier() const {
  return "drgraph::BucketGraph{size: " + std::to_string(nodes_) + "; degree: " + std::to_string(kBaseDegree) +
         "; hasher: poseidon_hasher}";
}

void BucketGraph::parents(uint64_t node, std::span<uint32_t, kBaseDegree> out) const {
  if (node >= nodes_)
    throw Error("SDR graph: node " + std::to_string(node) + " is not below " + std::to_string(nodes_));
  if (node < 2) {
    std::fill(out.begin(), out.end(), 0u);
    return;
  }
  const auto n32 = uint32_t(node);
  ChaChaKey key{};
  for (size_t w = 0; w < 7; ++w)
    key[w] = uint32_t(seed_[4 * w]) | uint32_t(seed_[4 * w + 1]) << 8 | uint32_t(seed_[4 * w + 2]) << 16 |
             uint32_t(seed_[4 * w + 3]) << 24;
  key[7] = n32;
  // 5 parents draw two u64 each: 20 words, from the first two blocks.
  const std::array<ChaChaBlock, 2> blocks = chacha_block_pair<8>(key, 0);
  size_t word = 0;
  auto next_u64 = [&]() {
    auto at = [&](size_t i) { return uint64_t(blocks[i / 16][i % 16]); };
    uint64_t v = at(word) | at(word + 1) << 32;
    word += 2;
    return v;
  };

  constexpr uint64_t m_prime = kBaseDegree - 1;
  const uint64_t metagraph_node = node * m_prime;
  // ceil(log2(metagraph_node)), which rust takes through f64 (exact here:
  // metagraph_node >= 10 is never a power of two and far below 2^53).
  const auto n_buckets = uint64_t(std::bit_width(metagraph_node - 1));

  const bool predecessor_first = api_version_ != ApiVersion::kV1_0_0;
  uint32_t* drg = out.data() + (predecessor_first ? 1 : 0);
  for (size_t k = 0; k < m_prime; ++k) {
    const uint64_t bucket_index = next_u64() % n_buckets + 1;
    const uint64_t largest = std::min(metagraph_node, uint64_t(1) << bucket_index);
    const uint64_t smallest = std::max<uint64_t>(2, largest >> 1);
    const uint64_t distance = smallest + next_u64() % (largest - smallest + 1);
    const auto mapped = uint32_t((metagraph_node - distance) / m_prime);
    drg[k] = mapped == n32 ? n32 - 1 : mapped;
  }
  out[predecessor_first ? 0 : m_prime] = n32 - 1;
}

}  // namespace cuzk::filecoin
