// Checks a PoRep C1 output (SealCommitPhase1Output) before the C2 SNARK,
// deciding as rust-fil-proofs does: filecoin-proofs api/seal.rs
// seal_commit_phase2 (its input checks, and verify_seal on the proof it
// makes, which recomputes replica_id and the public inputs), storage-proofs-
// porep stacked/vanilla proof_scheme.rs verify_all_partitions and params.rs
// Proof::verify (column_proof.rs, labeling_proof.rs, encoding_proof.rs), and
// the circuit (stacked/circuit/params.rs Proof::synthesize), which labels
// each challenged node from its parents' columns and encodes it.
//
// Per challenge: tree D opens the challenge under comm_d; tree R opens it
// under comm_r_last; tree C opens the challenge's column and the columns of
// its 6 DRG and 8 expander parents (the graph's, in order) under comm_c;
// every layer's label is the SHA-256 label of the node from those columns
// and is the challenge column's row; the labeling and encoding proofs are
// those labels' preimages; the replica leaf is the data leaf plus the last
// label. Notes (never refusals): a column's `index` field that is not the
// node it opens (Rust never reads it), labeling proofs beyond the layers, a
// Merkle proof variant other than the tree's (Rust reads the flattened path).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "filecoin/domain.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"
#include "filecoin/vanilla_check/vanilla_check_result.hpp"

namespace cuzk::filecoin {

// What the caller knows besides the C1 output; each given value must match.
struct PoRepExpect {
  // Both given: replica_id must be generate_replica_id(prover_id, sector_id,
  // ticket, comm_d, porep_id), as verify_seal recomputes it.
  std::optional<Domain> prover_id = std::nullopt;
  std::optional<uint64_t> sector_id = std::nullopt;
  std::optional<Domain> comm_r = std::nullopt;
  std::optional<Domain> comm_d = std::nullopt;
  std::optional<Domain> seed = std::nullopt;
  std::optional<Domain> ticket = std::nullopt;
  std::optional<RegisteredSealProof> proof = std::nullopt;
};

VanillaCheck check_seal_commit_phase1(const SealCommitPhase1Output& c1, const PoRepExpect& expect = {});

// From the C1 output's JSON; a document that does not decode is refused
// with the decoder's reason.
VanillaCheck check_seal_commit_phase1_json(std::string_view json, const PoRepExpect& expect = {});

// From Curio's C2 input ({"SectorNum","Phase1Out","SectorSize"}): the C1
// output inside; sector_id defaults to SectorNum.
VanillaCheck check_c2_input_json(std::string_view wrapper_json, PoRepExpect expect = {});

}  // namespace cuzk::filecoin
