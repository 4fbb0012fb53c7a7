// ProvingAssignment: the prover's constraint system. Records the input and aux
// values and the evaluations a_i = <A_i, z>, b_i, c_i of every constraint
// straight into storage the caller supplies (plain vectors, or pinned pool
// buffers later) with no reallocation and no copy; tracks A/B densities.
// Exceeding the supplied capacity throws (the shape must be known).
#pragma once
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F>
struct AssignmentBuffers {
  std::span<F> inputs, aux, a, b, c;
};

// Plain heap storage for a known shape, for tests and the CPU-only path.
template <class F>
struct OwnedAssignmentBuffers {
  std::vector<F> inputs, aux, a, b, c;
  explicit OwnedAssignmentBuffers(const CircuitShape& s)
      : inputs(s.num_inputs), aux(s.num_aux), a(s.abc_length()), b(s.abc_length()), c(s.abc_length()) {}
  AssignmentBuffers<F> view() { return {inputs, aux, a, b, c}; }
};

template <class F_>
class ProvingAssignment {
 public:
  using Field = F_;
  using F = F_;

  explicit ProvingAssignment(AssignmentBuffers<F> buf)
      : buf_(buf), a_aux_density_(buf.aux.size()), b_input_density_(buf.inputs.size()), b_aux_density_(buf.aux.size()) {
    if (buf_.inputs.empty()) throw Error("ProvingAssignment: input buffer must hold at least the constant ONE");
    buf_.inputs[0] = F::one();
    num_inputs_ = 1;
  }

  template <class N, class V>
  Variable alloc(const N&, const V& value) {
    if (num_aux_ == buf_.aux.size()) overflow("auxiliary variables", buf_.aux.size());
    buf_.aux[num_aux_] = value();
    return Variable::aux(num_aux_++);
  }

  template <class N, class V>
  Variable alloc_input(const N&, const V& value) {
    if (num_inputs_ == buf_.inputs.size()) overflow("public inputs", buf_.inputs.size());
    buf_.inputs[num_inputs_] = value();
    return Variable::input(num_inputs_++);
  }

  // Synthesis checks this every 2^16 constraints and throws cuzk::Cancelled.
  void set_stop_token(std::stop_token t) { stop_ = std::move(t); }

  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    if (num_constraints_ + 1 > buf_.a.size()) overflow("constraints", buf_.a.size());
    if ((num_constraints_ & 0xffff) == 0xffff && stop_.stop_requested()) throw Cancelled("synthesis cancelled");
    const size_t i = num_constraints_++;
    buf_.a[i] = eval(a, nullptr, &a_aux_density_);
    buf_.b[i] = eval(b, &b_input_density_, &b_aux_density_);
    buf_.c[i] = eval(c, nullptr, nullptr);
  }

  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // Appends input_i * 0 = 0 for every input (bellperson's convention, which
  // makes the A-query polynomials of the inputs independent). Call once.
  void finish() {
    if (num_constraints_ + num_inputs_ > buf_.a.size()) overflow("constraints", buf_.a.size());
    for (size_t i = 0; i < num_inputs_; ++i) {
      const size_t k = num_constraints_ + i;
      buf_.a[k] = buf_.inputs[i];
      buf_.b[k] = F::zero();
      buf_.c[k] = F::zero();
    }
    shape_.num_inputs = num_inputs_;
    shape_.num_aux = num_aux_;
    shape_.num_constraints = num_constraints_;
    a_aux_density_.resize(num_aux_);
    b_aux_density_.resize(num_aux_);
    b_input_density_.resize(num_inputs_);
    finished_ = true;
  }

  const CircuitShape& shape() const { return shape_; }
  bool finished() const { return finished_; }
  std::span<const F> inputs() const { return buf_.inputs.first(num_inputs_); }
  std::span<const F> aux() const { return buf_.aux.first(num_aux_); }
  std::span<const F> a() const { return buf_.a.first(num_constraints_ + (finished_ ? num_inputs_ : 0)); }
  std::span<const F> b() const { return buf_.b.first(a().size()); }
  std::span<const F> c() const { return buf_.c.first(a().size()); }
  const Density& a_aux_density() const { return a_aux_density_; }
  const Density& b_input_density() const { return b_input_density_; }
  const Density& b_aux_density() const { return b_aux_density_; }

 private:
  // Flattened: g++ otherwise leaves the field additions as calls (20% of synthesis time).
  [[gnu::flatten]] F eval(const LinearCombination<F>& lc, Density* input_density, Density* aux_density) {
    F acc = F::zero();
    for (const auto& t : lc.terms()) {
      const size_t idx = t.var.index();
      F v;
      if (t.var.is_input()) {
        v = buf_.inputs[idx];
        if (input_density) input_density->set(idx);
      } else {
        v = buf_.aux[idx];
        if (aux_density) aux_density->set(idx);
      }
      // Most values in real circuits are bits and most coefficients are +-1:
      // an addition replaces the multiplication there.
      if (v.is_zero()) continue;
      if (t.coeff.is_one())
        acc += v;
      else if (v.is_one())
        acc += t.coeff;
      else if (t.coeff == minus_one_)
        acc -= v;
      else
        acc += v * t.coeff;
    }
    return acc;
  }
  static inline const F minus_one_ = -F::one();

  [[noreturn]] void overflow(const char* what, size_t cap) {
    throw Error(std::string("ProvingAssignment: circuit has more ") + what + " than the " + std::to_string(cap) +
                " the supplied buffers hold (circuit shape changed?)");
  }

  AssignmentBuffers<F> buf_;
  size_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  Density a_aux_density_, b_input_density_, b_aux_density_;
  CircuitShape shape_;
  bool finished_ = false;
  std::stop_token stop_;
};

}  // namespace cuzk::r1cs
