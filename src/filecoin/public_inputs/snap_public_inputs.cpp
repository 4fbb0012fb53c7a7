#include "filecoin/public_inputs/snap_public_inputs.hpp"

#include <bit>
#include <string>

#include "core/error.hpp"
#include "filecoin/public_inputs/commitment.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin {

std::vector<Fr> snap_public_inputs(uint64_t n, size_t k, size_t h, const SnapPublicValues& v) {
  const size_t partitions = update_partition_count(n);
  if (k >= partitions)
    throw Error("SnapDeals: partition " + std::to_string(k) + " out of range (" + std::to_string(partitions) +
                " partitions for " + std::to_string(n) + " nodes)");
  const int partition_bits = std::countr_zero(uint64_t(partitions));
  const uint64_t k_and_h_select = uint64_t(k) | (update_h_select(n, h) << partition_bits);
  return {Fr::from_u64(k_and_h_select), nonzero_commitment(v.comm_r_old, "comm_r_old"),
          nonzero_commitment(v.comm_d_new, "comm_d_new"), nonzero_commitment(v.comm_r_new, "comm_r_new")};
}

std::vector<std::vector<Fr>> snap_public_inputs_all(uint64_t n, const SnapPublicValues& v) {
  const size_t partitions = update_partition_count(n);
  const size_t h = update_h_default(n);
  std::vector<std::vector<Fr>> out;
  out.reserve(partitions);
  for (size_t k = 0; k < partitions; ++k) out.push_back(snap_public_inputs(n, k, h, v));
  return out;
}

}  // namespace cuzk::filecoin
