#include "filecoin/challenges/replica_id.hpp"

#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

Domain replica_id(const Domain& prover_id, uint64_t sector_id, const Domain& ticket, const Domain& comm_d,
                  const Domain& porep_id) {
  uint8_t sector_be[8];
  for (int i = 0; i < 8; ++i) sector_be[i] = uint8_t(sector_id >> (8 * (7 - i)));
  Sha256 h;
  h.update(prover_id).update(sector_be, 8).update(ticket).update(comm_d).update(porep_id);
  return trunc254(h.finish());
}

}  // namespace cuzk::filecoin
