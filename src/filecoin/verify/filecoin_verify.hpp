// Groth16 verification of Filecoin proofs from their public values: the
// public inputs are generated here (filecoin/public_inputs/) the way
// rust-fil-proofs' verifiers generate them, then each partition's 192-byte
// proof is checked against the verifying key. The proof bytes are what the
// Filecoin APIs return: PoRep = partitions x 192 (10 for 32/64 GiB), WindowPoSt
// = one proof per partition, WinningPoSt = 192, SnapDeals = partitions x 192.
// Contract: a wrong-sized or undecodable proof, a value that is not a field
// element, a key whose input count does not fit the statement throw
// (cuzk::Error / DecodeError naming the value); only a well-formed proof
// that fails the pairing check returns valid = false.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/public_inputs/porep_public_inputs.hpp"
#include "filecoin/public_inputs/post_public_inputs.hpp"
#include "filecoin/public_inputs/snap_public_inputs.hpp"
#include "filecoin/verify/partition_proofs.hpp"

namespace cuzk::filecoin {

// Non-interactive PoRep: the per-partition proofs (what
// seal_commit_phase2_circuit_proofs returns); SnarkPack aggregates are
// refused with an Error saying so.
VerifyResult verify_porep(const PorepShape& shape, const PorepPublicValues& values, const PreparedVerifyingKey& pvk,
                          std::span<const uint8_t> proof);

VerifyResult verify_window_post(const FallbackPostShape& shape, const Domain& randomness,
                                std::vector<PostSector> sectors, const PreparedVerifyingKey& pvk,
                                std::span<const uint8_t> proof);

VerifyResult verify_winning_post(uint64_t sector_nodes, size_t challenge_count, ApiVersion api_version,
                                 const Domain& randomness, const PostSector& sector, const PreparedVerifyingKey& pvk,
                                 std::span<const uint8_t> proof);

VerifyResult verify_snap(uint64_t sector_nodes, const SnapPublicValues& values, const PreparedVerifyingKey& pvk,
                         std::span<const uint8_t> proof);

}  // namespace cuzk::filecoin
