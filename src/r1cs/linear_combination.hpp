// Sparse linear combination sum(coeff_i * var_i) over the scalar field F.
// Terms are kept as added (duplicates allowed); evaluation sums them.
// bellpepper merges a variable added twice into one term; the matrices are
// the same, but a variable whose terms cancel still counts here for the A/B
// density where bellperson's would not: a gadget that can cancel a variable
// must merge first (r1cs/normal_form.hpp merged).
#pragma once
#include <span>
#include <vector>

#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

template <class F>
struct Term {
  Variable var;
  F coeff;
};

template <class F>
class LinearCombination {
 public:
  LinearCombination() = default;
  LinearCombination(Variable v) { terms_.push_back({v, F::one()}); }  // NOLINT: implicit by design
  static LinearCombination zero() { return {}; }
  static LinearCombination constant(F c) {
    LinearCombination lc;
    lc.add(Variable::one(), c);
    return lc;
  }

  LinearCombination& add(Variable v, F coeff) {
    if (!coeff.is_zero()) terms_.push_back({v, coeff});
    return *this;
  }
  LinearCombination& operator+=(Variable v) { return add(v, F::one()); }
  LinearCombination& operator-=(Variable v) {
    static const F minus_one = -F::one();
    return add(v, minus_one);
  }
  LinearCombination& operator+=(const LinearCombination& o) {
    terms_.insert(terms_.end(), o.terms_.begin(), o.terms_.end());
    return *this;
  }
  LinearCombination& operator-=(const LinearCombination& o) {
    for (const auto& t : o.terms_) terms_.push_back({t.var, -t.coeff});
    return *this;
  }
  // Scaling by zero empties the combination: no stored term ever has a zero
  // coefficient, so density (which variables a query touches) counts only
  // real terms, as bellperson's prover skips zero coefficients.
  LinearCombination& operator*=(F s) {
    if (s.is_zero()) {
      terms_.clear();
      return *this;
    }
    for (auto& t : terms_) t.coeff *= s;
    return *this;
  }
  friend LinearCombination operator+(LinearCombination a, const LinearCombination& b) { return a += b; }
  friend LinearCombination operator-(LinearCombination a, const LinearCombination& b) { return a -= b; }
  friend LinearCombination operator*(LinearCombination a, F s) { return a *= s; }

  // Empties the combination but keeps its storage, so loops can reuse one.
  void clear() { terms_.clear(); }
  void reserve(size_t n) { terms_.reserve(n); }

  std::span<const Term<F>> terms() const { return terms_; }
  bool empty() const { return terms_.empty(); }

  // <lc, (inputs, aux)>
  F evaluate(std::span<const F> inputs, std::span<const F> aux) const {
    F acc = F::zero();
    for (const auto& t : terms_) {
      const F& v = t.var.is_input() ? inputs[t.var.index()] : aux[t.var.index()];
      acc += t.coeff.is_one() ? v : v * t.coeff;
    }
    return acc;
  }

 private:
  std::vector<Term<F>> terms_;
};

}  // namespace cuzk::r1cs
