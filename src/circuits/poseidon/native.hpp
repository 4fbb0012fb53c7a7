// Poseidon on plain field elements: the permutation, and the hash that the
// gadget reproduces (state = (domain tag, preimage), output = element 1).
#pragma once
#include <span>
#include <string>

#include "circuits/poseidon/constants.hpp"
#include "core/error.hpp"

namespace cuzk::circuits::poseidon {

template <class F>
void permute(std::span<F> state, const PoseidonConstants<F>& c) {
  const int t = c.width;
  if (int(state.size()) != t)
    throw Error("Poseidon: state has " + std::to_string(state.size()) + " elements, width is " + std::to_string(t));
  constexpr int kMax = 65;
  F tmp[kMax];
  const int rounds = c.full_rounds + c.partial_rounds;
  const int half = c.full_rounds / 2;
  for (int r = 0; r < rounds; ++r) {
    const bool full = r < half || r >= half + c.partial_rounds;
    for (int i = 0; i < t; ++i) state[i] += c.rc(r, i);
    for (int i = 0; i < (full ? t : 1); ++i) state[i] = state[i].sqr().sqr() * state[i];
    for (int i = 0; i < t; ++i) {
      F acc = F::zero();
      for (int j = 0; j < t; ++j) acc += c.m(i, j) * state[j];
      tmp[i] = acc;
    }
    for (int i = 0; i < t; ++i) state[i] = tmp[i];
  }
}

template <class F>
F hash(std::span<const F> preimage, const PoseidonConstants<F>& c) {
  if (int(preimage.size()) != c.arity)
    throw Error("Poseidon: preimage has " + std::to_string(preimage.size()) + " elements, arity is " +
                std::to_string(c.arity));
  F state[65];
  state[0] = c.domain_tag;
  for (int i = 0; i < c.arity; ++i) state[i + 1] = preimage[i];
  permute(std::span<F>(state, size_t(c.width)), c);
  return state[1];
}

}  // namespace cuzk::circuits::poseidon
