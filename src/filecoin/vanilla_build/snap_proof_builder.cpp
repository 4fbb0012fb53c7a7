#include "filecoin/vanilla_build/snap_proof_builder.hpp"

#include <bit>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin {

namespace {

size_t checked_partitions(const UpdateOpenings& update, size_t k) {
  const uint64_t nodes = update.nodes();
  if (!is_update_sector_nodes(nodes))
    throw Error("SnapDeals: no update parameters for a sector of " + std::to_string(nodes) + " nodes");
  const size_t partitions = update_partition_count(nodes);
  if (k >= partitions)
    throw Error("SnapDeals: partition " + std::to_string(k) + " >= " + std::to_string(partitions) + " partitions");
  return partitions;
}

SnapChallengeProof challenge_proof(const UpdateOpenings& update, uint64_t c) {
  return {update.old_replica_proof(c), update.new_data_proof(c), update.new_replica_proof(c)};
}

}  // namespace

std::vector<Domain> snap_apex_leafs(const UpdateOpenings& update, size_t k) {
  const size_t partitions = checked_partitions(update, k);
  const uint64_t nodes = update.nodes();
  const size_t apex = update_apex_leaf_count(nodes);
  // Tree D is binary, so the row of partitions * apex nodes sits at level
  // log2(nodes) - log2(partitions * apex).
  const uint64_t row_nodes = uint64_t(partitions) * apex;
  const uint32_t level = uint32_t(std::countr_zero(nodes) - std::countr_zero(row_nodes));
  std::vector<Domain> out;
  out.reserve(apex);
  for (size_t i = 0; i < apex; ++i) out.push_back(update.new_data_node(level, k * apex + i));
  return out;
}

SnapPartitionProof snap_partition_proof(const UpdateOpenings& update, size_t k) {
  SnapPartitionProof p;
  p.comm_c = update.comm_c();
  p.apex_leafs = snap_apex_leafs(update, k);
  for (uint32_t c : update_challenges(update.nodes(), update.comm_r_new(), k))
    p.challenge_proofs.push_back(challenge_proof(update, c));
  return p;
}

std::vector<SnapPartitionProof> snap_partition_proofs(const UpdateOpenings& update) {
  const size_t partitions = checked_partitions(update, 0);
  std::vector<SnapPartitionProof> out(partitions);
  std::vector<std::vector<uint32_t>> challenges(partitions);
  std::vector<std::pair<size_t, size_t>> jobs;
  for (size_t k = 0; k < partitions; ++k) {
    out[k].comm_c = update.comm_c();
    out[k].apex_leafs = snap_apex_leafs(update, k);
    challenges[k] = update_challenges(update.nodes(), update.comm_r_new(), k);
    out[k].challenge_proofs.resize(challenges[k].size());
    for (size_t i = 0; i < challenges[k].size(); ++i) jobs.emplace_back(k, i);
  }
  parallel_for(jobs.size(), 1, [&](size_t begin, size_t end) {
    for (size_t j = begin; j < end; ++j) {
      const auto [k, i] = jobs[j];
      out[k].challenge_proofs[i] = challenge_proof(update, challenges[k][i]);
    }
  });
  return out;
}

}  // namespace cuzk::filecoin
