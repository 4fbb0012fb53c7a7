#include "filecoin/registry/sector_params.hpp"

#include "core/error.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin {

namespace {

constexpr uint64_t kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;

SectorParams make(uint64_t size, size_t layers, TreeArities tree, size_t porep_partitions, size_t porep_min,
                  size_t ni_partitions, size_t ni_min, size_t window_sectors) {
  const uint64_t nodes = size / kNodeSize;
  return {size,
          nodes,
          layers,
          tree,
          porep_partitions,
          porep_min,
          ni_partitions,
          ni_min,
          window_sectors,
          update_partition_count(nodes),
          update_challenge_count(nodes),
          update_apex_leaf_count(nodes),
          update_h_default(nodes)};
}

const std::array<SectorParams, 5>& table() {
  static const std::array<SectorParams, 5> t = {
      make(2 * kKiB, 2, {8, 0, 0}, 1, 2, 13, 26, 2),
      make(8 * kMiB, 2, {8, 0, 0}, 1, 2, 13, 26, 2),
      make(512 * kMiB, 2, {8, 0, 0}, 1, 2, 13, 26, 2),
      make(32 * kGiB, 11, {8, 8, 0}, 10, 176, 126, 2253, 2349),
      make(64 * kGiB, 11, {8, 8, 2}, 10, 176, 126, 2253, 2300),
  };
  return t;
}

}  // namespace

std::string TreeArities::arities() const {
  return std::to_string(base) + "-" + std::to_string(sub) + "-" + std::to_string(top);
}

std::span<const SectorParams> published_sector_sizes() { return table(); }

const SectorParams& sector_params(uint64_t sector_size) {
  for (const auto& p : table())
    if (p.sector_size == sector_size) return p;
  throw Error("sector size " + std::to_string(sector_size) +
              " bytes is not a published Filecoin size (2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB)");
}

std::string sector_size_name(uint64_t sector_size) {
  const SectorParams& p = sector_params(sector_size);
  if (p.sector_size >= kGiB) return std::to_string(p.sector_size / kGiB) + "GiB";
  if (p.sector_size >= kMiB) return std::to_string(p.sector_size / kMiB) + "MiB";
  return std::to_string(p.sector_size / kKiB) + "KiB";
}

size_t porep_challenges_per_partition(const SectorParams& p, bool non_interactive) {
  const size_t minimum = non_interactive ? p.ni_porep_minimum_challenges : p.porep_minimum_challenges;
  const size_t partitions = non_interactive ? p.ni_porep_partitions : p.porep_partitions;
  const size_t per = (minimum + partitions - 1) / partitions;
  if (per > kMaxChallengesPerPartition)
    throw Error("PoRep: " + std::to_string(per) + " challenges per partition exceed the circuit's 18");
  return per;
}

}  // namespace cuzk::filecoin
