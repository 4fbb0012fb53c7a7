#include "filecoin/vanilla_build/update_encoding.hpp"

#include <array>
#include <bit>
#include <string>

#include "core/error.hpp"
#include "filecoin/hash/poseidon.hpp"

namespace cuzk::filecoin {

Domain update_phi(const Domain& comm_d_new, const Domain& comm_r_old) {
  const std::array<Domain, 2> pre{comm_d_new, comm_r_old};
  return poseidon_hash(pre, 2, snapdeals_randomness_hash_type());
}

Fr update_rho(const Domain& phi, uint64_t high) {
  const std::array<Fr, 2> pre{fr_of(phi, "phi"), Fr::from_u64(high)};
  return poseidon_hash(pre, 2, snapdeals_randomness_hash_type());
}

std::vector<Fr> update_rhos(const Domain& phi, size_t h) {
  if (h >= 32) throw Error("SnapDeals: h " + std::to_string(h) + " is too large");
  std::vector<Fr> rhos(size_t(1) << h);
  for (size_t high = 0; high < rhos.size(); ++high) rhos[high] = update_rho(phi, high);
  return rhos;
}

uint32_t update_high_shift(uint64_t sector_nodes, size_t h) {
  if (!std::has_single_bit(sector_nodes))
    throw Error("SnapDeals: node count " + std::to_string(sector_nodes) + " is not a power of two");
  const uint32_t bits = uint32_t(std::countr_zero(sector_nodes));
  if (h > bits)
    throw Error("SnapDeals: h " + std::to_string(h) + " exceeds the " + std::to_string(bits) + " index bits");
  return bits - uint32_t(h);
}

Domain encode_update_node(const Domain& sector_key_node, const Domain& data_node, const Fr& rho) {
  return domain_of(fr_of(sector_key_node, "sector key node") + fr_of(data_node, "SnapDeals data node") * rho);
}

}  // namespace cuzk::filecoin
