// SealCommitPhase1Output as serde_json writes it (rust-filecoin-proofs-api
// seal.rs; Curio's Go mirror lib/proof/porep_vproof_types.go):
//   {"registered_proof":"StackedDrg32GiBV1_1",
//    "vanilla_proofs":{"StackedDrg32GiBV1":[[Proof,...],...]},
//    "comm_r":D,"comm_d":D,"replica_id":D,"seed":D,"ticket":D}
//   Proof = {"comm_d_proofs":MerkleProof,"comm_r_last_proof":MerkleProof,
//            "replica_column_proofs":{"c_x":CP,"drg_parents":[CP,...],"exp_parents":[CP,...]},
//            "labeling_proofs":[{"parents":[D,...],"layer_index":u32,"node":u64},...],
//            "encoding_proof":{"parents":[D,...],"layer_index":u32,"node":u64}}
//   CP = {"column":{"index":u32,"rows":[D,...],"_h":null},"inclusion_proof":MerkleProof}
// Members may come in any order (Go writes them sorted); every one is
// required, none other is allowed. The writer emits serde_json's compact form
// in the Rust declaration order.
#pragma once
#include <string>
#include <string_view>

#include "filecoin/formats/json_reader.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin {

// DecodeError naming the source and the field, e.g.
// "c1.json: vanilla_proofs.StackedDrg32GiBV1[3][17].replica_column_proofs.drg_parents[2].inclusion_proof...".
// registered_proof must name the sector size of the vanilla_proofs variant.
SealCommitPhase1Output read_seal_commit_phase1_json(std::string_view text,
                                                    const std::string& source = "C1 output");
// cuzk::Error when registered_proof names another sector size than the
// variant, or a MerkleProof holds a path its kind has no field for.
std::string write_seal_commit_phase1_json(const SealCommitPhase1Output& c1);

// One challenge's proof, for documents that embed it.
StackedProof read_stacked_proof_json(JsonReader& r);
void write_stacked_proof_json(std::string& out, const StackedProof& p);

}  // namespace cuzk::filecoin
