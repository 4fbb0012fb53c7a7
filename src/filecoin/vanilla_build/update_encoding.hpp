// The SnapDeals (empty sector update) encoding, storage-proofs-update
// vanilla.rs, for every representation of a sector:
//   phi       = Poseidon-2 Custom(1) (comm_d_new, comm_r_old)
//   rho(high) = Poseidon-2 Custom(1) (phi, high), high = the h high bits of a node index
//   new replica[i] = sector key[i] + data[i] * rho(i >> (log2(nodes) - h)), in Fr
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

Domain update_phi(const Domain& comm_d_new, const Domain& comm_r_old);
Fr update_rho(const Domain& phi, uint64_t high);
// rho for every value of the h high bits, index = high.
std::vector<Fr> update_rhos(const Domain& phi, size_t h);
// How far a node index is shifted right to leave its h high bits. Error
// unless sector_nodes is a power of two of at least h bits.
uint32_t update_high_shift(uint64_t sector_nodes, size_t h);

// One node of the new replica; DecodeError naming a non-canonical input.
Domain encode_update_node(const Domain& sector_key_node, const Domain& data_node, const Fr& rho);

}  // namespace cuzk::filecoin
