// Proof-of-Spacetime public inputs (storage-proofs-post fallback/compound.rs
// generate_public_inputs; filecoin-proofs api/{window,winning}_post.rs).
// Partition k of a FallbackPoSt circuit holding sectors_per_partition sectors
// and challenges_per_sector challenges each takes, for each sector of chunk k
// (the sector at position s = k * sectors_per_partition + i over the proof):
//   comm_r, then per challenge n the challenged leaf index (the packed
//   inclusion-path bits, por.rs: one Fr holding the index), the leaf drawn
//   from SHA-256(randomness || sector_id || challenge_index(s, n));
// a chunk with fewer sectors repeats its last sector's inputs.
// WindowPoSt orders sectors by id (rust's BTreeMap) and needs
// ceil(sectors / sectors_per_partition) partitions; WinningPoSt proves one
// sector as a circuit of 66 one-challenge sectors (the sector repeated, its
// i-th copy taking challenge index i under API 1.0.0).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/api_version.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

struct PostSector {
  uint64_t sector_id = 0;
  Domain comm_r{};
};

// The FallbackPoSt circuit's shape, as the vanilla setup parameters give it.
struct FallbackPostShape {
  uint64_t sector_nodes = 0;  // sector size / 32
  size_t sectors_per_partition = 0;
  size_t challenges_per_sector = 0;
  ApiVersion api_version = ApiVersion::kV1_2_0;
};

// Partition k's inputs for `sectors` in the given order. Error when the shape
// has a zero count, or k has no sectors; DecodeError naming the value when
// the randomness or a comm_r is not a field element.
std::vector<Fr> fallback_post_public_inputs(const FallbackPostShape& shape, const Domain& randomness,
                                            std::span<const PostSector> sectors, size_t k);

// ceil(sectors / sectors_per_partition), at least 1 (rust's None = 1).
size_t window_post_partition_count(size_t sectors, size_t sectors_per_partition);

// Every partition's inputs; sectors sorted by id first. Error when the set is
// empty or holds a sector id twice.
std::vector<std::vector<Fr>> window_post_public_inputs(const FallbackPostShape& shape, const Domain& randomness,
                                                       std::vector<PostSector> sectors);

// WinningPoSt: `challenge_count` (66) challenges of the one sector, under the
// registered proof's API version (1.0.0 for every Winning type).
std::vector<Fr> winning_post_public_inputs(uint64_t sector_nodes, size_t challenge_count, ApiVersion api_version,
                                           const Domain& randomness, const PostSector& sector);

}  // namespace cuzk::filecoin
