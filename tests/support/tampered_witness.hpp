// Test tool: a constraint system that forwards everything to another one but
// adds one to the value of a chosen aux variable, so a real circuit produces
// a witness that breaks (at least) the constraints that variable appears in.
#pragma once
#include <cstddef>

#include "r1cs/constraint_system.hpp"

namespace cuzk::testing_support {

template <class CS>
class TamperedWitness {
 public:
  using Field = typename CS::Field;
  TamperedWitness(CS& inner, size_t aux_index) : inner_(inner), target_(aux_index) {}

  template <class N, class V>
  r1cs::Variable alloc(const N& name, const V& value) {
    if (next_aux_++ != target_) return inner_.alloc(name, value);
    return inner_.alloc(name, [&] { return value() + Field::one(); });
  }
  template <class N, class V>
  r1cs::Variable alloc_input(const N& name, const V& value) {
    return inner_.alloc_input(name, value);
  }
  template <class N>
  void enforce(const N& name, const r1cs::LinearCombination<Field>& a, const r1cs::LinearCombination<Field>& b,
               const r1cs::LinearCombination<Field>& c) {
    inner_.enforce(name, a, b, c);
  }
  template <class N>
  void push_namespace(const N& name) {
    inner_.push_namespace(name);
  }
  void pop_namespace() { inner_.pop_namespace(); }

 private:
  CS& inner_;
  size_t target_, next_aux_ = 0;
};

}  // namespace cuzk::testing_support
