#include "filecoin/registry/seal_proof.hpp"

#include <array>
#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr std::array<std::string_view, 20> kNames = {
    "StackedDrg2KiBV1",
    "StackedDrg8MiBV1",
    "StackedDrg512MiBV1",
    "StackedDrg32GiBV1",
    "StackedDrg64GiBV1",
    "StackedDrg2KiBV1_1",
    "StackedDrg8MiBV1_1",
    "StackedDrg512MiBV1_1",
    "StackedDrg32GiBV1_1",
    "StackedDrg64GiBV1_1",
    "StackedDrg2KiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg8MiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg512MiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg32GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg64GiBV1_1_Feat_SyntheticPoRep",
    "StackedDrg2KiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg8MiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg512MiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg32GiBV1_2_Feat_NonInteractivePoRep",
    "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep",
};

const std::array<SealProofInfo, 20>& table() {
  static const std::array<SealProofInfo, 20> t = [] {
    std::array<SealProofInfo, 20> out{};
    const auto sizes = published_sector_sizes();
    for (size_t id = 0; id < out.size(); ++id) {
      const SectorParams& s = sizes[id % 5];
      const size_t family = id / 5;  // V1, V1_1, synthetic, non-interactive
      const bool ni = family == 3;
      SealProofInfo& p = out[id];
      p.proof = RegisteredSealProof(id);
      p.name = kNames[id];
      p.sector_size = s.sector_size;
      // The synthetic types say V1_1 in their name but are API 1.2 (registry.rs).
      p.api_version = family == 0 ? ApiVersion::kV1_0_0 : family == 1 ? ApiVersion::kV1_1_0 : ApiVersion::kV1_2_0;
      p.challenge_kind = family == 2 ? PoRepChallengeKind::kSynthetic
                         : ni        ? PoRepChallengeKind::kNonInteractive
                                     : PoRepChallengeKind::kInteractive;
      p.partitions = ni ? s.ni_porep_partitions : s.porep_partitions;
      p.minimum_challenges = ni ? s.ni_porep_minimum_challenges : s.porep_minimum_challenges;
      p.challenges_per_partition = porep_challenges_per_partition(s, ni);
    }
    return out;
  }();
  return t;
}

}  // namespace

std::span<const SealProofInfo> all_seal_proofs() { return table(); }

const SealProofInfo& seal_proof_info(RegisteredSealProof proof) {
  return table()[size_t(seal_proof_from_id(uint64_t(proof)))];
}

RegisteredSealProof seal_proof_from_id(uint64_t id) {
  if (id >= table().size())
    throw Error("RegisteredSealProof: unknown id " + std::to_string(id) + " (known: 0-19)");
  return RegisteredSealProof(id);
}

RegisteredSealProof seal_proof_from_name(std::string_view name) {
  for (const auto& p : table())
    if (p.name == name) return p.proof;
  throw Error("RegisteredSealProof: unknown name '" + std::string(name) + "'");
}

Domain porep_id(RegisteredSealProof proof) {
  const uint64_t id = uint64_t(seal_proof_from_id(uint64_t(proof)));
  const uint64_t nonce = 0;  // registry.rs: no proof type has changed its nonce
  Domain d{};
  for (int i = 0; i < 8; ++i) {
    d[size_t(i)] = uint8_t(id >> (8 * i));
    d[size_t(8 + i)] = uint8_t(nonce >> (8 * i));
  }
  return d;
}

}  // namespace cuzk::filecoin
