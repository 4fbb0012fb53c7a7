// AssignmentPiece: one piece of a ProvingAssignment's circuit synthesized on
// its own thread (ProvingAssignment::split / join). A piece is positioned at
// fixed input, aux and constraint offsets, so the variables it allocates and
// the a/b it writes land where a sequential synthesis puts them; it reads
// every variable allocated before the split and its own. Densities go into
// the assignment's bitsets directly: words only this piece's aux variables
// share plainly, every other word atomically.
#pragma once
#include <optional>
#include <span>
#include <stop_token>
#include <string>

#include "core/error.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/lc_eval.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F>
class ProvingAssignment;

template <class F_>
class AssignmentPiece {
 public:
  using Field = F_;
  using F = F_;

  AssignmentPiece() = default;  // room for nothing; ProvingAssignment::split() makes real ones

  template <class N, class V>
  Variable alloc(const N&, const V& value) {
    if (next_aux_ == end_aux_) overflow("auxiliary variables");
    aux_[next_aux_] = value();
    return Variable::aux(next_aux_++);
  }

  template <class N, class V>
  Variable alloc_input(const N&, const V& value) {
    if (next_input_ == end_input_) overflow("public inputs");
    inputs_[next_input_] = value();
    return Variable::input(next_input_++);
  }

  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    if (next_constraint_ == end_constraint_) overflow("constraints");
    if ((next_constraint_ & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
    const size_t i = next_constraint_++;
    const F av = eval_a(a), bv = eval_b(b);
    a_[i] = av;
    b_[i] = bv;
    if (!first_bad_ && !product_is(av, bv, eval_c(c))) first_bad_ = i;
  }

  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // What this piece has synthesized so far (inputs without ONE).
  CircuitShape filled() const {
    return {next_input_ - begin_.num_inputs, next_aux_ - begin_.num_aux, next_constraint_ - begin_.num_constraints};
  }

 private:
  friend class ProvingAssignment<F>;

  [[gnu::flatten]] F eval_a(const LinearCombination<F>& lc) {
    return evaluate_marking(lc, inputs_, aux_, [](size_t) {}, [this](size_t i) { mark_aux(*a_aux_, i); });
  }
  [[gnu::flatten]] F eval_b(const LinearCombination<F>& lc) {
    return evaluate_marking(lc, inputs_, aux_, [this](size_t i) { b_input_->set_shared(i); },
                            [this](size_t i) { mark_aux(*b_aux_, i); });
  }
  [[gnu::flatten]] F eval_c(const LinearCombination<F>& lc) {
    return evaluate_marking(lc, inputs_, aux_, [](size_t) {}, [](size_t) {});
  }

  // Words wholly inside this piece's aux range are its alone.
  void mark_aux(Density& d, size_t i) const {
    if (i - own_lo_ < own_len_)
      d.set(i);
    else
      d.set_shared(i);
  }

  [[noreturn]] void overflow(const char* what) const {
    throw Error(std::string("AssignmentPiece: the piece at constraint ") + std::to_string(begin_.num_constraints) +
                " has more " + what + " than the shape it was split with");
  }

  F *inputs_ = nullptr, *aux_ = nullptr, *a_ = nullptr, *b_ = nullptr;  // the whole assignment's
  CircuitShape begin_;  // offsets of the piece's first input, aux, constraint
  size_t next_input_ = 0, next_aux_ = 0, next_constraint_ = 0;
  size_t end_input_ = 0, end_aux_ = 0, end_constraint_ = 0;
  size_t own_lo_ = 0, own_len_ = 0;  // aux bits in words no other piece touches
  Density *a_aux_ = nullptr, *b_input_ = nullptr, *b_aux_ = nullptr;
  std::optional<size_t> first_bad_;
  std::stop_token stop_;
};

}  // namespace cuzk::r1cs
