// RegisteredSealProof: the 20 registered PoRep proof types, numbered as
// go-state-types / Curio / the FFI number them, named as
// rust-filecoin-proofs-api serialises them (src/registry.rs):
//   0-4   StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1                       API 1.0, interactive
//   5-9   StackedDrg...V1_1                                                 API 1.1, interactive
//   10-14 StackedDrg...V1_1_Feat_SyntheticPoRep                             API 1.2, synthetic
//   15-19 StackedDrg...V1_2_Feat_NonInteractivePoRep                        API 1.2, non-interactive
// porep_id = u64_le(id) || u64_le(nonce 0) || 16 zero bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "filecoin/api_version.hpp"
#include "filecoin/domain.hpp"
#include "filecoin/registry/sector_params.hpp"

namespace cuzk::filecoin {

enum class RegisteredSealProof : uint64_t {
  kStackedDrg2KiBV1 = 0,
  kStackedDrg8MiBV1 = 1,
  kStackedDrg512MiBV1 = 2,
  kStackedDrg32GiBV1 = 3,
  kStackedDrg64GiBV1 = 4,
  kStackedDrg2KiBV1_1 = 5,
  kStackedDrg8MiBV1_1 = 6,
  kStackedDrg512MiBV1_1 = 7,
  kStackedDrg32GiBV1_1 = 8,
  kStackedDrg64GiBV1_1 = 9,
  kStackedDrg2KiBV1_1_Feat_SyntheticPoRep = 10,
  kStackedDrg8MiBV1_1_Feat_SyntheticPoRep = 11,
  kStackedDrg512MiBV1_1_Feat_SyntheticPoRep = 12,
  kStackedDrg32GiBV1_1_Feat_SyntheticPoRep = 13,
  kStackedDrg64GiBV1_1_Feat_SyntheticPoRep = 14,
  kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep = 15,
  kStackedDrg8MiBV1_2_Feat_NonInteractivePoRep = 16,
  kStackedDrg512MiBV1_2_Feat_NonInteractivePoRep = 17,
  kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep = 18,
  kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep = 19,
};

// How a proof type draws its PoRep challenges (challenges/porep_challenges.hpp).
enum class PoRepChallengeKind { kInteractive, kSynthetic, kNonInteractive };

struct SealProofInfo {
  RegisteredSealProof proof;
  std::string_view name;  // serde name, e.g. "StackedDrg32GiBV1_1"
  uint64_t sector_size;
  ApiVersion api_version;
  PoRepChallengeKind challenge_kind;
  size_t partitions;                // 1 / 10 interactive and synthetic; 13 / 126 non-interactive
  size_t minimum_challenges;        // 2 / 176; 26 / 2253
  size_t challenges_per_partition;  // 2 / 18 (also for non-interactive)

  uint64_t id() const { return uint64_t(proof); }
  const SectorParams& sector() const { return sector_params(sector_size); }
};

// All 20, by id.
std::span<const SealProofInfo> all_seal_proofs();
const SealProofInfo& seal_proof_info(RegisteredSealProof proof);
// Error naming the value when no proof type has it.
RegisteredSealProof seal_proof_from_id(uint64_t id);
RegisteredSealProof seal_proof_from_name(std::string_view name);
Domain porep_id(RegisteredSealProof proof);

}  // namespace cuzk::filecoin
