#include "filecoin/registry/update_proof.hpp"

#include <array>
#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr std::array<std::string_view, 5> kNames = {"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1",
                                                     "StackedDrg32GiBV1", "StackedDrg64GiBV1"};

const std::array<UpdateProofInfo, 5>& table() {
  static const std::array<UpdateProofInfo, 5> t = [] {
    std::array<UpdateProofInfo, 5> out{};
    const auto sizes = published_sector_sizes();
    for (size_t id = 0; id < out.size(); ++id) {
      const SectorParams& s = sizes[id];
      out[id] = {RegisteredUpdateProof(id), kNames[id], s.sector_size, ApiVersion::kV1_1_0, s.update_partitions,
                 s.update_challenges_per_partition, s.update_h, s.update_apex_leaves};
    }
    return out;
  }();
  return t;
}

}  // namespace

std::span<const UpdateProofInfo> all_update_proofs() { return table(); }

const UpdateProofInfo& update_proof_info(RegisteredUpdateProof proof) {
  return table()[size_t(update_proof_from_id(uint64_t(proof)))];
}

RegisteredUpdateProof update_proof_from_id(uint64_t id) {
  if (id >= table().size()) throw Error("RegisteredUpdateProof: unknown id " + std::to_string(id) + " (known: 0-4)");
  return RegisteredUpdateProof(id);
}

RegisteredUpdateProof update_proof_from_name(std::string_view name) {
  for (const auto& p : table())
    if (p.name == name) return p.proof;
  throw Error("RegisteredUpdateProof: unknown name '" + std::string(name) + "'");
}

Domain porep_id(RegisteredUpdateProof proof) {
  const uint64_t id = uint64_t(update_proof_from_id(uint64_t(proof)));
  Domain d{};  // bytes 8-15 hold the nonce, 0 for every type
  for (int i = 0; i < 8; ++i) d[size_t(i)] = uint8_t(id >> (8 * i));
  return d;
}

}  // namespace cuzk::filecoin
