// What a sector size and proof type fix for a sparse sector's content
// (sparse_sector.hpp); kept apart so that registry-side code can name it
// without the Merkle headers.
#pragma once
#include <cstdint>

#include "filecoin/api_version.hpp"
#include "filecoin/sdr/porep_id.hpp"

namespace cuzk::filecoin {

struct SparseSectorSpec {
  uint64_t sector_size = 0;  // bytes; a size tree_r_shape accepts, at most 64 GiB
  uint32_t layers = 0;       // SDR layers: 2 (TreeC Poseidon-2) or 11 (Poseidon-11)
  PorepId porep_id{};
  ApiVersion api_version = ApiVersion::kV1_1_0;
};

}  // namespace cuzk::filecoin
