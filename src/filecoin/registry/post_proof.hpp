// RegisteredPoStProof: the 15 registered PoSt proof types, numbered as
// go-state-types / Curio / the FFI number them, named as
// rust-filecoin-proofs-api serialises them (src/registry.rs):
//   0-4   StackedDrgWinning{2KiB,8MiB,512MiB,32GiB,64GiB}V1   API 1.0
//   5-9   StackedDrgWindow...V1                               API 1.0
//   10-14 StackedDrgWindow...V1_2                             API 1.2 (Go calls these "V1_1")
// Winning PoSt proves 66 challenges of 1 sector; its circuit sees them as 66
// one-challenge sectors (filecoin-proofs parameters.rs winning_post_setup_params).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "filecoin/api_version.hpp"
#include "filecoin/registry/sector_params.hpp"

namespace cuzk::filecoin {

enum class RegisteredPoStProof : uint64_t {
  kStackedDrgWinning2KiBV1 = 0,
  kStackedDrgWinning8MiBV1 = 1,
  kStackedDrgWinning512MiBV1 = 2,
  kStackedDrgWinning32GiBV1 = 3,
  kStackedDrgWinning64GiBV1 = 4,
  kStackedDrgWindow2KiBV1 = 5,
  kStackedDrgWindow8MiBV1 = 6,
  kStackedDrgWindow512MiBV1 = 7,
  kStackedDrgWindow32GiBV1 = 8,
  kStackedDrgWindow64GiBV1 = 9,
  kStackedDrgWindow2KiBV1_2 = 10,
  kStackedDrgWindow8MiBV1_2 = 11,
  kStackedDrgWindow512MiBV1_2 = 12,
  kStackedDrgWindow32GiBV1_2 = 13,
  kStackedDrgWindow64GiBV1_2 = 14,
};

enum class PoStType { kWinning, kWindow };

struct PoStProofInfo {
  RegisteredPoStProof proof;
  std::string_view name;  // serde name, e.g. "StackedDrgWindow32GiBV1_2"
  PoStType type;
  uint64_t sector_size;
  ApiVersion api_version;
  // The proof as the API states it: sectors per partition and challenges per
  // sector (Winning 1 x 66; Window 2 / 2349 / 2300 x 10).
  size_t sector_count;
  size_t challenge_count;
  // The circuit's view (what its parameters are generated for): Winning 66 x 1.
  size_t circuit_sector_count;
  size_t circuit_challenge_count;

  uint64_t id() const { return uint64_t(proof); }
  uint64_t sector_nodes() const { return sector_size / kNodeSize; }
};

std::span<const PoStProofInfo> all_post_proofs();
const PoStProofInfo& post_proof_info(RegisteredPoStProof proof);
// Error naming the value when no proof type has it.
RegisteredPoStProof post_proof_from_id(uint64_t id);
RegisteredPoStProof post_proof_from_name(std::string_view name);

// WindowPoSt partitions for a number of sectors: ceil(n / sector_count)
// (filecoin-proofs post_util.rs get_partitions_for_window_post); 1 for Winning.
size_t post_partitions(RegisteredPoStProof proof, size_t total_sectors);

}  // namespace cuzk::filecoin
