// Poseidon hash as a circuit: equal to poseidon::hash on the preimage's values,
// 3 constraints per S-box with a non-constant input (x^2, x^4, x^5) and none
// for the linear layers, which the precomputed plan folds into the S-box
// inputs. Arity 8 (Filecoin constants): 3 * (9*8 - 1 + 57) = 384 constraints.
// The output is a Num (a combination of the last round's S-box outputs), so a
// caller that only needs it linearly pays no constraint for it.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/num.hpp"
#include "circuits/poseidon/constants.hpp"
#include "circuits/poseidon/native.hpp"

namespace cuzk::circuits::poseidon {

template <class CS, class N>
Num<typename CS::Field> hash(CS& cs, const N& name, std::span<const Num<typename CS::Field>> preimage,
                             const PoseidonConstants<typename CS::Field>& c) {
  using F = typename CS::Field;
  if (int(preimage.size()) != c.arity)
    throw Error("Poseidon gadget: preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(c.arity));
  r1cs::Namespace ns(cs, name);
  const auto& plan = c.plan;
  const size_t n = plan.sboxes.size();
  // Symbol s >= 1 is S-box s-1's output.
  std::vector<Variable> sym(n + 1, Variable::one());
  // Values, only if the system asks: one native permutation records every
  // S-box input (cheaper than evaluating the plan's combinations).
  std::vector<F> trace;
  F out_value;
  auto values = [&]() -> const std::vector<F>& {
    if (trace.empty()) {
      trace.resize(trace_length(c.width, c.full_rounds, c.partial_rounds));
      F state[65];
      state[0] = c.domain_tag;
      for (int i = 0; i < c.arity; ++i) state[i + 1] = need(preimage[size_t(i)].value());
      permute(std::span<F>(state, size_t(c.width)), c, trace.data());
      out_value = state[1];
    }
    return trace;
  };

  // Scratch combinations reused for every S-box (no reallocation once
  // LinearCombination can be cleared in place; see lc.hpp).
  LC<F> x, x2lc, x4lc, x5lc;
  for (size_t k = 0; k < n; ++k) {
    const auto& s = plan.sboxes[k];
    r1cs::Namespace sns(cs, [k] { return "sbox " + std::to_string(k); });
    reset(x);
    if (s.input >= 0) x += preimage[size_t(s.input - 1)].lc();
    x.add(Variable::one(), s.constant);
    for (const auto& [i, coeff] : s.terms) x.add(sym[i], coeff);
    F xv, x2v, x4v;
    const Variable x2 = cs.alloc("x^2", [&] {
      xv = values()[s.trace_index];
      return x2v = xv.sqr();
    });
    reset(x2lc);
    x2lc += x2;
    cs.enforce("x*x", x, x, x2lc);
    const Variable x4 = cs.alloc("x^4", [&] { return x4v = x2v.sqr(); });
    reset(x4lc);
    x4lc += x4;
    cs.enforce("x^2*x^2", x2lc, x2lc, x4lc);
    const Variable x5 = cs.alloc("x^5", [&] { return x4v * xv; });
    reset(x5lc);
    x5lc += x5;
    cs.enforce("x^4*x", x4lc, x, x5lc);
    sym[k + 1] = x5;
  }

  LC<F> out;
  out.add(Variable::one(), plan.out_constant);
  for (const auto& [i, coeff] : plan.out_terms) out.add(sym[i], coeff);
  return Num<F>(std::move(out), trace.empty() ? std::nullopt : std::optional<F>(out_value));
}

}  // namespace cuzk::circuits::poseidon
