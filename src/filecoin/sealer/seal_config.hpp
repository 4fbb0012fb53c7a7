// What sealing a sector needs besides its data: the sector size, the SDR
// layer count and the graph's porep_id and API version; from a registered
// seal proof type, or chosen freely for the test sizes rust-fil-proofs
// allows (4, 16, 32 KiB, ...) that no registered type names.
#pragma once
#include <cstdint>
#include <string>

#include "filecoin/api_version.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/sdr/porep_id.hpp"

namespace cuzk::filecoin {

struct SealConfig {
  uint64_t sector_size = 0;  // bytes; a size tree_r_shape knows, at most 2^24 nodes
  uint32_t layers = 2;       // 2 (Poseidon-2 columns) or 11 (Poseidon-11), as rust's column hash allows
  PorepId porep_id{};
  ApiVersion api_version = ApiVersion::kV1_1_0;

  uint64_t nodes() const { return sector_size / 32; }
  // Error naming the fault: unknown tree shape, more nodes than host
  // labelling holds, or a layer count with no column hash.
  void validate() const;
};

// The registered type's size, layers, porep_id and API version.
SealConfig seal_config(RegisteredSealProof proof);

}  // namespace cuzk::filecoin
