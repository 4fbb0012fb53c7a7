// A constraint system that only counts: learns a circuit's shape without
// evaluating any value (values are never asked for).
#pragma once
#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F_>
class ShapeCounter {
 public:
  using Field = F_;
  template <class N, class V>
  Variable alloc(const N&, const V&) {
    return Variable::aux(shape_.num_aux++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(shape_.num_inputs++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F_>&, const LinearCombination<F_>&, const LinearCombination<F_>&) {
    ++shape_.num_constraints;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}
  const CircuitShape& shape() const { return shape_; }

 private:
  CircuitShape shape_{1, 0, 0};  // input 0 is ONE
};

}  // namespace cuzk::r1cs
