// A streaming constraint system for tests that digests a circuit as
// bellman's / bellpepper's TestConstraintSystem::hash() does (the digest is
// r1cs::StructureDigest's) while it evaluates the witness, so multi-million-
// constraint circuits can be compared with a hash an upstream Rust test
// asserts and checked for satisfaction in one pass.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "r1cs/linear_combination.hpp"
#include "r1cs/shape.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/structure_digest.hpp"

namespace cuzk::test {

template <class F_>
class DigestSystem {
 public:
  using Field = F_;
  using F = F_;

  // shape: the counts the circuit will reach (a ShapeCounter pass gives
  // them), or none to only evaluate; with_values: evaluate the witness and
  // check every constraint.
  DigestSystem(std::optional<r1cs::CircuitShape> shape, bool with_values) : with_values_(with_values) {
    if (shape) digest_.emplace(*shape);
    inputs_.push_back(F::one());
  }

  template <class N, class V>
  r1cs::Variable alloc(const N&, const V& value) {
    if (with_values_) aux_.push_back(value());
    return r1cs::Variable::aux(num_aux_++);
  }
  template <class N, class V>
  r1cs::Variable alloc_input(const N&, const V& value) {
    if (with_values_) inputs_.push_back(value());
    return r1cs::Variable::input(num_inputs_++);
  }
  template <class N>
  void enforce(const N&, const r1cs::LinearCombination<F>& a, const r1cs::LinearCombination<F>& b,
               const r1cs::LinearCombination<F>& c) {
    if (digest_) digest_->add_constraint(a, b, c);
    if (with_values_ && !first_unsatisfied_ &&
        a.evaluate(inputs_, aux_) * b.evaluate(inputs_, aux_) != c.evaluate(inputs_, aux_))
      first_unsatisfied_ = num_constraints_;
    ++num_constraints_;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  r1cs::CircuitShape shape() const { return {num_inputs_, num_aux_, num_constraints_}; }
  const std::optional<size_t>& first_unsatisfied() const { return first_unsatisfied_; }
  const std::vector<F>& inputs() const { return inputs_; }

  // Lower-case hex of the digest; call once, after synthesis.
  std::string hex() { return digest_ ? digest_->final_hex() : std::string(); }

 private:
  std::optional<r1cs::StructureDigest<F>> digest_;
  bool with_values_;
  size_t num_inputs_ = 1, num_aux_ = 0, num_constraints_ = 0;
  std::vector<F> inputs_, aux_;
  std::optional<size_t> first_unsatisfied_;
};

template <class F>
struct Digest {
  r1cs::CircuitShape shape;
  std::string hex;
  std::optional<size_t> first_unsatisfied;  // with values only
  std::vector<F> inputs;                    // with values only, ONE first
  bool passes_agree = true;                 // both passes reached the same shape
};

// Runs synth(cs) twice, with a ShapeCounter and then with a DigestSystem.
template <class F, class Synth>
Digest<F> r1cs_digest(const Synth& synth, bool with_values) {
  r1cs::ShapeCounter<F> sc;
  synth(sc);
  DigestSystem<F> ds(sc.shape(), with_values);
  synth(ds);
  return {ds.shape(), ds.hex(), ds.first_unsatisfied(), ds.inputs(), ds.shape() == sc.shape()};
}

}  // namespace cuzk::test
