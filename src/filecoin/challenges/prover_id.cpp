#include "filecoin/challenges/prover_id.hpp"

namespace cuzk::filecoin {

Domain prover_id_of_actor(uint64_t actor_id) {
  Domain d{};
  size_t i = 0;
  do {
    uint8_t b = actor_id & 0x7f;
    actor_id >>= 7;
    if (actor_id) b |= 0x80;
    d[i++] = b;
  } while (actor_id);
  return d;
}

}  // namespace cuzk::filecoin
