// RegisteredUpdateProof: the 5 registered SnapDeals (EmptySectorUpdate)
// proof types, ids 0-4 as go-state-types / Curio / the FFI number them, names
// as rust-filecoin-proofs-api serialises them ("StackedDrg32GiBV1" etc., the
// same spelling as the V1 seal proofs). All are API 1.1; their porep_id is
// u64_le(id) || u64_le(0) || 16 zero bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "filecoin/api_version.hpp"
#include "filecoin/domain.hpp"
#include "filecoin/registry/sector_params.hpp"

namespace cuzk::filecoin {

enum class RegisteredUpdateProof : uint64_t {
  kStackedDrg2KiBV1 = 0,
  kStackedDrg8MiBV1 = 1,
  kStackedDrg512MiBV1 = 2,
  kStackedDrg32GiBV1 = 3,
  kStackedDrg64GiBV1 = 4,
};

struct UpdateProofInfo {
  RegisteredUpdateProof proof;
  std::string_view name;
  uint64_t sector_size;
  ApiVersion api_version;
  size_t partitions;                // 1 / 4 / 16 / 16 / 16
  size_t challenges_per_partition;  // 10 / 10 / 86 / 86 / 86
  size_t h;                         // 1 / 10 / 10 / 10 / 10
  size_t apex_leaves;               // 8 / 128 / 128 / 128 / 128

  uint64_t id() const { return uint64_t(proof); }
  uint64_t sector_nodes() const { return sector_size / kNodeSize; }
};

std::span<const UpdateProofInfo> all_update_proofs();
const UpdateProofInfo& update_proof_info(RegisteredUpdateProof proof);
// Error naming the value when no proof type has it.
RegisteredUpdateProof update_proof_from_id(uint64_t id);
RegisteredUpdateProof update_proof_from_name(std::string_view name);
Domain porep_id(RegisteredUpdateProof proof);

}  // namespace cuzk::filecoin
