#include "filecoin/registry/post_proof.hpp"

#include <array>
#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr std::array<std::string_view, 15> kNames = {
    "StackedDrgWinning2KiBV1",   "StackedDrgWinning8MiBV1",   "StackedDrgWinning512MiBV1",
    "StackedDrgWinning32GiBV1",  "StackedDrgWinning64GiBV1",  "StackedDrgWindow2KiBV1",
    "StackedDrgWindow8MiBV1",    "StackedDrgWindow512MiBV1",  "StackedDrgWindow32GiBV1",
    "StackedDrgWindow64GiBV1",   "StackedDrgWindow2KiBV1_2",  "StackedDrgWindow8MiBV1_2",
    "StackedDrgWindow512MiBV1_2", "StackedDrgWindow32GiBV1_2", "StackedDrgWindow64GiBV1_2",
};

const std::array<PoStProofInfo, 15>& table() {
  static const std::array<PoStProofInfo, 15> t = [] {
    std::array<PoStProofInfo, 15> out{};
    const auto sizes = published_sector_sizes();
    for (size_t id = 0; id < out.size(); ++id) {
      const SectorParams& s = sizes[id % 5];
      PoStProofInfo& p = out[id];
      p.proof = RegisteredPoStProof(id);
      p.name = kNames[id];
      p.sector_size = s.sector_size;
      p.api_version = id < 10 ? ApiVersion::kV1_0_0 : ApiVersion::kV1_2_0;
      if (id < 5) {
        p.type = PoStType::kWinning;
        p.sector_count = kWinningPostSectorCount;
        p.challenge_count = kWinningPostChallengeCount;
        // param_sector_count = challenge_count / sector_count, then
        // param_challenge_count = challenge_count / param_sector_count.
        p.circuit_sector_count = p.challenge_count / p.sector_count;
        p.circuit_challenge_count = p.challenge_count / p.circuit_sector_count;
      } else {
        p.type = PoStType::kWindow;
        p.sector_count = p.circuit_sector_count = s.window_post_sector_count;
        p.challenge_count = p.circuit_challenge_count = kWindowPostChallengeCount;
      }
    }
    return out;
  }();
  return t;
}

}  // namespace

std::span<const PoStProofInfo> all_post_proofs() { return table(); }

const PoStProofInfo& post_proof_info(RegisteredPoStProof proof) {
  return table()[size_t(post_proof_from_id(uint64_t(proof)))];
}

RegisteredPoStProof post_proof_from_id(uint64_t id) {
  if (id >= table().size()) throw Error("RegisteredPoStProof: unknown id " + std::to_string(id) + " (known: 0-14)");
  return RegisteredPoStProof(id);
}

RegisteredPoStProof post_proof_from_name(std::string_view name) {
  for (const auto& p : table())
    if (p.name == name) return p.proof;
  throw Error("RegisteredPoStProof: unknown name '" + std::string(name) + "'");
}

size_t post_partitions(RegisteredPoStProof proof, size_t total_sectors) {
  const PoStProofInfo& p = post_proof_info(proof);
  if (p.type == PoStType::kWinning) return 1;
  if (total_sectors == 0) throw Error("PoSt: no sectors to partition");
  return (total_sectors + p.sector_count - 1) / p.sector_count;
}

}  // namespace cuzk::filecoin
