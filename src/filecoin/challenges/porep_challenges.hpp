// The node challenges of one PoRep partition (storage-proofs-porep
// stacked/vanilla/challenges.rs). Challenge i of partition k has global index
// j = challenges_per_partition * k + i (u32) and is
//   interactive:      (LE(SHA-256(replica_id || seed || u32_le(j))) mod (nodes - 1)) + 1
//   non-interactive:  (LE(SHA-256("filecoin.io|PoRep|1|NonInteractive|1" || replica_id || comm_r || u32_le(j)))
//                      mod (nodes - 1)) + 1
// so a challenge is never node 0. Synthetic PoRep draws its challenges from
// a precomputed set instead (synthetic_challenges.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

// Error when sector_nodes is outside [2, 2^32), the partition index does not
// fit rust's u8, or a global index would overflow u32.
std::vector<uint64_t> interactive_porep_challenges(uint64_t sector_nodes, const Domain& replica_id,
                                                   const Domain& seed, size_t challenges_per_partition,
                                                   size_t partition);

std::vector<uint64_t> non_interactive_porep_challenges(uint64_t sector_nodes, const Domain& replica_id,
                                                       const Domain& comm_r, size_t challenges_per_partition,
                                                       size_t partition);

}  // namespace cuzk::filecoin
