// How the prover evaluates one linear combination against the assignment
// and checks a * b = c, shared by ProvingAssignment and AssignmentPiece so
// the sequential and the parallel synthesis compute bit-identical values.
#pragma once
#include "r1cs/linear_combination.hpp"

namespace cuzk::r1cs {

// <lc, (inputs, aux)>; mark_input(i) / mark_aux(i) for every term's variable.
template <class F, class MarkInput, class MarkAux>
[[gnu::flatten]] inline F evaluate_marking(const LinearCombination<F>& lc, const F* inputs, const F* aux,
                                                 MarkInput&& mark_input, MarkAux&& mark_aux) {
  static const F minus_one = -F::one();
  F acc = F::zero();
  for (const auto& t : lc.terms()) {
    const size_t idx = t.var.index();
    F v;
    if (t.var.is_input()) {
      v = inputs[idx];
      mark_input(idx);
    } else {
      v = aux[idx];
      mark_aux(idx);
    }
    // Most values in real circuits are bits and most coefficients are +-1:
    // an addition replaces the multiplication there.
    if (v.is_zero()) continue;
    if (t.coeff.is_one())
      acc += v;
    else if (v.is_one())
      acc += t.coeff;
    else if (t.coeff == minus_one)
      acc -= v;
    else
      acc += v * t.coeff;
  }
  return acc;
}

// a * b == c without a multiplication where a or b is 0 or 1 (most
// constraints of bit-heavy circuits: booleanity, selections).
template <class F>
inline bool product_is(const F& a, const F& b, const F& c) {
  if (a.is_zero() || b.is_zero()) return c.is_zero();
  if (a.is_one()) return b == c;
  if (b.is_one()) return a == c;
  return a * b == c;
}

}  // namespace cuzk::r1cs
