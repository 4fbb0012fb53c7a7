// One challenge of the StackedDRG PoRep circuit (storage-proofs-porep
// stacked/circuit/params.rs Proof::synthesize), in the Rust's order: the
// data leaf and its tree D path; each DRG then expander parent's column
// (rows, column hash, tree C path); the challenge as 64 bits and one public
// input; per layer the parents' labels as bits, repeated to 37, and the
// recomputed label; the encoding key + data and its tree R path; the
// challenged column's hash and its tree C path.
// `inclusion(cs, name, shape, path, root, leaf)` enforces one Merkle path
// (stacked_porep.hpp passes storage-proofs-core's PoR circuit with a private
// root, as the Rust's enforce_inclusion).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/constraint.hpp"
#include "circuits/gadgets/uint32.hpp"
#include "circuits/gadgets/uint64.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/stacked/column.hpp"
#include "filecoin/circuits/stacked/create_label.hpp"
#include "filecoin/circuits/stacked/witness.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

namespace cuzk::filecoin::stacked {

// The StackedCircuit's shared variables each challenge ties into.
template <class F>
struct StackedCommitments {
  cuzk::circuits::AllocatedNum<F> comm_d, comm_c, comm_r_last;
  std::vector<Boolean<F>> replica_id_bits;  // most significant first per byte
};

namespace stacked_detail {

// The label vectors of 37 parents from the 6 (layer 1) or 14 collected.
template <class F>
std::vector<std::vector<Boolean<F>>> expand_parents(const std::vector<std::vector<Boolean<F>>>& parents,
                                                    size_t layer) {
  std::vector<std::vector<Boolean<F>>> out;
  out.reserve(kLabelParents);
  if (layer > 1) {
    for (int rep = 0; rep < 2; ++rep) out.insert(out.end(), parents.begin(), parents.end());  // 28
    out.insert(out.end(), parents.begin(), parents.begin() + 9);                               // 37
  } else {
    for (int rep = 0; rep < 6; ++rep) out.insert(out.end(), parents.begin(), parents.end());  // 36
    out.push_back(parents[0]);                                                                  // 37
  }
  return out;
}

}  // namespace stacked_detail

template <class CS, class N, class Inclusion, class F = typename CS::Field>
void synthesize_challenge(CS& cs, const N& name, const ChallengeWitness& proof, const TreeShape& tree_d,
                          const TreeShape& tree_rc, const StackedCommitments<F>& comm, const Inclusion& inclusion) {
  using cuzk::circuits::AllocatedNum;
  using cuzk::circuits::need;
  using cuzk::circuits::reverse_bit_numbering;
  if (proof.drg_parents.size() != kBaseDegree || proof.exp_parents.size() != kExpDegree)
    throw Error("StackedCircuit: a challenge with " + std::to_string(proof.drg_parents.size()) + " DRG and " +
                std::to_string(proof.exp_parents.size()) + " expander parents (" + std::to_string(kBaseDegree) +
                " and " + std::to_string(kExpDegree) + " needed)");
  const size_t num_layers = proof.drg_parents[0].rows.size();
  auto check_rows = [num_layers](const ColumnWitness& c) {
    if (c.rows.size() != num_layers)
      throw Error("StackedCircuit: parent columns of " + std::to_string(c.rows.size()) + " and " +
                  std::to_string(num_layers) + " rows");
  };
  for (const auto& c : proof.drg_parents) check_rows(c);
  for (const auto& c : proof.exp_parents) check_rows(c);
  if (num_layers == 0) throw Error("StackedCircuit: parent columns without rows");

  r1cs::Namespace ns(cs, name);

  // -- the data layer
  const auto data_leaf = AllocatedNum<F>::alloc(cs, "data_leaf", [&] { return need(proof.data_leaf); });
  inclusion(cs, "comm_d_inclusion", tree_d, proof.comm_d_path, comm.comm_d, data_leaf);

  // -- the parents' columns in tree C
  auto open_columns = [&](const std::vector<ColumnWitness>& columns, const char* kind) {
    std::vector<AllocatedColumn<F>> out;
    out.reserve(columns.size());
    for (size_t i = 0; i < columns.size(); ++i) {
      const std::string prefix = std::string(kind) + "_parent_" + std::to_string(i);
      auto column = AllocatedColumn<F>::alloc(cs, [&] { return prefix + "_num"; }, columns[i]);
      const auto hash = column.hash(cs, [&] { return prefix + "_constraint"; });
      inclusion(cs, [&] { return prefix + "_inclusion"; }, tree_rc, columns[i].path, comm.comm_c, hash);
      out.push_back(std::move(column));
    }
    return out;
  };
  const auto drg_parents = open_columns(proof.drg_parents, "drg");
  const auto exp_parents = open_columns(proof.exp_parents, "exp");

  // -- labelling: the challenge is a public input, each layer's label recomputed
  const auto challenge = UInt64<F>::alloc(cs, "challenge", proof.challenge);
  challenge.pack_into_input(cs, "challenge input");

  std::vector<AllocatedNum<F>> column_labels;
  column_labels.reserve(num_layers);
  for (size_t layer = 1; layer <= num_layers; ++layer) {
    const auto layer_num = UInt32<F>::constant(uint32_t(layer));
    r1cs::Namespace lns(cs, [layer] { return "labeling_" + std::to_string(layer); });
    std::vector<std::vector<Boolean<F>>> parents;
    parents.reserve(kBaseDegree + kExpDegree);
    for (const auto& column : drg_parents) {
      const size_t k = parents.size();
      parents.push_back(reverse_bit_numbering(
          column.get_value(layer).to_bits_le(cs, [k] { return "drg_parent_" + std::to_string(k) + "_bits"; })));
    }
    // Expander parents come from the previous layer; layer 1 has none.
    if (layer > 1) {
      for (const auto& column : exp_parents) {
        const size_t k = parents.size();
        parents.push_back(reverse_bit_numbering(
            column.get_value(layer - 1).to_bits_le(cs, [k] { return "exp_parent_" + std::to_string(k) + "_bits"; })));
      }
    }
    column_labels.push_back(create_label_circuit(cs, "create_label", std::span<const Boolean<F>>(comm.replica_id_bits),
                                                 stacked_detail::expand_parents(parents, layer), layer_num, challenge));
  }

  // -- the replica node: last label + data, in tree R
  {
    const auto encoded = cuzk::circuits::constraint::encode(cs, "encode_node", column_labels.back(), data_leaf);
    inclusion(cs, "comm_r_last_data_inclusion", tree_rc, proof.comm_r_last_path, comm.comm_r_last, encoded);
  }

  // -- the challenged column's hash, in tree C
  {
    const auto column_hash = cuzk::circuits::poseidon::hash_single_column(
        cs, "c_x_column_hash", std::span<const AllocatedNum<F>>(column_labels));
    inclusion(cs, "c_x_inclusion", tree_rc, proof.comm_c_path, comm.comm_c, column_hash);
  }
}

}  // namespace cuzk::filecoin::stacked
