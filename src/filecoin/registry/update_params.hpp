// SnapDeals (EmptySectorUpdate) sizing by sector nodes (storage-proofs-update
// constants.rs), for every size rust allows, test sizes included: 2^5, 2^6,
// 2^7, 2^8, 2^9, 2^10 (1-32 KiB), 2^18, 2^19, 2^24, 2^30, 2^31 nodes.
// Each function throws Error naming the node count for any other size.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

bool is_update_sector_nodes(uint64_t sector_nodes);
// 1 up to 8 KiB, 2 up to 32 KiB, 4 up to 16 MiB, 16 above.
size_t update_partition_count(uint64_t sector_nodes);
// 10 up to 16 MiB, 86 above.
size_t update_challenge_count(uint64_t sector_nodes);
// The single-partition EmptySectorUpdate-Poseidon variant: partitions x challenges.
size_t update_poseidon_challenge_count(uint64_t sector_nodes);
// The six h values the circuit accepts: all 1 up to 32 KiB, else 7..12.
std::array<size_t, 6> update_hs(uint64_t sector_nodes);
size_t update_h_default(uint64_t sector_nodes);  // hs[3]
// 2^(index of h in hs); Error when h is not one of them.
uint64_t update_h_select(uint64_t sector_nodes, size_t h);
// 8 up to 8 KiB, 128 above.
size_t update_apex_leaf_count(uint64_t sector_nodes);

}  // namespace cuzk::filecoin
