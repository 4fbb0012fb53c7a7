#include "filecoin/sparse_sector/sparse_seal.hpp"

#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace cuzk::filecoin {

namespace {

SparseSector build_sector(const SparseSealPlan& plan, const Domain& default_label) {
  SparseSectorContents contents;
  contents.replica_id = plan.replica_id;
  contents.default_label = default_label;
  for (const auto& partition : plan.challenges)
    contents.labelled_nodes.insert(contents.labelled_nodes.end(), partition.begin(), partition.end());
  contents.filler_leaves = plan.post_leaves;
  return SparseSector(plan.spec, contents);
}

}  // namespace

SparseSeal seal_sparse(const SparseSealRequest& request) {
  SparseSealPlan plan = plan_sparse_seal(request);
  SparseSector sector = build_sector(plan, request.default_label);
  if (sector.comm_d() != plan.comm_d)
    throw Error("sparse sector: TreeD root " + to_hex(sector.comm_d()) + " is not the zero-piece comm_d " +
                to_hex(plan.comm_d));

  SealCommitPhase1Output c1;
  c1.registered_proof = plan.registered_proof;
  c1.vanilla_proofs_kind = plan.vanilla_kind;
  c1.comm_r = sector.comm_r();
  c1.comm_d = sector.comm_d();
  c1.replica_id = plan.replica_id;
  c1.seed = request.seed;
  c1.ticket = request.ticket;
  // Flattened so the pool shares out every challenge of every partition.
  std::vector<std::pair<size_t, size_t>> jobs;
  c1.vanilla_proofs.resize(plan.challenges.size());
  for (size_t k = 0; k < plan.challenges.size(); ++k) {
    c1.vanilla_proofs[k].resize(plan.challenges[k].size());
    for (size_t i = 0; i < plan.challenges[k].size(); ++i) jobs.emplace_back(k, i);
  }
  parallel_for(jobs.size(), 1, [&](size_t b, size_t e) {
    for (size_t j = b; j < e; ++j) {
      const auto [k, i] = jobs[j];
      c1.vanilla_proofs[k][i] = sector.prove_challenge(plan.challenges[k][i]);
    }
  });
  return SparseSeal{std::move(plan), std::move(sector), std::move(c1)};
}

FallbackPoStSectorProof sparse_post_vanilla_proof(const SparseSector& sector, uint64_t sector_id,
                                                  RegisteredPoStProof proof, const Domain& randomness,
                                                  uint64_t sector_index) {
  const auto leaves = sparse_post_leaves(proof, sector.spec().sector_size, randomness, sector_id, sector_index);
  FallbackPoStSectorProof out;
  out.sector_id = sector_id;
  out.comm_r = sector.comm_r();
  out.sectors.push_back(sector.post_sector_proof(leaves));
  return out;
}

}  // namespace cuzk::filecoin
