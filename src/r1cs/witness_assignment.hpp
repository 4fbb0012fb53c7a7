// WitnessAssignment: the constraint system of witness-only synthesis. It
// records the input and aux values into storage the caller supplies and only
// counts constraints: no linear combination is evaluated or checked here.
// What the constraints say comes from the circuit's recorded matrices
// (r1cs/constraint_matrices.hpp): a = A z, b = B z, and C z checked against
// a * b wherever the product is made. Splits into pieces synthesized on their
// own threads, as ProvingAssignment does, with the same placement.
#pragma once
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/open_split.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F>
class WitnessAssignment;

// One piece of a WitnessAssignment, at fixed input, aux and constraint offsets.
template <class F_>
class WitnessPiece {
 public:
  using Field = F_;
  using F = F_;
  static constexpr bool kReadsConstraints = false;

  WitnessPiece() = default;

  template <class N, class V>
  Variable alloc(const N&, const V& value) {
    if (next_aux_ == end_.num_aux) overflow("auxiliary variables");
    aux_[next_aux_] = value();
    return Variable::aux(next_aux_++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V& value) {
    if (next_input_ == end_.num_inputs) overflow("public inputs");
    inputs_[next_input_] = value();
    return Variable::input(next_input_++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>&, const LinearCombination<F>&, const LinearCombination<F>&) {
    if (next_constraint_ == end_.num_constraints) overflow("constraints");
    if ((next_constraint_++ & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  CircuitShape filled() const {
    return {next_input_ - begin_.num_inputs, next_aux_ - begin_.num_aux, next_constraint_ - begin_.num_constraints};
  }

 private:
  friend class WitnessAssignment<F>;
  [[noreturn]] void overflow(const char* what) const {
    throw Error(std::string("WitnessPiece: the piece at constraint ") + std::to_string(begin_.num_constraints) +
                " has more " + what + " than the shape it was split with");
  }

  F *inputs_ = nullptr, *aux_ = nullptr;
  CircuitShape begin_, end_;
  size_t next_input_ = 0, next_aux_ = 0, next_constraint_ = 0;
  std::stop_token stop_;
};

template <class F_>
class WitnessAssignment {
 public:
  using Field = F_;
  using F = F_;
  using Piece = WitnessPiece<F>;
  static constexpr bool kReadsConstraints = false;

  // `inputs` holds at least ONE; `constraints` is the circuit's count (a
  // circuit that enforces more throws, as for any other shape overflow).
  WitnessAssignment(std::span<F> inputs, std::span<F> aux, size_t constraints)
      : inputs_(inputs), aux_(aux), capacity_(constraints) {
    if (inputs_.empty()) throw Error("WitnessAssignment: input buffer must hold at least the constant ONE");
    inputs_[0] = F::one();
    num_inputs_ = 1;
  }

  template <class N, class V>
  Variable alloc(const N&, const V& value) {
    if (num_aux_ == aux_.size()) overflow("auxiliary variables", aux_.size());
    aux_[num_aux_] = value();
    return Variable::aux(num_aux_++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V& value) {
    if (num_inputs_ == inputs_.size()) overflow("public inputs", inputs_.size());
    inputs_[num_inputs_] = value();
    return Variable::input(num_inputs_++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>&, const LinearCombination<F>&, const LinearCombination<F>&) {
    if (num_constraints_ == capacity_) overflow("constraints", capacity_);
    if ((num_constraints_++ & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  void set_stop_token(std::stop_token t) { stop_ = std::move(t); }

  // ProvingAssignment::split / join's contract: `count` pieces of shape
  // `each` (inputs without ONE), placed after what is synthesized so far.
  bool can_split() const { return !split_.open(); }
  std::vector<Piece> split(size_t count, const CircuitShape& each) {
    if (split_.open()) throw Error("WitnessAssignment: split() while split");
    if (num_inputs_ + count * each.num_inputs > inputs_.size()) overflow("public inputs", inputs_.size());
    if (num_aux_ + count * each.num_aux > aux_.size()) overflow("auxiliary variables", aux_.size());
    if (num_constraints_ + count * each.num_constraints > capacity_) overflow("constraints", capacity_);
    std::vector<Piece> pieces(count);
    for (size_t i = 0; i < count; ++i) {
      Piece& p = pieces[i];
      p.inputs_ = inputs_.data();
      p.aux_ = aux_.data();
      p.begin_ = {num_inputs_ + i * each.num_inputs, num_aux_ + i * each.num_aux,
                  num_constraints_ + i * each.num_constraints};
      p.end_ = {p.begin_.num_inputs + each.num_inputs, p.begin_.num_aux + each.num_aux,
                p.begin_.num_constraints + each.num_constraints};
      p.next_input_ = p.begin_.num_inputs;
      p.next_aux_ = p.begin_.num_aux;
      p.next_constraint_ = p.begin_.num_constraints;
      p.stop_ = stop_;
    }
    split_.begin(count, each, "WitnessAssignment");
    return pieces;
  }
  void join(std::span<const Piece> pieces) {
    split_.end(pieces, "WitnessAssignment");
    const CircuitShape added = split_.total(pieces.size());
    num_inputs_ += added.num_inputs;
    num_aux_ += added.num_aux;
    num_constraints_ += added.num_constraints;
  }

  // The shape synthesized (inputs with ONE, constraints without the
  // per-input ones the prover appends).
  CircuitShape shape() const { return {num_inputs_, num_aux_, num_constraints_}; }
  std::span<const F> inputs() const { return inputs_.first(num_inputs_); }
  std::span<const F> aux() const { return aux_.first(num_aux_); }

 private:
  [[noreturn]] void overflow(const char* what, size_t cap) const {
    throw Error(std::string("WitnessAssignment: circuit has more ") + what + " than the " + std::to_string(cap) +
                " the supplied buffers hold (circuit shape changed?)");
  }

  std::span<F> inputs_, aux_;
  size_t capacity_ = 0;
  size_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  OpenSplit split_;
  std::stop_token stop_;
};

}  // namespace cuzk::r1cs
