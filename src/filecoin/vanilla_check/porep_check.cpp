#include "filecoin/vanilla_check/porep_check.hpp"

#include <array>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/challenges/registered_challenges.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "filecoin/merkle/comm_r.hpp"
#include "filecoin/merkle/merkle_verify.hpp"
#include "filecoin/merkle/tree_shape.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sdr/stacked_graph.hpp"
#include "filecoin/vanilla_check/path_walk.hpp"

namespace cuzk::filecoin {

namespace {

using vanilla_check_detail::NoteSet;

struct Context {
  const SealCommitPhase1Output& c1;
  const SealProofInfo& info;
  uint32_t layers;
  TreeShape tree_d, tree_rc;
  StackedGraph graph;
};

struct ChallengeCheck {
  std::string where;  // "partition 3, challenge 7 (node 1234): ", prefixes failures and notes
  std::string failure;
  NoteSet notes;
};

std::string zero_or_noncanonical(const char* name, const Domain& d, bool zero_refused) {
  if (zero_refused && d == Domain{}) return std::string(name) + " is all zero";
  if (!is_canonical(d)) return std::string(name) + " " + to_hex(d) + " is not a canonical field element";
  return {};
}

std::string expect_equal(const char* name, const Domain& have, const std::optional<Domain>& want) {
  if (want && have != *want) return std::string(name) + " " + to_hex(have) + " is not the expected " + to_hex(*want);
  return {};
}

void note_kind(ChallengeCheck& r, const std::string& what, const MerkleProof& p, const TreeShape& shape) {
  r.notes.add("kind", r.where + what + " is a " + std::string(merkle_proof_kind_name(p.kind)) +
                          " proof where the tree's are " + merkle_proof_kind_name(shape.proof_kind()) +
                          "; Rust reads the flattened path alike");
}

// A Merkle proof that must open `node` and hash to `root` (Rust's
// proves_challenge / validate and the circuit's inclusion, which reads the
// same index bits); `root_name` names the commitment in messages.
std::string opening_failure(ChallengeCheck& r, const std::string& what, const MerkleProof& p, const TreeShape& shape,
                            uint64_t node, const Domain& root, const char* root_name) {
  const PathWalk w = walk_merkle_path(p, shape, PathReading::kVanilla);
  if (!w) return what + ": " + w.error;
  if (w.rust_index != node)
    return what + " opens node " + std::to_string(w.rust_index) + ", expected node " + std::to_string(node);
  if (w.circuit_index != node)
    return what + " is read by the circuit as node " + std::to_string(w.circuit_index) + ", expected node " +
           std::to_string(node);
  if (p.root != root) return what + ": root " + to_hex(p.root) + " is not " + root_name + " " + to_hex(root);
  if (w.computed_root != p.root)
    return what + ": the path hashes to " + to_hex(w.computed_root) + ", not to its root " + to_hex(p.root);
  if (w.kind_differs) note_kind(r, what, p, shape);
  return {};
}

// ColumnProof::verify(node, comm_c): the column's rows hash (Poseidon of
// arity = layers) to the leaf its inclusion proof opens at `node`.
std::string column_failure(Context& c, ChallengeCheck& r, const std::string& what, const ColumnProof& col,
                           uint64_t node, const Domain& comm_c) {
  if (col.column.rows.size() != c.layers)
    return what + " has " + std::to_string(col.column.rows.size()) + " rows, the sector has " +
           std::to_string(c.layers) + " layers";
  for (size_t l = 0; l < c.layers; ++l)
    if (!is_canonical(col.column.rows[l]))
      return what + ": row " + std::to_string(l + 1) + " " + to_hex(col.column.rows[l]) +
             " is not a canonical field element";
  const PathWalk w = walk_merkle_path(col.inclusion_proof, c.tree_rc, PathReading::kVanilla);
  if (!w) return what + ": " + w.error;
  if (w.rust_index != node)
    return what + " is column " + std::to_string(w.rust_index) + ", the graph says " + std::to_string(node);
  if (w.circuit_index != node)
    return what + " is read by the circuit as column " + std::to_string(w.circuit_index) + ", the graph says " +
           std::to_string(node);
  if (col.inclusion_proof.root != comm_c)
    return what + ": root " + to_hex(col.inclusion_proof.root) + " is not comm_c " + to_hex(comm_c);
  if (w.computed_root != comm_c)
    return what + ": the path hashes to " + to_hex(w.computed_root) + ", not to comm_c " + to_hex(comm_c);
  const Domain column_hash = poseidon_hash(std::span<const Domain>(col.column.rows));
  if (col.inclusion_proof.leaf != column_hash)
    return what + ": leaf " + to_hex(col.inclusion_proof.leaf) + " is not the hash of its rows " + to_hex(column_hash);
  if (col.column.index != node)
    r.notes.add("column-index", r.where + what + ": its index field says " + std::to_string(col.column.index) +
                                    ", it opens column " + std::to_string(node) + " (Rust never reads the field)");
  if (w.kind_differs) note_kind(r, what, col.inclusion_proof, c.tree_rc);
  return {};
}

// The 37 label parents of `layer` from the parents' columns (LabelingProof
// of from_parts; the circuit's expanded parents): layer 1 repeats the 6 DRG
// labels, later layers the 6 DRG labels of the layer and the 8 expander
// labels of the layer below.
std::array<Domain, kLabelParents> label_parents(const ReplicaColumnProof& cols, uint32_t layer) {
  std::vector<Domain> parents;
  for (const auto& p : cols.drg_parents) parents.push_back(p.column.rows[layer - 1]);
  if (layer > 1)
    for (const auto& p : cols.exp_parents) parents.push_back(p.column.rows[layer - 2]);
  return repeat_parents(parents);
}

template <class P>
std::string preimage_failure(const std::string& what, const P& proof, uint32_t layer, uint64_t node,
                             const std::array<Domain, kLabelParents>& parents) {
  if (proof.layer_index != layer)
    return what + " is for layer " + std::to_string(proof.layer_index) + ", expected layer " + std::to_string(layer);
  if (proof.node != node)
    return what + " is for node " + std::to_string(proof.node) + ", expected node " + std::to_string(node);
  if (proof.parents.size() != parents.size())
    return what + " has " + std::to_string(proof.parents.size()) + " parents, a label hashes " +
           std::to_string(parents.size());
  for (size_t j = 0; j < parents.size(); ++j)
    if (proof.parents[j] != parents[j])
      return what + ": parent " + std::to_string(j) + " is " + to_hex(proof.parents[j]) +
             ", the parents' columns give " + to_hex(parents[j]);
  return {};
}

std::string challenge_failure(Context& c, ChallengeCheck& r, const StackedProof& p, uint64_t challenge,
                              const Domain& comm_c, const Domain& comm_r_last) {
  const auto& c1 = c.c1;
  // Tree D (Proof::verify: proves_challenge, root; the circuit: inclusion).
  if (auto e = opening_failure(r, "the comm_d proof", p.comm_d_proofs, c.tree_d, challenge, c1.comm_d, "comm_d");
      !e.empty())
    return e;

  // Tree C (ReplicaColumnProof::verify against the graph's parents). Rust
  // zips the parent columns with the parents, the circuit takes them all.
  const auto& cols = p.replica_column_proofs;
  if (auto e = column_failure(c, r, "the challenge's column", cols.c_x, challenge, comm_c); !e.empty()) return e;
  if (cols.drg_parents.size() != kBaseDegree)
    return std::to_string(cols.drg_parents.size()) + " drg parent columns, the graph has " +
           std::to_string(kBaseDegree);
  if (cols.exp_parents.size() != kExpDegree)
    return std::to_string(cols.exp_parents.size()) + " expander parent columns, the graph has " +
           std::to_string(kExpDegree);
  const NodeParents parents = c.graph.parents(challenge);
  for (size_t j = 0; j < kBaseDegree; ++j)
    if (auto e = column_failure(c, r, "drg parent " + std::to_string(j), cols.drg_parents[j], parents[j], comm_c);
        !e.empty())
      return e;
  for (size_t j = 0; j < kExpDegree; ++j)
    if (auto e = column_failure(c, r, "expander parent " + std::to_string(j), cols.exp_parents[j],
                                parents[kBaseDegree + j], comm_c);
        !e.empty())
      return e;

  // Tree R (verify_final_replica_layer; the circuit: inclusion).
  if (auto e = opening_failure(r, "the comm_r_last proof", p.comm_r_last_proof, c.tree_rc, challenge, comm_r_last,
                               "comm_r_last");
      !e.empty())
    return e;

  // Labels (verify_labels; the circuit relabels from the columns and hashes
  // the labels into the challenge's column leaf).
  if (p.labeling_proofs.size() < c.layers)
    return std::to_string(p.labeling_proofs.size()) + " labeling proofs, the sector has " + std::to_string(c.layers) +
           " layers";
  if (p.labeling_proofs.size() > c.layers)
    r.notes.add("labeling-extra", r.where + std::to_string(p.labeling_proofs.size()) + " labeling proofs for " +
                                      std::to_string(c.layers) + " layers (Rust reads the first " +
                                      std::to_string(c.layers) + ")");
  std::array<Domain, kLabelParents> last_parents{};
  Domain key{};
  for (uint32_t layer = 1; layer <= c.layers; ++layer) {
    const auto expected = label_parents(cols, layer);
    const std::string what = "the labeling proof of layer " + std::to_string(layer);
    if (auto e = preimage_failure(what, p.labeling_proofs[layer - 1], layer, challenge, expected); !e.empty()) return e;
    const Domain label = label_from_parents(c1.replica_id, layer, challenge, expected);
    if (label != cols.c_x.column.rows[layer - 1])
      return "layer " + std::to_string(layer) + ": the label of node " + std::to_string(challenge) + " is " +
             to_hex(label) + ", the challenge's column holds " + to_hex(cols.c_x.column.rows[layer - 1]);
    last_parents = expected;
    key = label;
  }

  // Encoding (EncodingProof::verify; the circuit: replica = data + key).
  if (auto e = preimage_failure("the encoding proof", p.encoding_proof, c.layers, challenge, last_parents); !e.empty())
    return e;
  const Domain replica = encode_node(key, p.comm_d_proofs.leaf);
  if (replica != p.comm_r_last_proof.leaf)
    return "the replica leaf " + to_hex(p.comm_r_last_proof.leaf) + " is not the data leaf encoded with the key, " +
           to_hex(replica);
  return {};
}

VanillaCheck refuse(std::string failure) {
  VanillaCheck r;
  r.ok = false;
  r.failure = std::move(failure);
  return r;
}

// seal_commit_phase2's input checks, the registered type and the expected
// values; empty when they pass.
std::string input_failure(const SealCommitPhase1Output& c1, const SealProofInfo& info, const PoRepExpect& expect) {
  if (expect.proof && *expect.proof != info.proof)
    return "registered_proof " + c1.registered_proof + " is not the expected " +
           std::string(seal_proof_info(*expect.proof).name);
  if (vanilla_seal_proof_sector_size(c1.vanilla_proofs_kind) != info.sector_size)
    return "vanilla_proofs are " + std::string(vanilla_seal_proof_name(c1.vanilla_proofs_kind)) + ", " +
           c1.registered_proof + " seals " + std::to_string(info.sector_size) + "-byte sectors";
  for (auto e : {zero_or_noncanonical("comm_d", c1.comm_d, true), zero_or_noncanonical("comm_r", c1.comm_r, true),
                 zero_or_noncanonical("replica_id", c1.replica_id, false)})
    if (!e.empty()) return e;
  if (c1.seed == Domain{}) return "seed is all zero (Rust refuses it as an invalid challenge seed)";
  for (auto e : {expect_equal("comm_r", c1.comm_r, expect.comm_r), expect_equal("comm_d", c1.comm_d, expect.comm_d),
                 expect_equal("seed", c1.seed, expect.seed), expect_equal("ticket", c1.ticket, expect.ticket)})
    if (!e.empty()) return e;
  if (expect.prover_id && expect.sector_id) {
    const Domain want = replica_id(info.proof, *expect.prover_id, *expect.sector_id, c1.ticket, c1.comm_d);
    if (c1.replica_id != want)
      return "replica_id " + to_hex(c1.replica_id) + " is not the one of prover " + to_hex(*expect.prover_id) +
             ", sector " + std::to_string(*expect.sector_id) + ", the ticket and comm_d: " + to_hex(want);
  }
  if (c1.vanilla_proofs.size() != info.partitions)
    return std::to_string(c1.vanilla_proofs.size()) + " partitions of vanilla proofs, " + c1.registered_proof +
           " proves " + std::to_string(info.partitions);
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k)
    if (c1.vanilla_proofs[k].empty()) return "partition " + std::to_string(k) + " holds no vanilla proofs";
  return {};
}

}  // namespace

VanillaCheck check_seal_commit_phase1(const SealCommitPhase1Output& c1, const PoRepExpect& expect) {
  RegisteredSealProof proof;
  try {
    proof = seal_proof_from_name(c1.registered_proof);
  } catch (const Error&) {
    return refuse("registered_proof '" + c1.registered_proof + "' names no seal proof type");
  }
  const SealProofInfo& info = seal_proof_info(proof);
  if (auto e = input_failure(c1, info, expect); !e.empty()) return refuse(e);

  const uint64_t sector_size = info.sector_size;
  Context c{c1,
            info,
            uint32_t(info.sector().layers),
            tree_d_shape(sector_size),
            tree_r_shape(sector_size),
            StackedGraph(info.sector().nodes, porep_id(proof), info.api_version)};

  // Per partition (verify_all_partitions): comm_r from the first proof's
  // comm_c and comm_r_last, then one proof per derived challenge.
  struct Item {
    size_t partition, index;
    uint64_t challenge;
  };
  std::vector<Item> items;
  std::vector<std::pair<Domain, Domain>> roots;  // comm_c, comm_r_last per partition
  for (size_t k = 0; k < c1.vanilla_proofs.size(); ++k) {
    const auto& proofs = c1.vanilla_proofs[k];
    const std::string at = "partition " + std::to_string(k) + ": ";
    const Domain& comm_c = proofs[0].replica_column_proofs.c_x.inclusion_proof.root;
    const Domain& comm_r_last = proofs[0].comm_r_last_proof.root;
    if (!is_canonical(comm_c)) return refuse(at + "comm_c " + to_hex(comm_c) + " is not a canonical field element");
    if (!is_canonical(comm_r_last))
      return refuse(at + "comm_r_last " + to_hex(comm_r_last) + " is not a canonical field element");
    if (const Domain h = comm_r_of(comm_c, comm_r_last); h != c1.comm_r)
      return refuse(at + "Poseidon(comm_c, comm_r_last) = " + to_hex(h) + " is not comm_r " + to_hex(c1.comm_r));
    const auto challenges = porep_partition_challenges(proof, c1.replica_id, c1.seed, c1.comm_r, k);
    if (proofs.size() != challenges.size())
      return refuse(at + std::to_string(proofs.size()) + " challenge proofs, the partition has " +
                    std::to_string(challenges.size()) + " challenges");
    roots.emplace_back(comm_c, comm_r_last);
    for (size_t i = 0; i < proofs.size(); ++i) items.push_back({k, i, challenges[i]});
  }

  std::vector<ChallengeCheck> results(items.size());
  parallel_for(items.size(), 1, [&](size_t begin, size_t end) {
    for (size_t j = begin; j < end; ++j) {
      const Item& it = items[j];
      const StackedProof& p = c1.vanilla_proofs[it.partition][it.index];
      const auto& [comm_c, comm_r_last] = roots[it.partition];
      ChallengeCheck& r = results[j];
      r.where = "partition " + std::to_string(it.partition) + ", challenge " + std::to_string(it.index) + " (node " +
                std::to_string(it.challenge) + "): ";
      // Every proof of a partition shares its comm_c and comm_r_last.
      if (p.replica_column_proofs.c_x.inclusion_proof.root != comm_c)
        r.failure = "comm_c " + to_hex(p.replica_column_proofs.c_x.inclusion_proof.root) +
                    " differs from the partition's " + to_hex(comm_c);
      else if (p.comm_r_last_proof.root != comm_r_last)
        r.failure =
            "comm_r_last " + to_hex(p.comm_r_last_proof.root) + " differs from the partition's " + to_hex(comm_r_last);
      else
        r.failure = challenge_failure(c, r, p, it.challenge, comm_c, comm_r_last);
      if (!r.failure.empty()) r.failure = r.where + r.failure;
    }
  });

  VanillaCheck out;
  NoteSet notes;
  for (auto& r : results) {
    notes.merge(r.notes);
    if (out.ok && !r.failure.empty()) {
      out.ok = false;
      out.failure = std::move(r.failure);
    }
  }
  out.notes = notes.lines();
  return out;
}

VanillaCheck check_seal_commit_phase1_json(std::string_view json, const PoRepExpect& expect) {
  SealCommitPhase1Output c1;
  try {
    c1 = read_seal_commit_phase1_json(json, "C1 output");
  } catch (const DecodeError& e) {
    return refuse(e.what());
  }
  return check_seal_commit_phase1(c1, expect);
}

VanillaCheck check_c2_input_json(std::string_view wrapper_json, PoRepExpect expect) {
  SealCommitPhase1Output c1;
  try {
    const C1OutputWrapper w = read_c1_output_wrapper_json(wrapper_json, "C2 input");
    c1 = read_wrapped_seal_commit_phase1(w, "C2 input");
    if (!expect.sector_id) expect.sector_id = w.sector_num;
  } catch (const DecodeError& e) {
    return refuse(e.what());
  }
  return check_seal_commit_phase1(c1, expect);
}

}  // namespace cuzk::filecoin
