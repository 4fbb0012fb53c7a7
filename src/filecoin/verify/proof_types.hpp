// The registered proof types (filecoin/registry/) as verify_filecoin_proof
// takes them. Names are rust-filecoin-proofs-api's: seal proofs
// ("StackedDrg32GiBV1_1", "..._Feat_SyntheticPoRep", "..._Feat_NonInteractivePoRep"),
// PoSt proofs ("StackedDrgWindow32GiBV1_2", "StackedDrgWinning32GiBV1");
// SnapDeals types are written "update:" + the update proof's name
// ("update:StackedDrg32GiBV1"), as their names are also seal-proof names.
#pragma once
#include <string_view>

#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/verify/verify_filecoin_proof.hpp"

namespace cuzk::filecoin {

inline constexpr std::string_view kUpdateTypePrefix = "update:";

FilecoinProofType porep_proof_type(RegisteredSealProof proof);
FilecoinProofType post_proof_type(RegisteredPoStProof proof);
FilecoinProofType snap_proof_type(RegisteredUpdateProof proof);

// Error naming `name` when no registered type has it.
FilecoinProofType filecoin_proof_type(std::string_view name);

}  // namespace cuzk::filecoin
