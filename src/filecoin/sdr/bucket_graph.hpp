// SDR's base graph: the DRG "bucket sampling" graph of degree 6
// (storage-proofs-core drgraph.rs, BucketGraph). Each node's parents come
// from ChaCha8Rng seeded with drg_seed(porep_id) || node u32 LE; the ApiVersion
// decides whether the immediate predecessor is the last (1.0.0) or the
// first (1.1.0, 1.2.0) parent.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "filecoin/api_version.hpp"
#include "filecoin/sdr/porep_id.hpp"

namespace cuzk::filecoin {

inline constexpr size_t kBaseDegree = 6;
// The largest graph: 2^31 nodes (64 GiB sectors); node indexes are u32.
inline constexpr uint64_t kMaxGraphNodes = uint64_t(1) << 31;

using DrgSeed = std::array<uint8_t, 28>;

// The first 28 bytes of SHA-256("Filecoin_DRSample" || porep_id).
DrgSeed derive_drg_seed(const PorepId& porep_id);

class BucketGraph {
 public:
  // Error unless 1 <= nodes <= kMaxGraphNodes.
  BucketGraph(uint64_t nodes, const PorepId& porep_id, ApiVersion api_version);

  // The 6 DRG parents of `node` (< nodes(); Error otherwise), in rust's order.
  // Nodes 0 and 1 have all-zero parents.
  void parents(uint64_t node, std::span<uint32_t, kBaseDegree> out) const;

  uint64_t nodes() const { return nodes_; }
  ApiVersion api_version() const { return api_version_; }
  const DrgSeed& seed() const { return seed_; }
  // rust's ParameterSetMetadata::identifier with the Poseidon hasher:
  // "drgraph::BucketGraph{size: N; degree: 6; hasher: poseidon_hasher}".
  std::string identifier() const;

 private:
  uint64_t nodes_;
  ApiVersion api_version_;
  DrgSeed seed_;
};

}  // namespace cuzk::filecoin
