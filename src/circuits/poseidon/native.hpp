// Poseidon on plain field elements: the permutation, and the hash that the
// gadget reproduces (state = (domain tag, preimage), output = element 1).
// permute() runs the partial rounds through the sparse factorisation
// (sparse.hpp): about 2t + 3 multiplications per partial round instead of
// t^2 + 3; permute_plain() is the textbook loop it is tested against.
#pragma once
#include <span>
#include <string>

#include "circuits/poseidon/constants.hpp"
#include "core/error.hpp"

namespace cuzk::circuits::poseidon {

namespace detail {

template <class F>
F pow5(const F& x) {
  return x.sqr().sqr() * x;
}

template <class F>
void check_width(size_t n, const PoseidonConstants<F>& c) {
  if (int(n) != c.width)
    throw Error("Poseidon: state has " + std::to_string(n) + " elements, width is " + std::to_string(c.width));
}

template <class F>
void apply(const F* m, F* state, int t) {
  F tmp[65];
  for (int i = 0; i < t; ++i) {
    F acc = F::zero();
    for (int j = 0; j < t; ++j) acc += m[i * t + j] * state[j];
    tmp[i] = acc;
  }
  for (int i = 0; i < t; ++i) state[i] = tmp[i];
}

}  // namespace detail

template <class F>
void permute_plain(std::span<F> state, const PoseidonConstants<F>& c) {
  detail::check_width(state.size(), c);
  const int t = c.width, half = c.full_rounds / 2;
  for (int r = 0; r < c.full_rounds + c.partial_rounds; ++r) {
    const bool full = r < half || r >= half + c.partial_rounds;
    for (int i = 0; i < t; ++i) state[i] += c.rc(r, i);
    for (int i = 0; i < (full ? t : 1); ++i) state[i] = detail::pow5(state[i]);
    detail::apply(c.mds.data(), state.data(), t);
  }
}

// trace, when given, receives every S-box input in order (trace_length() of them).
template <class F>
void permute(std::span<F> state, const PoseidonConstants<F>& c, F* trace = nullptr) {
  detail::check_width(state.size(), c);
  const int t = c.width, half = c.full_rounds / 2;
  F* s = state.data();
  auto full_round = [&](int r, const F* m) {
    for (int i = 0; i < t; ++i) {
      s[i] += c.rc(r, i);
      if (trace) *trace++ = s[i];
      s[i] = detail::pow5(s[i]);
    }
    detail::apply(m, s, t);
  };
  for (int r = 0; r < half; ++r) full_round(r, r + 1 == half ? c.sparse.pre_partial_mds.data() : c.mds.data());
  for (const auto& p : c.sparse.rounds) {
    for (int i = 0; i < t; ++i) s[i] += p.constants[size_t(i)];
    if (trace) *trace++ = s[0];
    const F y = detail::pow5(s[0]);
    F first = p.m00 * y;
    for (int i = 1; i < t; ++i) {
      first += p.row[size_t(i - 1)] * s[i];
      s[i] += p.col[size_t(i - 1)] * y;
    }
    s[0] = first;
  }
  for (int r = half + c.partial_rounds; r < c.full_rounds + c.partial_rounds; ++r) full_round(r, c.mds.data());
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
