// SnapDeals (EmptySectorUpdate) challenges (storage-proofs-update
// challenges.rs). Partition k of P draws challenge_count(nodes) challenges,
// each log2(nodes) - log2(P) random bits with k above them, so they all fall
// in the k-th P-th of the sector. The bits come from Poseidon digests
//   digest_d = Poseidon-2(comm_r_new, d)   (neptune HashType::Custom(Arbitrary(1)): domain tag 2^40)
// read little-endian, floor(254 / bits) challenges per digest, digests
// numbered across partitions: partition k starts at
// k * ceil(challenge_count / challenges_per_digest).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

// sector_nodes: any size rust allows (registry/update_params.hpp), Error
// otherwise or when partition >= the partition count; comm_r_new must be a
// canonical Fr representation (DecodeError).
std::vector<uint32_t> update_challenges(uint64_t sector_nodes, const Domain& comm_r_new, size_t partition);

// EmptySectorUpdate-Poseidon (one partition): partitions x challenge_count
// challenges of log2(nodes) bits each, digests from 0.
std::vector<uint32_t> update_poseidon_challenges(uint64_t sector_nodes, const Domain& comm_r_new);

}  // namespace cuzk::filecoin
