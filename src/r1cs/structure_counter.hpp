// A constraint system that counts what identifies a circuit's R1CS for a
// bellperson prover, never asking for values: inputs (with ONE), aux,
// constraints including the one input constraint per input the prover
// appends (input i in A only), the non-zero entries of A, B and C after
// merging each combination's terms per variable (as bellpepper's
// LinearCombination does), and the density popcounts bellperson's
// ProvingAssignment tracks: aux variables with a non-zero merged coefficient
// in some A (a_aux), inputs and aux in some B (b_input, b_aux).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

struct StructureCounts {
  size_t num_inputs = 1, num_aux = 0;
  size_t num_constraints = 0;  // with the input constraints once finish() ran
  size_t a_nnz = 0, b_nnz = 0, c_nnz = 0;
  size_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;
  bool operator==(const StructureCounts&) const = default;
};

template <class F_>
class StructureCounter {
 public:
  using Field = F_;

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    return Variable::aux(counts_.num_aux++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(counts_.num_inputs++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F_>& a, const LinearCombination<F_>& b,
               const LinearCombination<F_>& c) {
    counts_.a_nnz += merge(a, nullptr, &a_aux_);
    counts_.b_nnz += merge(b, &b_input_, &b_aux_);
    counts_.c_nnz += merge(c, nullptr, nullptr);
    ++counts_.num_constraints;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // The counts as the prover sees them: the input constraints appended
  // (each one term, an input in A, which bellperson tracks no density for).
  StructureCounts finish() const {
    StructureCounts r = counts_;
    r.num_constraints += r.num_inputs;
    r.a_nnz += r.num_inputs;
    r.a_aux_density = a_aux_.count();
    r.b_input_density = b_input_.count();
    r.b_aux_density = b_aux_.count();
    return r;
  }
  // The circuit's own constraints, as a ShapeCounter counts them.
  CircuitShape shape() const { return {counts_.num_inputs, counts_.num_aux, counts_.num_constraints}; }

 private:
  // Non-zero merged terms of lc; marks their variables in the densities given.
  size_t merge(const LinearCombination<F_>& lc, Density* inputs, Density* aux) {
    const auto terms = lc.terms();
    if (terms.size() == 1) {  // the common case: nothing to merge
      if (terms[0].coeff.is_zero()) return 0;
      mark(terms[0].var, inputs, aux);
      return 1;
    }
    scratch_.assign(terms.begin(), terms.end());
    auto key = [](Variable v) { return (uint64_t(v.is_input() ? 0 : 1) << 63) | uint64_t(v.index()); };
    std::sort(scratch_.begin(), scratch_.end(),
              [&](const Term<F_>& x, const Term<F_>& y) { return key(x.var) < key(y.var); });
    size_t nnz = 0;
    for (size_t i = 0; i < scratch_.size();) {
      F_ sum = scratch_[i].coeff;
      size_t j = i + 1;
      for (; j < scratch_.size() && scratch_[j].var == scratch_[i].var; ++j) sum += scratch_[j].coeff;
      if (!sum.is_zero()) {
        ++nnz;
        mark(scratch_[i].var, inputs, aux);
      }
      i = j;
    }
    return nnz;
  }
  static void mark(Variable v, Density* inputs, Density* aux) {
    Density* d = v.is_input() ? inputs : aux;
    if (!d) return;
    if (v.index() >= d->size()) d->resize(std::max(v.index() + 1, d->size() * 2));
    d->set(v.index());
  }

  StructureCounts counts_;
  Density a_aux_, b_input_, b_aux_;
  std::vector<Term<F_>> scratch_;
};

}  // namespace cuzk::r1cs
