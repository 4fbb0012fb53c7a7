#include "filecoin/sparse_sector/sparse_plan.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"

namespace cuzk::filecoin {

namespace {

VanillaSealProofKind vanilla_kind_of(uint64_t sector_size) {
  for (auto kind : {VanillaSealProofKind::k2KiB, VanillaSealProofKind::k8MiB, VanillaSealProofKind::k512MiB,
                    VanillaSealProofKind::k32GiB, VanillaSealProofKind::k64GiB})
    if (vanilla_seal_proof_sector_size(kind) == sector_size) return kind;
  throw Error("sparse sector: no VanillaSealProof variant for sector size " + std::to_string(sector_size));
}

const char* challenge_kind_name(PoRepChallengeKind k) {
  switch (k) {
    case PoRepChallengeKind::kInteractive: return "interactive";
    case PoRepChallengeKind::kSynthetic: return "synthetic";
    case PoRepChallengeKind::kNonInteractive: return "non-interactive";
  }
  return "?";
}

}  // namespace

std::string post_proof_name(RegisteredPoStProof proof) { return std::string(post_proof_info(proof).name); }

std::vector<uint64_t> sparse_post_leaves(RegisteredPoStProof proof, uint64_t sector_size, const Domain& randomness,
                                         uint64_t sector_id, uint64_t sector_index) {
  const PoStProofInfo& p = post_proof_info(proof);
  if (p.sector_size != sector_size)
    throw Error("sparse sector: " + std::string(p.name) + " proves " + sector_size_name(p.sector_size) +
                " sectors, not " + std::to_string(sector_size) + " bytes");
  if (p.type == PoStType::kWinning && sector_index != 0)
    throw Error("sparse sector: " + std::string(p.name) + " proves one sector, at index 0 (got " +
                std::to_string(sector_index) + ")");
  return post_vanilla_challenges(proof, randomness, sector_id, sector_index);
}

SparseSealPlan plan_sparse_seal(const SparseSealRequest& request) {
  const SealProofInfo& info = seal_proof_info(request.proof);
  if (info.challenge_kind != PoRepChallengeKind::kInteractive)
    throw Error("sparse sector: " + std::string(info.name) + " draws " + challenge_kind_name(info.challenge_kind) +
                " challenges from comm_r, which a sparse sector's labelled nodes determine; only interactive "
                "types (V1, V1_1) have a sparse sector");
  const SectorParams& sector = info.sector();
  SparseSealPlan plan;
  plan.spec = SparseSectorSpec{info.sector_size, uint32_t(sector.layers), porep_id(request.proof), info.api_version};
  plan.registered_proof = std::string(info.name);
  plan.vanilla_kind = vanilla_kind_of(info.sector_size);
  plan.partitions = info.partitions;
  plan.challenges_per_partition = info.challenges_per_partition;
  plan.comm_d = zero_piece_commitment(info.sector_size);
  plan.replica_id = replica_id(request.proof, request.prover_id, request.sector_id, request.ticket, plan.comm_d);
  // comm_r only feeds the synthetic and non-interactive derivations refused above.
  const Domain unused_comm_r{};
  plan.challenges.reserve(info.partitions);
  for (size_t k = 0; k < info.partitions; ++k)
    plan.challenges.push_back(
        porep_partition_challenges(request.proof, plan.replica_id, request.seed, unused_comm_r, k));
  for (const SparsePoStTarget& t : request.post_targets) {
    auto leaves = sparse_post_leaves(t.proof, info.sector_size, t.randomness, request.sector_id, t.sector_index);
    plan.post_leaves.insert(plan.post_leaves.end(), leaves.begin(), leaves.end());
  }
  return plan;
}

std::vector<std::vector<uint64_t>> rederive_porep_challenges(const SealCommitPhase1Output& c1) {
  const RegisteredSealProof proof = seal_proof_from_name(c1.registered_proof);
  const SealProofInfo& info = seal_proof_info(proof);
  std::vector<std::vector<uint64_t>> out;
  for (size_t k = 0; k < info.partitions; ++k)
    out.push_back(porep_partition_challenges(proof, c1.replica_id, c1.seed, c1.comm_r, k));
  return out;
}

}  // namespace cuzk::filecoin
