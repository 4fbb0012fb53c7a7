// The FallbackPoSt circuit of one partition, built as storage-proofs-post's
// FallbackPoStCompound builds it (fallback/compound.rs circuit and
// blank_circuit, filecoin-proofs post_util.rs partition_vanilla_proofs):
// from a registered PoSt proof's circuit shape, the proof's public sectors and
// the partition's vanilla sector proofs, or blank. A partition with fewer
// sectors than the circuit holds repeats its last sector (proof and public
// values), as the Rust pads; the public inputs the circuit then allocates
// are fallback_post_public_inputs(public_input_shape(config), ...).
#pragma once
#include <cstddef>
#include <span>

#include "filecoin/circuits/fallback_post.hpp"
#include "filecoin/public_inputs/post_public_inputs.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"

namespace cuzk::filecoin {

// fallback::PublicParams as the circuit sees it.
struct FallbackPoStConfig {
  TreeShape tree;              // tree R; leaves = sector nodes
  size_t sector_count = 0;     // sectors per partition circuit
  size_t challenge_count = 0;  // challenges per circuit sector
  ApiVersion api_version = ApiVersion::kV1_2_0;
};

// The circuit view of a registered proof: tree_r_shape(sector size), Window
// 2 / 2349 / 2300 sectors x 10 challenges, Winning 66 sectors x 1 challenge.
FallbackPoStConfig fallback_post_config(RegisteredPoStProof proof);

// The shape the public-input generator takes for this config.
FallbackPostShape public_input_shape(const FallbackPoStConfig& config);

// blank_circuit: sector_count sectors of challenge_count blank paths. Error
// when a count is zero or the tree is not one the PoR circuit walks.
FallbackPoStCircuit fallback_post_blank_circuit(const FallbackPoStConfig& config);

// FallbackPoStCompound::circuit for partition k: `sectors` are the proof's
// public sectors in proof order (chunk k = sectors [k * sector_count, ...)),
// `partition_proofs` the partition's SectorProofs, one per sector of the
// chunk, at most sector_count (fewer: the last repeated). Error when k has no
// sectors, the proofs are fewer than the chunk's sectors or more than
// sector_count, or a proof's challenge count or path shape differs from the
// config; DecodeError when a value is not a field element.
FallbackPoStCircuit fallback_post_circuit(const FallbackPoStConfig& config, std::span<const PostSector> sectors,
                                          std::span<const SectorProof> partition_proofs, size_t k);

// WindowPoSt partition k from the per-sector vanilla proofs (Curio's
// FallbackPoStSectorProofs, any order): sectors ordered by id as
// window_post_public_inputs orders them, each contributing its SectorProofs.
// Error for a repeated sector id or a proof type that is not Window.
FallbackPoStCircuit window_post_circuit(const FallbackPoStConfig& config,
                                        std::span<const FallbackPoStSectorProof> proofs, size_t k);
FallbackPoStCircuit window_post_circuit(RegisteredPoStProof proof, std::span<const FallbackPoStSectorProof> proofs,
                                        size_t k);

// WinningPoSt: the one sector's inclusion proofs (66) unrolled into as many
// one-challenge circuit sectors (single_partition_vanilla_proofs). Error
// unless the proof holds one SectorProof with the config's sector_count
// inclusion proofs, or for a proof type that is not Winning.
FallbackPoStCircuit winning_post_circuit(RegisteredPoStProof proof, const FallbackPoStSectorProof& sector_proof);

}  // namespace cuzk::filecoin
