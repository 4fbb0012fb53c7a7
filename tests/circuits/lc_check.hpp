// Test helper: a linear combination as bellpepper sees it (terms merged per
// variable, zero sums dropped), for comparing a constraint's A, B, C with
// the combinations the Rust builds.
#pragma once
#include <map>
#include <utility>
#include <vector>

#include "r1cs/linear_combination.hpp"

namespace cuzk::test {

template <class F>
using MergedLc = std::map<std::pair<bool, size_t>, F>;  // (is aux, index) -> coefficient

template <class F>
MergedLc<F> merged(const r1cs::LinearCombination<F>& lc) {
  MergedLc<F> m;
  for (const auto& t : lc.terms()) {
    auto [it, fresh] = m.try_emplace({!t.var.is_input(), t.var.index()}, t.coeff);
    if (!fresh) it->second += t.coeff;
  }
  std::erase_if(m, [](const auto& kv) { return kv.second.is_zero(); });
  return m;
}

// The merged form of sum(coeff_i * var_i).
template <class F>
MergedLc<F> lc_of(std::vector<std::pair<r1cs::Variable, F>> terms) {
  r1cs::LinearCombination<F> lc;
  for (const auto& [v, c] : terms) lc.add(v, c);
  return merged(lc);
}

}  // namespace cuzk::test
