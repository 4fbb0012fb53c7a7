// SnapDeals (EmptySectorUpdate) public inputs, storage-proofs-update
// circuit.rs PublicInputs::to_vec: for partition k of a sector of n nodes,
//   [k | h_select << log2(partition_count(n)), comm_r_old, comm_d_new, comm_r_new]
// with h_select = 1 << (position of h in hs(n)); verification uses
// h = h_default(n) = hs(n)[3] (constants.rs, registry/update_params.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

struct SnapPublicValues {
  Domain comm_r_old, comm_d_new, comm_r_new;
};

// Partition k's inputs. Error for a node count EmptySectorUpdate does not
// allow, k out of range or h not in hs(n); DecodeError naming the commitment
// that is zero or not a field element.
std::vector<Fr> snap_public_inputs(uint64_t sector_nodes, size_t k, size_t h, const SnapPublicValues& v);

// Every partition's inputs with h_default, as the verifier builds them.
std::vector<std::vector<Fr>> snap_public_inputs_all(uint64_t sector_nodes, const SnapPublicValues& v);

}  // namespace cuzk::filecoin
