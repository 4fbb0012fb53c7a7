#include "filecoin/challenges/registered_challenges.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/challenges/synthetic_challenges.hpp"
#include "filecoin/challenges/update_challenges.hpp"

namespace cuzk::filecoin {

Domain replica_id(RegisteredSealProof proof, const Domain& prover_id, uint64_t sector_id, const Domain& ticket,
                  const Domain& comm_d) {
  return replica_id(prover_id, sector_id, ticket, comm_d, porep_id(proof));
}

std::vector<uint64_t> porep_partition_challenges(RegisteredSealProof proof, const Domain& replica_id,
                                                 const Domain& seed, const Domain& comm_r, size_t partition) {
  const SealProofInfo& p = seal_proof_info(proof);
  if (partition >= p.partitions)
    throw Error(std::string(p.name) + ": partition " + std::to_string(partition) + " >= " +
                std::to_string(p.partitions) + " partitions");
  const uint64_t nodes = p.sector().nodes;
  switch (p.challenge_kind) {
    case PoRepChallengeKind::kInteractive:
      return interactive_porep_challenges(nodes, replica_id, seed, p.challenges_per_partition, partition);
    case PoRepChallengeKind::kSynthetic:
      return SyntheticChallenges(nodes, replica_id, comm_r)
          .porep_challenges(seed, p.challenges_per_partition, partition);
    case PoRepChallengeKind::kNonInteractive:
      return non_interactive_porep_challenges(nodes, replica_id, comm_r, p.challenges_per_partition, partition);
  }
  throw Error("PoRep: unknown challenge kind");
}

std::vector<uint64_t> post_vanilla_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                              uint64_t sector_id, uint64_t sector_index) {
  const PoStProofInfo& p = post_proof_info(proof);
  return post_sector_leaf_challenges(p.sector_nodes(), p.api_version, randomness, sector_id, sector_index,
                                     p.challenge_count);
}

std::vector<std::vector<uint64_t>> post_circuit_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                           std::span<const uint64_t> sector_ids,
                                                           size_t partition_index) {
  const PoStProofInfo& p = post_proof_info(proof);
  std::vector<std::vector<uint64_t>> rows;
  rows.reserve(p.circuit_sector_count);
  if (p.type == PoStType::kWinning) {
    if (sector_ids.size() != p.sector_count || partition_index != 0)
      throw Error(std::string(p.name) + ": Winning PoSt proves exactly one sector in partition 0 (got " +
                  std::to_string(sector_ids.size()) + " sectors, partition " + std::to_string(partition_index) + ")");
    for (uint64_t leaf : post_vanilla_challenges(proof, randomness, sector_ids[0], 0)) rows.push_back({leaf});
    return rows;
  }
  if (sector_ids.empty() || sector_ids.size() > p.sector_count)
    throw Error(std::string(p.name) + ": a partition holds 1 to " + std::to_string(p.sector_count) +
                " sectors, got " + std::to_string(sector_ids.size()));
  for (size_t i = 0; i < sector_ids.size(); ++i)
    rows.push_back(
        post_vanilla_challenges(proof, randomness, sector_ids[i], uint64_t(partition_index) * p.sector_count + i));
  while (rows.size() < p.circuit_sector_count) rows.push_back(rows.back());
  return rows;
}

std::vector<uint64_t> winning_post_sector_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                     uint64_t sector_set_size, const Domain& prover_id) {
  const PoStProofInfo& p = post_proof_info(proof);
  if (p.type != PoStType::kWinning) throw Error(std::string(p.name) + " is not a Winning PoSt type");
  std::vector<uint64_t> out;
  for (uint64_t n = 0; n < p.sector_count; ++n)
    out.push_back(post_sector_challenge(randomness, n, sector_set_size, prover_id));
  return out;
}

std::vector<uint32_t> update_partition_challenges(RegisteredUpdateProof proof, const Domain& comm_r_new,
                                                  size_t partition) {
  return update_challenges(update_proof_info(proof).sector_nodes(), comm_r_new, partition);
}

}  // namespace cuzk::filecoin
