// A sparse sector: a committed-capacity sector (all-zero data, so comm_d is
// the zero-piece commitment) of any size up to 64 GiB, held without its
// 2^30 nodes. Every node's column holds one default label per layer except
// the "labelled" nodes, whose labels SDR computes from their parents (a parent
// outside the set contributes the default); labelled nodes are processed
// layer by layer in increasing index, so DRG parents (below the node) and
// expander parents (previous layer) are ready. The replica holds
// encode(last label, 0) at labelled nodes, a pseudo-random value at "filler"
// leaves, and the default label elsewhere. TreeC (Poseidon of each column),
// TreeR and TreeD are sparse trees, so the stacked proof of a labelled node
// and the TreeR proof of any leaf are valid for the sector's commitments.
#pragma once
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/sparse_tree.hpp"
#include "filecoin/sparse_sector/sparse_sector_spec.hpp"
#include "filecoin/sdr/stacked_graph.hpp"
#include "filecoin/vanilla/column_proof.hpp"
#include "filecoin/vanilla/fallback_post_proof.hpp"
#include "filecoin/vanilla/stacked_proof.hpp"

namespace cuzk::filecoin {

struct SparseSectorContents {
  Domain replica_id{};                   // must be a canonical Fr representation
  std::vector<uint64_t> labelled_nodes;  // any order, repeats allowed (e.g. every PoRep challenge)
  std::vector<uint64_t> filler_leaves;   // replica leaves to give pseudo-random values (e.g. PoSt challenges)
  Domain default_label{};                // every unlabelled column's value in every layer (canonical)
};

class SparseSector {
 public:
  // Error for an unsupported spec, a node >= nodes(), or more than
  // kMaxLabelledNodes labelled nodes / filler leaves; DecodeError for a
  // non-canonical replica_id or default_label.
  SparseSector(const SparseSectorSpec& spec, const SparseSectorContents& contents);

  static constexpr size_t kMaxLabelledNodes = size_t(1) << 22;

  const SparseSectorSpec& spec() const { return spec_; }
  uint64_t nodes() const { return graph_.nodes(); }
  const StackedGraph& graph() const { return graph_; }
  const Domain& replica_id() const { return replica_id_; }
  const Domain& default_label() const { return default_label_; }

  const Domain& comm_d() const { return tree_d_.root(); }
  const Domain& comm_c() const { return tree_c_.root(); }
  const Domain& comm_r_last() const { return tree_r_.root(); }
  const Domain& comm_r() const { return comm_r_; }

  bool is_labelled(uint64_t node) const { return labels_.count(node) != 0; }
  size_t labelled_count() const { return labels_.size(); }
  // The labels of `node` in layers 1..layers (the default for an unlabelled node).
  Column column(uint64_t node) const;
  Domain replica_leaf(uint64_t node) const { return tree_r_.leaf(node); }

  MerkleProof prove_tree_d(uint64_t node) const { return tree_d_.prove(node); }
  MerkleProof prove_tree_c(uint64_t node) const { return tree_c_.prove(node); }
  MerkleProof prove_tree_r(uint64_t node) const { return tree_r_.prove(node); }
  ColumnProof prove_column(uint64_t node) const;

  // The stacked-DRG vanilla proof of challenge c, as prove_layers_generate
  // builds it. Error unless c is labelled (any other node's proof would not verify).
  StackedProof prove_challenge(uint64_t c) const;
  // A PoSt SectorProof: the TreeR proofs of `leaves`, comm_c, comm_r_last.
  SectorProof post_sector_proof(std::span<const uint64_t> leaves) const;

  const SparseMerkleTree& tree_c() const { return tree_c_; }
  const SparseMerkleTree& tree_r() const { return tree_r_; }
  const SparseMerkleTree& tree_d() const { return tree_d_; }

 private:
  void label(std::vector<uint64_t> nodes);
  const Domain& label_at(uint64_t node, uint32_t layer) const;  // layer >= 1

  SparseSectorSpec spec_;
  StackedGraph graph_;
  Domain replica_id_;
  Domain default_label_;
  std::unordered_map<uint64_t, std::vector<Domain>> labels_;  // node -> rows, layer 1 first
  SparseMerkleTree tree_d_;
  SparseMerkleTree tree_c_;
  SparseMerkleTree tree_r_;
  Domain comm_r_{};
};

// The replica value a filler leaf gets: trunc254(SHA-256("cuzk sparse sector
// filler" || u64_le(leaf))), a canonical Fr representation.
Domain sparse_filler_value(uint64_t leaf);

// Poseidon of a column's rows (storage-proofs-porep hash_single_column): arity
// 2 or 11, Filecoin's Merkle-tree constants; Error for another row count.
Domain column_hash(std::span<const Domain> rows);

}  // namespace cuzk::filecoin
