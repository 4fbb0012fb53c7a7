// KeypairAssembly: the constraint system key generation runs. It never asks
// for values; it records the A, B, C matrices as flat (variable, constraint,
// coefficient) entries, which setup folds against the Lagrange basis at tau.
#pragma once
#include <cstdint>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F>
struct MatrixEntry {
  Variable var;
  uint64_t constraint;
  F coeff;
};

template <class F_>
class KeypairAssembly {
 public:
  using Field = F_;
  using F = F_;

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    return Variable::aux(shape_.num_aux++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(shape_.num_inputs++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    const uint64_t k = shape_.num_constraints++;
    for (const auto& t : a.terms()) a_.push_back({t.var, k, t.coeff});
    for (const auto& t : b.terms()) b_.push_back({t.var, k, t.coeff});
    for (const auto& t : c.terms()) c_.push_back({t.var, k, t.coeff});
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // input_i * 0 = 0 for every input, as the prover appends (see ProvingAssignment::finish).
  void finish() {
    for (size_t i = 0; i < shape_.num_inputs; ++i)
      a_.push_back({Variable::input(i), shape_.num_constraints + i, F::one()});
  }

  const CircuitShape& shape() const { return shape_; }
  const std::vector<MatrixEntry<F>>& a() const { return a_; }
  const std::vector<MatrixEntry<F>>& b() const { return b_; }
  const std::vector<MatrixEntry<F>>& c() const { return c_; }

 private:
  CircuitShape shape_{1, 0, 0};
  std::vector<MatrixEntry<F>> a_, b_, c_;
};

}  // namespace cuzk::r1cs
