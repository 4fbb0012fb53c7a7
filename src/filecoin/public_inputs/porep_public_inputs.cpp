#include "filecoin/public_inputs/porep_public_inputs.hpp"

#include <array>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/porep_challenges.hpp"
#include "filecoin/challenges/replica_id.hpp"
#include "filecoin/challenges/synthetic_challenges.hpp"
#include "filecoin/public_inputs/commitment.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

namespace cuzk::filecoin {

PorepShape porep_shape(RegisteredSealProof proof) {
  const auto& info = seal_proof_info(proof);
  return {info.sector().nodes, porep_id(proof), info.api_version, info.challenge_kind, info.partitions,
          info.challenges_per_partition};
}

struct PorepPublicInputs::Graph {
  StackedGraph stacked;
  std::optional<SyntheticChallenges> synthetic;
};

PorepPublicInputs::PorepPublicInputs(const PorepShape& shape, const PorepPublicValues& values)
    : shape_(shape), values_(values) {
  if (shape.partitions == 0 || shape.challenges_per_partition == 0)
    throw Error("PoRep public inputs: zero partitions or challenges per partition");
  comm_r_fr_ = nonzero_commitment(values.comm_r, "comm_r");
  comm_d_fr_ = nonzero_commitment(values.comm_d, "comm_d");
  replica_id_ = filecoin::replica_id(values.prover_id, values.sector_id, values.ticket, values.comm_d, shape.porep_id);
  replica_id_fr_ = fr_of(replica_id_, "replica_id");
  graph_ = std::make_unique<Graph>(Graph{StackedGraph(shape.sector_nodes, shape.porep_id, shape.api_version), {}});
  if (shape.mode == PoRepChallengeKind::kSynthetic)
    graph_->synthetic.emplace(shape.sector_nodes, replica_id_, values.comm_r);
}

PorepPublicInputs::~PorepPublicInputs() = default;
PorepPublicInputs::PorepPublicInputs(PorepPublicInputs&&) noexcept = default;

std::vector<uint64_t> PorepPublicInputs::challenges(size_t k) const {
  if (k >= shape_.partitions)
    throw Error("PoRep public inputs: partition " + std::to_string(k) + " out of range (" +
                std::to_string(shape_.partitions) + " partitions)");
  const size_t n = shape_.challenges_per_partition;
  switch (shape_.mode) {
    case PoRepChallengeKind::kInteractive:
      return interactive_porep_challenges(shape_.sector_nodes, replica_id_, values_.seed, n, k);
    case PoRepChallengeKind::kSynthetic: return graph_->synthetic->porep_challenges(values_.seed, n, k);
    case PoRepChallengeKind::kNonInteractive:
      return non_interactive_porep_challenges(shape_.sector_nodes, replica_id_, values_.comm_r, n, k);
  }
  throw Error("PoRep public inputs: unknown challenge mode");
}

std::vector<Fr> PorepPublicInputs::partition(size_t k) const {
  const auto cs = challenges(k);
  std::vector<Fr> out;
  out.reserve(3 + cs.size() * kInputsPerChallenge);
  out.push_back(replica_id_fr_);
  out.push_back(comm_d_fr_);
  out.push_back(comm_r_fr_);
  NodeParents parents;
  for (uint64_t c : cs) {
    const Fr leaf = Fr::from_u64(c);
    graph_->stacked.parents(c, parents);
    out.push_back(leaf);                                        // comm_d: the data leaf
    for (uint32_t p : parents) out.push_back(Fr::from_u64(p));  // comm_c: 6 DRG then 8 expander parents
    out.push_back(leaf);                                        // the challenge
    out.push_back(leaf);                                        // comm_r_last: the replica leaf
    out.push_back(leaf);                                        // comm_c: the challenged column
  }
  return out;
}

std::vector<std::vector<Fr>> PorepPublicInputs::all() const {
  std::vector<std::vector<Fr>> out;
  out.reserve(shape_.partitions);
  for (size_t k = 0; k < shape_.partitions; ++k) out.push_back(partition(k));
  return out;
}

}  // namespace cuzk::filecoin
