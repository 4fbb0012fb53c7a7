// The prover id of a miner actor as Lotus and Curio pass it to
// rust-filecoin-proofs-api: the payload of the actor's ID address (the id as
// an unsigned LEB128 varint) left-aligned in 32 zero bytes.
#pragma once
#include <cstdint>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

Domain prover_id_of_actor(uint64_t actor_id);

}  // namespace cuzk::filecoin
