// The output of PoRep commit phase 1 (rust-filecoin-proofs-api seal.rs
// SealCommitPhase1Output), the input of phase 2 (the SNARK), and Curio's
// envelope around it for cuzk (lib/ffi/cuzk_funcs.go c1OutputWrapper).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/vanilla/stacked_proof.hpp"

namespace cuzk::filecoin {

// The variant of the API's VanillaSealProof enum: one per production sector
// shape, named "StackedDrg<size>V1" whatever the proof's version.
enum class VanillaSealProofKind : uint8_t { k2KiB, k8MiB, k512MiB, k32GiB, k64GiB };

std::string_view vanilla_seal_proof_name(VanillaSealProofKind kind);  // "StackedDrg32GiBV1"
std::optional<VanillaSealProofKind> vanilla_seal_proof_kind(std::string_view name);
uint64_t vanilla_seal_proof_sector_size(VanillaSealProofKind kind);  // bytes

struct SealCommitPhase1Output {
  // RegisteredSealProof by its serde name, e.g. "StackedDrg32GiBV1_1"; it
  // names the same sector size as vanilla_proofs_kind.
  std::string registered_proof;
  VanillaSealProofKind vanilla_proofs_kind = VanillaSealProofKind::k2KiB;
  std::vector<std::vector<StackedProof>> vanilla_proofs;  // [partition][challenge]
  Domain comm_r{};
  Domain comm_d{};
  Domain replica_id{};
  Domain seed{};
  Domain ticket{};
  friend bool operator==(const SealCommitPhase1Output&, const SealCommitPhase1Output&) = default;
};

// What Curio sends cuzk for a PoRep C2: the C1 output's JSON text, carried
// base64-encoded in Phase1Out.
struct C1OutputWrapper {
  uint64_t sector_num = 0;  // SectorNum
  std::string phase1_out;   // the decoded bytes of Phase1Out: SealCommitPhase1Output as JSON
  uint64_t sector_size = 0;  // SectorSize, bytes
  friend bool operator==(const C1OutputWrapper&, const C1OutputWrapper&) = default;
};

}  // namespace cuzk::filecoin
