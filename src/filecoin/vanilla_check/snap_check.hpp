// Checks SnapDeals (EmptySectorUpdate) partition proofs before proving,
// deciding as rust-fil-proofs does: storage-proofs-update vanilla.rs verify
// and verify_all_partitions (apex tree, comm_r_old/new from comm_c and the
// roots of challenge 0, per challenge the three openings, the encoding
// label_r_new = label_r_old + label_d_new * rho with phi = H(comm_d_new,
// comm_r_old), rho = H(phi, high h bits of the node)), with h = hs[3] (the h
// of filecoin-proofs' SectorUpdateConfig, of the prover and of the chain),
// and the circuit (circuit.rs), which also demands that the apex leaves with
// the partition's path (taken from challenge 0's TreeD proof, the same in
// every challenge) hash to comm_d_new and that each challenge's TreeD path
// reaches its apex leaf. A Merkle proof variant other than the tree's is a
// note (Rust reads the flattened path).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"
#include "filecoin/vanilla_check/vanilla_check_result.hpp"

namespace cuzk::filecoin {

struct SnapPublic {
  RegisteredUpdateProof proof = RegisteredUpdateProof::kStackedDrg32GiBV1;
  Domain comm_r_old{};  // the sector key's comm_r
  Domain comm_r_new{};
  Domain comm_d_new{};
};

// One partition's proof.
VanillaCheck check_snap_partition(const SnapPublic& pub, size_t partition, const SnapPartitionProof& proof);

// Every partition, in order (their number must be the type's partition count).
VanillaCheck check_snap_partitions(const SnapPublic& pub, std::span<const SnapPartitionProof> proofs);

// The same from bincode bytes (Curio's per-partition vanilla proofs); a proof
// that does not decode is refused with the decoder's reason.
VanillaCheck check_snap_partition_bytes(const SnapPublic& pub, size_t partition, std::span<const uint8_t> proof);
VanillaCheck check_snap_partitions_bytes(const SnapPublic& pub, std::span<const std::vector<uint8_t>> proofs);

}  // namespace cuzk::filecoin
