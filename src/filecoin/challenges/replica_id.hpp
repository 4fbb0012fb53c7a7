// replica_id: the per-sector value that SDR labelling and PoRep challenges
// start from (storage-proofs-porep stacked/vanilla/params.rs
// generate_replica_id): trunc254(SHA-256(prover_id || sector_id as u64
// BIG-endian || ticket || comm_d || porep_id)).
#pragma once
#include <cstdint>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

// All four 32-byte inputs are hashed as given (no field check); the result is
// always a canonical Fr representation.
Domain replica_id(const Domain& prover_id, uint64_t sector_id, const Domain& ticket, const Domain& comm_d,
                  const Domain& porep_id);

}  // namespace cuzk::filecoin
