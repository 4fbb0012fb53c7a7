// Short names and reuse helpers for linear combinations built during synthesis.
#pragma once
#include "r1cs/linear_combination.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::circuits {

using r1cs::Variable;
template <class F>
using LC = r1cs::LinearCombination<F>;

// Empties lc so it can be refilled; keeps its storage when LinearCombination
// offers clear(), so a loop that reuses one LC stops allocating per constraint.
template <class F>
void reset(LC<F>& lc) {
  if constexpr (requires { lc.clear(); })
    lc.clear();
  else
    lc = LC<F>();
}

// ONE - v, the shape of every booleanity and negation term.
template <class F>
LC<F> one_minus(Variable v) {
  LC<F> lc(Variable::one());
  lc -= v;
  return lc;
}

}  // namespace cuzk::circuits
