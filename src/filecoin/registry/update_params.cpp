#include "filecoin/registry/update_params.hpp"

#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr uint64_t k8KiB = 1 << 8, k32KiB = 1 << 10, k16MiB = 1 << 19;

uint64_t checked(uint64_t sector_nodes) {
  if (!is_update_sector_nodes(sector_nodes))
    throw Error("SnapDeals: " + std::to_string(sector_nodes) +
                " sector nodes is not a size EmptySectorUpdate supports");
  return sector_nodes;
}

}  // namespace

bool is_update_sector_nodes(uint64_t n) {
  for (int log2 : {5, 6, 7, 8, 9, 10, 18, 19, 24, 30, 31})
    if (n == uint64_t(1) << log2) return true;
  return false;
}

size_t update_partition_count(uint64_t sector_nodes) {
  const uint64_t n = checked(sector_nodes);
  if (n <= k8KiB) return 1;
  if (n <= k32KiB) return 2;
  if (n <= k16MiB) return 4;
  return 16;
}

size_t update_challenge_count(uint64_t sector_nodes) { return checked(sector_nodes) <= k16MiB ? 10 : 86; }

size_t update_poseidon_challenge_count(uint64_t sector_nodes) {
  return update_challenge_count(sector_nodes) * update_partition_count(sector_nodes);
}

std::array<size_t, 6> update_hs(uint64_t sector_nodes) {
  if (checked(sector_nodes) <= k32KiB) return {1, 1, 1, 1, 1, 1};
  return {7, 8, 9, 10, 11, 12};
}

size_t update_h_default(uint64_t sector_nodes) { return update_hs(sector_nodes)[3]; }

uint64_t update_h_select(uint64_t sector_nodes, size_t h) {
  const auto hs = update_hs(sector_nodes);
  for (size_t i = 0; i < hs.size(); ++i)
    if (hs[i] == h) return uint64_t(1) << i;
  throw Error("SnapDeals: h = " + std::to_string(h) + " is not allowed for " + std::to_string(sector_nodes) +
              " sector nodes");
}

size_t update_apex_leaf_count(uint64_t sector_nodes) { return checked(sector_nodes) <= k8KiB ? 8 : 128; }

}  // namespace cuzk::filecoin
