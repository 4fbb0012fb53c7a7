// Checks of vanilla proofs written from rust-fil-proofs' verifiers
// (storage-proofs-porep stacked/vanilla params.rs Proof::verify,
// column_proof.rs, labeling_proof.rs, encoding_proof.rs; storage-proofs-post
// fallback/vanilla.rs verify_all_partitions), independent of the sparse
// generator: every Merkle path against its root and challenge, columns
// against TreeC leaves, labeling proofs against the parent columns and each
// label recomputed with label_from_parents, the encoding against TreeR and
// TreeD leaves, comm_r = Poseidon-2(comm_c, comm_r_last). Each returns the
// first fault found ("" when valid).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sdr/stacked_graph.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin::test {

inline std::string merkle_fault(const MerkleProof& p, const TreeShape& shape, const MerkleExpect& e,
                                const std::string& what) {
  const MerkleCheck c = check_merkle_proof(p, shape, e);
  return c ? "" : what + ": " + c.error;
}

inline std::string column_fault(const ColumnProof& cp, uint64_t node, uint32_t layers, const TreeShape& shape,
                                const Domain& comm_c, const std::string& what) {
  if (cp.column.index != node) return what + ": column index " + std::to_string(cp.column.index);
  if (cp.column.rows.size() != layers) return what + ": " + std::to_string(cp.column.rows.size()) + " rows";
  const Domain leaf = poseidon_hash(std::span<const Domain>(cp.column.rows));
  return merkle_fault(cp.inclusion_proof, shape, {.root = comm_c, .leaf_index = node, .leaf = leaf}, what);
}

// One challenge's proof, as Proof::verify checks it, plus the rows of the
// labeling proofs against the parent columns (what the circuit uses).
inline std::string stacked_proof_fault(const StackedProof& p, uint64_t challenge, const StackedGraph& graph,
                                       uint32_t layers, const Domain& replica_id, const Domain& comm_d,
                                       const Domain& comm_c, const Domain& comm_r_last) {
  const uint64_t sector_bytes = graph.nodes() * kNodeBytes;
  const TreeShape r_shape = tree_r_shape(sector_bytes), d_shape = tree_d_shape(sector_bytes);
  std::string f;
  if (!(f = merkle_fault(p.comm_d_proofs, d_shape, {.root = comm_d, .leaf_index = challenge}, "comm_d proof"))
           .empty())
    return f;
  if (!(f = merkle_fault(p.comm_r_last_proof, r_shape, {.root = comm_r_last, .leaf_index = challenge},
                         "comm_r_last proof"))
           .empty())
    return f;
  const auto& rcp = p.replica_column_proofs;
  if (!(f = column_fault(rcp.c_x, challenge, layers, r_shape, comm_c, "c_x")).empty()) return f;
  const NodeParents parents = graph.parents(challenge);
  if (rcp.drg_parents.size() != kBaseDegree || rcp.exp_parents.size() != kExpDegree) return "parent column count";
  for (size_t k = 0; k < kDegree; ++k) {
    const ColumnProof& cp = k < kBaseDegree ? rcp.drg_parents[k] : rcp.exp_parents[k - kBaseDegree];
    if (!(f = column_fault(cp, parents[k], layers, r_shape, comm_c, "parent column " + std::to_string(k))).empty())
      return f;
  }
  if (p.labeling_proofs.size() != layers) return "labeling proof count";
  for (uint32_t layer = 1; layer <= layers; ++layer) {
    const LabelingProof& lp = p.labeling_proofs[layer - 1];
    const std::string at = "layer " + std::to_string(layer) + " labeling proof";
    if (lp.layer_index != layer || lp.node != challenge) return at + ": layer_index or node";
    std::vector<Domain> from_columns;
    for (size_t k = 0; k < (layer == 1 ? kBaseDegree : kDegree); ++k)
      from_columns.push_back(k < kBaseDegree ? rcp.drg_parents[k].column.rows[layer - 1]
                                             : rcp.exp_parents[k - kBaseDegree].column.rows[layer - 2]);
    const auto expected = repeat_parents(from_columns);
    if (lp.parents != std::vector<Domain>(expected.begin(), expected.end()))
      return at + ": parents are not the parent columns' rows";
    if (label_from_parents(replica_id, layer, challenge, lp.parents) != rcp.c_x.column.rows[layer - 1])
      return at + ": the label does not recompute from its parents";
  }
  const EncodingProof& ep = p.encoding_proof;
  if (ep.layer_index != layers || ep.node != challenge) return "encoding proof: layer_index or node";
  const Domain key = label_from_parents(replica_id, layers, challenge, ep.parents);
  if (encode_node(key, p.comm_d_proofs.leaf) != p.comm_r_last_proof.leaf)
    return "encoding proof: encode(key, data leaf) is not the replica leaf";
  return "";
}

// A whole C1 output: every partition's proofs at `challenges` (re-derived by
// the caller), all against the same comm_c and comm_r_last whose Poseidon-2 is comm_r.
inline std::string c1_fault(const SealCommitPhase1Output& c1, const std::vector<std::vector<uint64_t>>& challenges,
                            const StackedGraph& graph, uint32_t layers) {
  if (c1.vanilla_proofs.size() != challenges.size()) return "partition count";
  if (c1.vanilla_proofs.empty() || c1.vanilla_proofs[0].empty()) return "no proofs";
  const Domain comm_c = c1.vanilla_proofs[0][0].replica_column_proofs.c_x.inclusion_proof.root;
  const Domain comm_r_last = c1.vanilla_proofs[0][0].comm_r_last_proof.root;
  if (comm_r_of(comm_c, comm_r_last) != c1.comm_r) return "comm_r is not Poseidon-2(comm_c, comm_r_last)";
  for (size_t k = 0; k < challenges.size(); ++k) {
    if (c1.vanilla_proofs[k].size() != challenges[k].size()) return "challenge count of partition " + std::to_string(k);
    for (size_t i = 0; i < challenges[k].size(); ++i) {
      const std::string f = stacked_proof_fault(c1.vanilla_proofs[k][i], challenges[k][i], graph, layers,
                                                c1.replica_id, c1.comm_d, comm_c, comm_r_last);
      if (!f.empty()) return "partition " + std::to_string(k) + " challenge " + std::to_string(i) + ": " + f;
    }
  }
  return "";
}

// A PoSt sector proof at `leaves` (re-derived by the caller).
inline std::string post_fault(const FallbackPoStSectorProof& p, const std::vector<uint64_t>& leaves,
                              uint64_t sector_bytes) {
  if (p.sectors.size() != 1) return "sector proof count";
  const SectorProof& s = p.sectors[0];
  if (comm_r_of(s.comm_c, s.comm_r_last) != p.comm_r) return "comm_r is not Poseidon-2(comm_c, comm_r_last)";
  if (s.inclusion_proofs.size() != leaves.size()) return "inclusion proof count";
  for (size_t i = 0; i < leaves.size(); ++i) {
    const std::string f = merkle_fault(s.inclusion_proofs[i], tree_r_shape(sector_bytes),
                                       {.root = s.comm_r_last, .leaf_index = leaves[i]},
                                       "inclusion proof " + std::to_string(i));
    if (!f.empty()) return f;
  }
  return "";
}

}  // namespace cuzk::filecoin::test
