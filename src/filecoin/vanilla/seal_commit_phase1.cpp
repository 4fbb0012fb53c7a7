#include "filecoin/vanilla/seal_commit_phase1.hpp"

#include <array>

namespace cuzk::filecoin {

namespace {

struct KindInfo {
  VanillaSealProofKind kind;
  std::string_view name;
  uint64_t sector_size;
};

constexpr std::array<KindInfo, 5> kKinds{{
    {VanillaSealProofKind::k2KiB, "StackedDrg2KiBV1", uint64_t(2) << 10},
    {VanillaSealProofKind::k8MiB, "StackedDrg8MiBV1", uint64_t(8) << 20},
    {VanillaSealProofKind::k512MiB, "StackedDrg512MiBV1", uint64_t(512) << 20},
    {VanillaSealProofKind::k32GiB, "StackedDrg32GiBV1", uint64_t(32) << 30},
    {VanillaSealProofKind::k64GiB, "StackedDrg64GiBV1", uint64_t(64) << 30},
}};

const KindInfo& info(VanillaSealProofKind kind) { return kKinds.at(size_t(kind)); }

}  // namespace

std::string_view vanilla_seal_proof_name(VanillaSealProofKind kind) { return info(kind).name; }

uint64_t vanilla_seal_proof_sector_size(VanillaSealProofKind kind) { return info(kind).sector_size; }

std::optional<VanillaSealProofKind> vanilla_seal_proof_kind(std::string_view name) {
  for (const auto& k : kKinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

}  // namespace cuzk::filecoin
