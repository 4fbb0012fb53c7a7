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

// Per-thread combination number Slot, emptied, for leaf gadgets that emit
// millions of tiny constraints (bit allocation, two-bit gates): every
// constraint system reads enforce()'s arguments only during the call, so
// refilling the same storage saves the allocations. A caller fills its
// slots and enforces with no other gadget call in between.
template <class F, int Slot>
LC<F>& scratch_lc() {
  thread_local LC<F> lc;
  reset(lc);
  return lc;
}

// ONE - v, the shape of every booleanity and negation term.
template <class F>
LC<F> one_minus(Variable v) {
  LC<F> lc(Variable::one());
  lc -= v;
  return lc;
}

}  // namespace cuzk::circuits
