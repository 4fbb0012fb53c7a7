// A replica column inside the circuit (storage-proofs-porep stacked/circuit
// column.rs, column_proof.rs): its rows allocated in order, one witness per
// layer ("column/column_num_row_i"), hashed with Poseidon of the layer
// count's arity (hash.rs hash_single_column: 2 or 11 rows).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/stacked/witness.hpp"

namespace cuzk::filecoin::stacked {

template <class F>
class AllocatedColumn {
 public:
  // ColumnProof::alloc then Column::alloc: rows under name/column.
  template <class CS, class N>
  static AllocatedColumn alloc(CS& cs, const N& name, const ColumnWitness& column) {
    r1cs::Namespace ns(cs, name);
    r1cs::Namespace col(cs, "column");
    AllocatedColumn r;
    r.rows_.reserve(column.rows.size());
    for (size_t i = 0; i < column.rows.size(); ++i)
      r.rows_.push_back(cuzk::circuits::AllocatedNum<F>::alloc(
          cs, [i] { return "column_num_row_" + std::to_string(i); },
          [&column, i] { return cuzk::circuits::need(column.rows[i]); }));
    return r;
  }

  template <class CS, class N>
  cuzk::circuits::AllocatedNum<F> hash(CS& cs, const N& name) const {
    return cuzk::circuits::poseidon::hash_single_column(cs, name,
                                                        std::span<const cuzk::circuits::AllocatedNum<F>>(rows_));
  }

  // layer counts from 1; Error outside 1..=len().
  const cuzk::circuits::AllocatedNum<F>& get_value(size_t layer) const {
    if (layer == 0 || layer > rows_.size())
      throw Error("AllocatedColumn: layer " + std::to_string(layer) + " out of range 1..=" +
                  std::to_string(rows_.size()));
    return rows_[layer - 1];
  }
  size_t len() const { return rows_.size(); }

 private:
  std::vector<cuzk::circuits::AllocatedNum<F>> rows_;
};

}  // namespace cuzk::filecoin::stacked
