// A linear combination as bellpepper holds it: each variable once
// (coefficients summed), no zero coefficient, inputs first, then aux, each in
// index order (bellpepper lc.rs keeps inputs and aux apart, each sorted; its
// TestConstraintSystem::hash drops the zeros).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "r1cs/linear_combination.hpp"

namespace cuzk::r1cs {

template <class F>
std::vector<Term<F>> normal_form(const LinearCombination<F>& lc) {
  auto key = [](Variable v) { return (uint64_t(v.is_input() ? 0 : 1) << 63) | uint64_t(v.index()); };
  std::vector<Term<F>> t(lc.terms().begin(), lc.terms().end());
  std::stable_sort(t.begin(), t.end(), [&](const Term<F>& x, const Term<F>& y) { return key(x.var) < key(y.var); });
  std::vector<Term<F>> out;
  out.reserve(t.size());
  for (const auto& term : t) {
    if (!out.empty() && out.back().var == term.var)
      out.back().coeff += term.coeff;
    else
      out.push_back(term);
  }
  std::erase_if(out, [](const Term<F>& x) { return x.coeff.is_zero(); });
  return out;
}

// The same as a LinearCombination: what a gadget that may add a variable
// twice (and cancel it) enforces, so densities match bellperson's.
template <class F>
LinearCombination<F> merged(const LinearCombination<F>& lc) {
  LinearCombination<F> out;
  for (const auto& t : normal_form(lc)) out.add(t.var, t.coeff);
  return out;
}

}  // namespace cuzk::r1cs
