// The inputs of EmptySectorUpdate partition circuits: blank ones for a sector
// size (circuit.rs PrivateInputs::empty / PublicInputs::empty, for key
// generation and shape counting), and filled ones from a SnapDeals partition
// proof and the sector's public values (PublicInputs::new,
// PrivateInputs::new). Errors name the partition proof's fault: a wrong count
// of challenges or apex leafs, a path of the wrong shape, a value that is not
// a field element.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/circuits/update/update_circuit_inputs.hpp"
#include "filecoin/public_inputs/snap_public_inputs.hpp"
#include "filecoin/vanilla/snap_partition_proof.hpp"

namespace cuzk::filecoin::update_circuit {

namespace builder_detail {

inline OptPath blank_tree_r_path(const UpdateCircuitParams& p) {
  OptPath path;
  for (size_t l = 0; l < p.tree_r_levels(); ++l) path.emplace_back(size_t(p.tree_r_arity_at(l) - 1));
  return path;
}

// The proof's siblings, base then sub then top, checked against the shape
// the circuit walks (arities per level from the leaf up).
inline OptPath path_of(const MerkleProof& proof, const std::vector<uint32_t>& arities, const std::string& what) {
  OptPath path;
  for (const InclusionPath* part : {&proof.base, &proof.sub, &proof.top})
    for (const PathElement& e : *part) {
      const size_t l = path.size();
      if (l >= arities.size())
        throw Error(what + ": path longer than the " + std::to_string(arities.size()) + " levels of the tree");
      if (e.hashes.size() + 1 != arities[l])
        throw Error(what + ": level " + std::to_string(l) + " has " + std::to_string(e.hashes.size()) +
                    " siblings, the tree's arity there is " + std::to_string(arities[l]));
      std::vector<OptFr> siblings;
      for (size_t s = 0; s < e.hashes.size(); ++s)
        siblings.emplace_back(fr_of(e.hashes[s], (what + " sibling").c_str()));
      path.push_back(std::move(siblings));
    }
  if (path.size() != arities.size())
    throw Error(what + ": path has " + std::to_string(path.size()) + " levels, the tree " +
                std::to_string(arities.size()));
  return path;
}

inline std::vector<uint32_t> tree_r_arities(const UpdateCircuitParams& p) {
  std::vector<uint32_t> a;
  for (size_t l = 0; l < p.tree_r_levels(); ++l) a.push_back(p.tree_r_arity_at(l));
  return a;
}

}  // namespace builder_detail

// The blank circuit of a sector size: shapes set, no values.
inline UpdateCircuitInputs blank_update_circuit_inputs(uint64_t sector_nodes) {
  UpdateCircuitInputs in;
  in.params = update_circuit_params(sector_nodes);
  const UpdateCircuitParams& p = in.params;
  in.apex_leafs.resize(p.apex_leaf_count);
  UpdateChallengeInputs blank;
  blank.path_r_old = builder_detail::blank_tree_r_path(p);
  blank.path_r_new = blank.path_r_old;
  blank.path_d_new = OptPath(p.challenge_bit_len, std::vector<OptFr>(1));
  in.challenges.assign(p.challenge_count, blank);
  return in;
}

// circuit.rs PublicInputs::new's packing: k | h_select << partition_bit_len.
// Error for k out of range or h not among params.hs.
inline Fr k_and_h_select_of(const UpdateCircuitParams& p, size_t k, size_t h) {
  if (k >= p.partition_count)
    throw Error("SnapDeals circuit: partition " + std::to_string(k) + " of " + std::to_string(p.partition_count));
  for (size_t i = 0; i < p.hs.size(); ++i)
    if (p.hs[i] == h) return Fr::from_u64(uint64_t(k) | (uint64_t(1) << (i + p.partition_bit_len)));
  throw Error("SnapDeals circuit: h = " + std::to_string(h) + " is not one of the sector size's h values");
}

// Partition k's circuit inputs; h is the proof's h (h_default(nodes) on chain).
inline UpdateCircuitInputs update_circuit_inputs(uint64_t sector_nodes, size_t k, size_t h, const SnapPublicValues& pub,
                                                 const SnapPartitionProof& proof) {
  UpdateCircuitInputs in;
  in.params = update_circuit_params(sector_nodes);
  const UpdateCircuitParams& p = in.params;
  const std::string part = "SnapDeals partition " + std::to_string(k);
  in.k_and_h_select = k_and_h_select_of(p, k, h);
  in.comm_r_old = fr_of(pub.comm_r_old, "comm_r_old");
  in.comm_d_new = fr_of(pub.comm_d_new, "comm_d_new");
  in.comm_r_new = fr_of(pub.comm_r_new, "comm_r_new");
  in.comm_c = fr_of(proof.comm_c, (part + " comm_c").c_str());
  if (proof.apex_leafs.size() != p.apex_leaf_count)
    throw Error(part + ": " + std::to_string(proof.apex_leafs.size()) + " apex leafs, the sector size has " +
                std::to_string(p.apex_leaf_count));
  for (const Domain& leaf : proof.apex_leafs) in.apex_leafs.emplace_back(fr_of(leaf, (part + " apex leaf").c_str()));
  if (proof.challenge_proofs.size() != p.challenge_count)
    throw Error(part + ": " + std::to_string(proof.challenge_proofs.size()) +
                " challenge proofs, the sector size has " + std::to_string(p.challenge_count));
  // PrivateInputs::new takes the roots from the first challenge's proofs.
  in.root_r_old = fr_of(proof.challenge_proofs[0].proof_r_old.root, (part + " root_r_old").c_str());
  in.root_r_new = fr_of(proof.challenge_proofs[0].proof_r_new.root, (part + " root_r_new").c_str());
  const std::vector<uint32_t> r_arities = builder_detail::tree_r_arities(p);
  const std::vector<uint32_t> d_arities(p.challenge_bit_len, 2);
  for (size_t i = 0; i < proof.challenge_proofs.size(); ++i) {
    const SnapChallengeProof& c = proof.challenge_proofs[i];
    const std::string at = part + " challenge " + std::to_string(i);
    UpdateChallengeInputs ci;
    ci.leaf_r_old = fr_of(c.proof_r_old.leaf, (at + " leaf_r_old").c_str());
    ci.path_r_old = builder_detail::path_of(c.proof_r_old, r_arities, at + " proof_r_old");
    ci.leaf_d_new = fr_of(c.proof_d_new.leaf, (at + " leaf_d_new").c_str());
    ci.path_d_new = builder_detail::path_of(c.proof_d_new, d_arities, at + " proof_d_new");
    ci.leaf_r_new = fr_of(c.proof_r_new.leaf, (at + " leaf_r_new").c_str());
    ci.path_r_new = builder_detail::path_of(c.proof_r_new, r_arities, at + " proof_r_new");
    in.challenges.push_back(std::move(ci));
  }
  return in;
}

// Every partition's inputs with h = h_default, as the chain proves them.
inline std::vector<UpdateCircuitInputs> update_circuit_inputs_all(uint64_t sector_nodes, const SnapPublicValues& pub,
                                                                  std::span<const SnapPartitionProof> proofs) {
  const size_t partitions = update_partition_count(sector_nodes);
  if (proofs.size() != partitions)
    throw Error("SnapDeals circuit: " + std::to_string(proofs.size()) + " partition proofs, the sector size has " +
                std::to_string(partitions));
  std::vector<UpdateCircuitInputs> out;
  out.reserve(partitions);
  for (size_t k = 0; k < partitions; ++k)
    out.push_back(update_circuit_inputs(sector_nodes, k, update_h_default(sector_nodes), pub, proofs[k]));
  return out;
}

// circuit.rs PublicInputs::to_vec: what the verifier checks the proof against.
// Error for a blank circuit.
inline std::vector<Fr> update_circuit_public_inputs(const UpdateCircuitInputs& in) {
  if (!in.k_and_h_select || !in.comm_r_old || !in.comm_d_new || !in.comm_r_new)
    throw Error("SnapDeals circuit: the public inputs of a blank circuit are unknown");
  return {*in.k_and_h_select, *in.comm_r_old, *in.comm_d_new, *in.comm_r_new};
}

}  // namespace cuzk::filecoin::update_circuit
