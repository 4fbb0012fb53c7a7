#include "filecoin/circuits/stacked/circuit_inputs.hpp"

#include <string>

#include "core/error.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

namespace cuzk::filecoin::stacked {

namespace {

StackedCircuitShape make_shape(uint64_t nodes, size_t layers, size_t challenges, const TreeShape& tree_rc) {
  if (layers != 2 && layers != 11)
    throw Error("StackedCircuit shape: " + std::to_string(layers) + " layers (the column hash takes 2 or 11)");
  if (challenges == 0) throw Error("StackedCircuit shape: no challenges");
  StackedCircuitShape s{tree_d_shape(nodes * kNodeBytes), tree_rc, layers, challenges};
  s.tree_d.validate();
  s.tree_rc.validate();
  return s;
}

ColumnWitness blank_column(size_t layers) { return {std::vector<std::optional<Fr>>(layers), std::nullopt}; }

// The path's levels fit the shape (values are the circuit's to check).
void check_path(const MerkleProof& p, const TreeShape& shape, const std::string& what) {
  if (p.kind != shape.proof_kind())
    throw Error(what + ": a " + std::string(merkle_proof_kind_name(p.kind)) + " proof for a " + shape.describe());
  auto levels = [&](const InclusionPath& path, size_t count, uint32_t arity, const char* level) {
    if (path.size() != count)
      throw Error(what + ": " + std::to_string(path.size()) + " " + level + " levels, " + std::to_string(count) +
                  " in a " + shape.describe());
    for (const auto& e : path)
      if (e.hashes.size() + 1 != arity || e.index >= arity)
        throw Error(what + ": a " + level + " level with " + std::to_string(e.hashes.size()) + " siblings at index " +
                    std::to_string(e.index) + ", arity " + std::to_string(arity));
  };
  levels(p.base, shape.base_height(), shape.base_arity, "base");
  levels(p.sub, shape.sub_arity ? 1 : 0, shape.sub_arity, "sub");
  levels(p.top, shape.top_arity ? 1 : 0, shape.top_arity, "top");
}

ColumnWitness column_of(const ColumnProof& cp, const StackedCircuitShape& shape, const std::string& what) {
  if (cp.column.rows.size() != shape.layers)
    throw Error(what + ": a column of " + std::to_string(cp.column.rows.size()) + " rows, " +
                std::to_string(shape.layers) + " layers");
  check_path(cp.inclusion_proof, shape.tree_rc, what);
  ColumnWitness c;
  c.rows.reserve(cp.column.rows.size());
  for (size_t i = 0; i < cp.column.rows.size(); ++i)
    c.rows.emplace_back(fr_of(cp.column.rows[i], (what + " row").c_str()));
  c.path = cp.inclusion_proof;
  return c;
}

ChallengeWitness challenge_of(const StackedProof& p, const StackedCircuitShape& shape, const std::string& what) {
  const auto& rcp = p.replica_column_proofs;
  if (rcp.drg_parents.size() != kBaseDegree || rcp.exp_parents.size() != kExpDegree)
    throw Error(what + ": " + std::to_string(rcp.drg_parents.size()) + " DRG and " +
                std::to_string(rcp.exp_parents.size()) + " expander parent columns (" + std::to_string(kBaseDegree) +
                " and " + std::to_string(kExpDegree) + " needed)");
  if (p.labeling_proofs.empty()) throw Error(what + ": no labeling proofs (the challenge is read from the first)");
  check_path(p.comm_d_proofs, shape.tree_d, what + " comm_d path");
  check_path(p.comm_r_last_proof, shape.tree_rc, what + " comm_r_last path");
  ChallengeWitness c;
  c.challenge = p.labeling_proofs[0].node;
  c.data_leaf = fr_of(p.comm_d_proofs.leaf, (what + " data leaf").c_str());
  c.comm_d_path = p.comm_d_proofs;
  c.comm_r_last_path = p.comm_r_last_proof;
  const ColumnWitness c_x = column_of(rcp.c_x, shape, what + " c_x");
  c.comm_c_path = c_x.path;
  for (size_t i = 0; i < rcp.drg_parents.size(); ++i)
    c.drg_parents.push_back(column_of(rcp.drg_parents[i], shape, what + " DRG parent " + std::to_string(i)));
  for (size_t i = 0; i < rcp.exp_parents.size(); ++i)
    c.exp_parents.push_back(column_of(rcp.exp_parents[i], shape, what + " expander parent " + std::to_string(i)));
  return c;
}

}  // namespace

StackedCircuitShape stacked_circuit_shape(RegisteredSealProof proof) {
  const SealProofInfo& info = seal_proof_info(proof);
  const SectorParams& sector = info.sector();
  return make_shape(sector.nodes, sector.layers, info.challenges_per_partition, tree_r_shape(info.sector_size));
}

StackedCircuitShape stacked_circuit_shape_of_size(uint64_t sector_size) {
  const SectorParams& sector = sector_params(sector_size);
  return make_shape(sector.nodes, sector.layers, porep_challenges_per_partition(sector, false),
                    tree_r_shape(sector_size));
}

StackedCircuitShape stacked_circuit_shape(uint64_t nodes, size_t layers, size_t challenges,
                                          const TreeArities& tree_rc) {
  return make_shape(nodes, layers, challenges,
                    TreeShape{NodeHasher::kPoseidon, uint32_t(tree_rc.base), uint32_t(tree_rc.sub),
                              uint32_t(tree_rc.top), nodes});
}

StackedCircuitInputs blank_stacked_circuit(const StackedCircuitShape& shape) {
  StackedCircuitInputs in;
  in.tree_d = shape.tree_d;
  in.tree_rc = shape.tree_rc;
  in.layers = shape.layers;
  ChallengeWitness blank;
  blank.drg_parents.assign(kBaseDegree, blank_column(shape.layers));
  blank.exp_parents.assign(kExpDegree, blank_column(shape.layers));
  in.challenges.assign(shape.challenges, blank);
  return in;
}

StackedCircuitInputs stacked_circuit_inputs(const StackedCircuitShape& shape, const Domain& replica_id,
                                            const Domain& comm_d, const Domain& comm_r,
                                            const std::vector<StackedProof>& proofs) {
  if (proofs.size() != shape.challenges)
    throw Error("StackedCircuit: " + std::to_string(proofs.size()) + " vanilla proofs for a partition of " +
                std::to_string(shape.challenges) + " challenges");
  // comm_r_last and comm_c are the roots of the first proof's paths; every proof must agree.
  const Domain comm_r_last = proofs[0].comm_r_last_proof.root;
  const Domain comm_c = proofs[0].replica_column_proofs.c_x.inclusion_proof.root;
  for (const auto& p : proofs) {
    if (p.comm_r_last_proof.root != comm_r_last) throw Error("StackedCircuit: inconsistent comm_r_lasts");
    if (p.replica_column_proofs.c_x.inclusion_proof.root != comm_c) throw Error("StackedCircuit: inconsistent comm_cs");
  }
  StackedCircuitInputs in;
  in.tree_d = shape.tree_d;
  in.tree_rc = shape.tree_rc;
  in.layers = shape.layers;
  in.replica_id = fr_of(replica_id, "replica_id");
  in.comm_d = fr_of(comm_d, "comm_d");
  in.comm_r = fr_of(comm_r, "comm_r");
  in.comm_r_last = fr_of(comm_r_last, "comm_r_last");
  in.comm_c = fr_of(comm_c, "comm_c");
  in.challenges.reserve(proofs.size());
  for (size_t i = 0; i < proofs.size(); ++i)
    in.challenges.push_back(challenge_of(proofs[i], shape, "challenge " + std::to_string(i)));
  return in;
}

StackedCircuitInputs stacked_circuit_inputs(const SealCommitPhase1Output& c1, size_t partition) {
  const RegisteredSealProof proof = seal_proof_from_name(c1.registered_proof);
  if (seal_proof_info(proof).sector_size != vanilla_seal_proof_sector_size(c1.vanilla_proofs_kind))
    throw Error("StackedCircuit: C1 output of " + c1.registered_proof + " holds " +
                std::string(vanilla_seal_proof_name(c1.vanilla_proofs_kind)) + " proofs");
  if (partition >= c1.vanilla_proofs.size())
    throw Error("StackedCircuit: partition " + std::to_string(partition) + " of a C1 output with " +
                std::to_string(c1.vanilla_proofs.size()) + " partitions");
  return stacked_circuit_inputs(stacked_circuit_shape(proof), c1.replica_id, c1.comm_d, c1.comm_r,
                                c1.vanilla_proofs[partition]);
}

std::vector<StackedCircuitInputs> stacked_circuit_partitions(const SealCommitPhase1Output& c1) {
  const size_t expected = seal_proof_info(seal_proof_from_name(c1.registered_proof)).partitions;
  if (c1.vanilla_proofs.size() != expected)
    throw Error("StackedCircuit: C1 output of " + c1.registered_proof + " has " +
                std::to_string(c1.vanilla_proofs.size()) + " partitions, " + std::to_string(expected) + " expected");
  std::vector<StackedCircuitInputs> out;
  out.reserve(c1.vanilla_proofs.size());
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k) out.push_back(stacked_circuit_inputs(c1, k));
  return out;
}

}  // namespace cuzk::filecoin::stacked
