#include "filecoin/public_inputs/snap_public_inputs.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/error.hpp"
#include "filecoin/public_inputs/commitment.hpp"

namespace cuzk::filecoin {

namespace {

constexpr uint64_t kAllowedNodes[] = {uint64_t(1) << 5,  uint64_t(1) << 6,  uint64_t(1) << 7,  uint64_t(1) << 8,
                                      uint64_t(1) << 9,  uint64_t(1) << 10, uint64_t(1) << 18, uint64_t(1) << 19,
                                      uint64_t(1) << 24, uint64_t(1) << 30, uint64_t(1) << 31};

void check_nodes(uint64_t n) {
  if (std::find(std::begin(kAllowedNodes), std::end(kAllowedNodes), n) == std::end(kAllowedNodes))
    throw Error("SnapDeals: " + std::to_string(n) + " nodes (" + std::to_string(n * 32) +
                " bytes) is not a sector size storage-proofs-update allows");
}

}  // namespace

size_t snap_partition_count(uint64_t n) {
  check_nodes(n);
  if (n <= (uint64_t(1) << 8)) return 1;
  if (n <= (uint64_t(1) << 10)) return 2;
  if (n <= (uint64_t(1) << 19)) return 4;
  return 16;
}

size_t snap_challenge_count(uint64_t n) {
  check_nodes(n);
  return n <= (uint64_t(1) << 19) ? 10 : 86;
}

std::array<size_t, 6> snap_hs(uint64_t n) {
  check_nodes(n);
  if (n <= (uint64_t(1) << 10)) return {1, 1, 1, 1, 1, 1};
  return {7, 8, 9, 10, 11, 12};
}

size_t snap_h_default(uint64_t n) { return snap_hs(n)[3]; }

std::vector<Fr> snap_public_inputs(uint64_t n, size_t k, size_t h, const SnapPublicValues& v) {
  const size_t partitions = snap_partition_count(n);
  if (k >= partitions)
    throw Error("SnapDeals: partition " + std::to_string(k) + " out of range (" + std::to_string(partitions) +
                " partitions for " + std::to_string(n) + " nodes)");
  const auto hs = snap_hs(n);
  const auto at = std::find(hs.begin(), hs.end(), h);
  if (at == hs.end()) throw Error("SnapDeals: h = " + std::to_string(h) + " is not allowed for this sector size");
  const uint64_t h_select = uint64_t(1) << (at - hs.begin());
  const int partition_bits = std::countr_zero(uint64_t(partitions));
  const uint64_t k_and_h_select = uint64_t(k) | (h_select << partition_bits);
  return {Fr::from_u64(k_and_h_select), nonzero_commitment(v.comm_r_old, "comm_r_old"),
          nonzero_commitment(v.comm_d_new, "comm_d_new"), nonzero_commitment(v.comm_r_new, "comm_r_new")};
}

std::vector<std::vector<Fr>> snap_public_inputs_all(uint64_t n, const SnapPublicValues& v) {
  const size_t partitions = snap_partition_count(n);
  const size_t h = snap_h_default(n);
  std::vector<std::vector<Fr>> out;
  out.reserve(partitions);
  for (size_t k = 0; k < partitions; ++k) out.push_back(snap_public_inputs(n, k, h, v));
  return out;
}

}  // namespace cuzk::filecoin
