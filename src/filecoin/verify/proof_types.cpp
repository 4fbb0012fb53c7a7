#include "filecoin/verify/proof_types.hpp"

#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

FilecoinProofType porep_proof_type(RegisteredSealProof proof) {
  const auto& info = seal_proof_info(proof);
  FilecoinProofType t;
  t.name = std::string(info.name);
  t.registered = proof;
  t.kind = FilecoinProofKind::kPoRep;
  t.porep = porep_shape(proof);
  t.sector_nodes = t.porep.sector_nodes;
  return t;
}

FilecoinProofType post_proof_type(RegisteredPoStProof proof) {
  const auto& info = post_proof_info(proof);
  FilecoinProofType t;
  t.name = std::string(info.name);
  t.registered = proof;
  t.kind = info.type == PoStType::kWinning ? FilecoinProofKind::kWinningPoSt : FilecoinProofKind::kWindowPoSt;
  t.sector_nodes = info.sector_nodes();
  t.post = {t.sector_nodes, info.circuit_sector_count, info.circuit_challenge_count, info.api_version};
  if (info.type == PoStType::kWinning) t.winning_challenges = info.sector_count * info.challenge_count;
  return t;
}

FilecoinProofType snap_proof_type(RegisteredUpdateProof proof) {
  const auto& info = update_proof_info(proof);
  FilecoinProofType t;
  t.name = std::string(kUpdateTypePrefix) + std::string(info.name);
  t.registered = proof;
  t.kind = FilecoinProofKind::kSnapDeals;
  t.sector_nodes = info.sector_nodes();
  return t;
}

FilecoinProofType filecoin_proof_type(std::string_view name) {
  if (name.starts_with(kUpdateTypePrefix)) {
    const auto rest = name.substr(kUpdateTypePrefix.size());
    for (const auto& u : all_update_proofs())
      if (u.name == rest) return snap_proof_type(u.proof);
  } else {
    for (const auto& s : all_seal_proofs())
      if (s.name == name) return porep_proof_type(s.proof);
    for (const auto& p : all_post_proofs())
      if (p.name == name) return post_proof_type(p.proof);
  }
  throw Error("unknown proof type '" + std::string(name) +
              "' (a registered seal or PoSt proof name, e.g. StackedDrg32GiBV1_1 or StackedDrgWindow32GiBV1_2, or "
              "update: and an update proof name, e.g. update:StackedDrg32GiBV1)");
}

}  // namespace cuzk::filecoin
