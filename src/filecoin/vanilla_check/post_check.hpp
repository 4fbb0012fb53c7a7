// Checks FallbackPoSt vanilla proofs (Winning and Window) before proving,
// deciding as rust-fil-proofs does when it proves from vanilla proofs
// (filecoin-proofs api/window_post.rs generate_single_window_post_with_vanilla,
// api/winning_post.rs generate_winning_post_with_vanilla, api/post_util.rs
// single_partition_vanilla_proofs; storage-proofs-post fallback/vanilla.rs
// verify) and as the circuit's public inputs demand (fallback/compound.rs):
//  - Window: the partition's circuit slots are the listed sectors' sector
//    proofs (each sector's first proof by id), padded with copies of the last;
//    the vanilla verifier checks the slots of listed sectors, the circuit
//    every slot against the public inputs, padded ones repeating the last
//    sector's;
//  - Winning: the one sector's 66 inclusion proofs become 66 one-challenge
//    slots, slot i opening the leaf of challenge index i; Rust's vanilla
//    verifier checks slot 0 only, the circuit checks them all but reads no
//    inclusion proof's `root` field and only an index's low bits there, so
//    such anomalies in slots 1..65 are notes, not refusals.
// Public sectors default to the proofs' own (sector_id, comm_r), as Rust's
// *_with_vanilla functions take them; pass the chain's to check against those.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"
#include "filecoin/vanilla_check/vanilla_check_result.hpp"

namespace cuzk::filecoin {

struct PoStSector {
  uint64_t sector_id = 0;
  Domain comm_r{};
};

struct PoStPublic {
  RegisteredPoStProof proof = RegisteredPoStProof::kStackedDrgWindow32GiBV1_2;
  // Must be a canonical Fr representation (Lotus and Curio clear the top two
  // bits of the chain randomness).
  Domain randomness{};
  // Must be canonical when given; it enters no public input of the circuit.
  std::optional<Domain> prover_id = std::nullopt;
};

// One WindowPoSt partition: the vanilla proofs of its 1..sector_count sectors
// in proving order. `sectors`, when not empty, are the chain's: the proofs
// must be for exactly these, in this order.
VanillaCheck check_window_post_partition(const PoStPublic& pub, size_t partition_index,
                                         std::span<const FallbackPoStSectorProof> proofs,
                                         std::span<const PoStSector> sectors = {});

// WinningPoSt: exactly one vanilla proof; `sector`, when given, is the
// challenged sector the chain knows.
VanillaCheck check_winning_post(const PoStPublic& pub, std::span<const FallbackPoStSectorProof> proofs,
                                const std::optional<PoStSector>& sector = std::nullopt);

// One sector's vanilla proof on its own, as generate_single_vanilla_proof
// makes it (exactly one SectorProof): Winning as check_winning_post; Window
// as the sector at position `sector_index` of the whole proof (partition *
// sector_count + position in the partition; it changes the challenges of
// the API 1.0 types only).
VanillaCheck check_post_sector_proof(const PoStPublic& pub, const FallbackPoStSectorProof& proof,
                                     const std::optional<PoStSector>& sector = std::nullopt, uint64_t sector_index = 0);

// The same from bincode bytes (what Curio sends); a proof that does not
// decode is refused with the decoder's reason.
VanillaCheck check_window_post_partition_bytes(const PoStPublic& pub, size_t partition_index,
                                               std::span<const std::vector<uint8_t>> proofs,
                                               std::span<const PoStSector> sectors = {});
VanillaCheck check_winning_post_bytes(const PoStPublic& pub, std::span<const std::vector<uint8_t>> proofs,
                                      const std::optional<PoStSector>& sector = std::nullopt);
VanillaCheck check_post_sector_proof_bytes(const PoStPublic& pub, std::span<const uint8_t> proof,
                                           const std::optional<PoStSector>& sector = std::nullopt,
                                           uint64_t sector_index = 0);

}  // namespace cuzk::filecoin
