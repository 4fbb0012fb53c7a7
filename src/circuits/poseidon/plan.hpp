// The Poseidon gadget's wiring, worked out once per parameter set: every
// S-box input and the output as a linear combination of ONE and earlier S-box
// outputs. The linear layers (round constants, MDS) thereby fold into the
// combinations, so the gadget spends exactly 3 constraints (x^2, x^4, x^5) per
// S-box whose input is not a constant, and nothing else.
#pragma once
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace cuzk::circuits::poseidon {

template <class F>
struct PoseidonPlan {
  struct Sbox {
    int input = -1;  // >= 0: first-round S-box on state element `input` (preimage element input-1)
    size_t trace_index = 0;  // position of this S-box's input in permute()'s trace
    F constant;      // added to the input
    std::vector<std::pair<uint32_t, F>> terms;  // (symbol, coefficient); symbol s >= 1 is S-box s-1's output
  };
  std::vector<Sbox> sboxes;
  F out_constant;
  std::vector<std::pair<uint32_t, F>> out_terms;
  size_t constraints() const { return 3 * sboxes.size(); }
};

// Where round r's S-box inputs start in a permutation trace (full rounds
// contribute t inputs, partial rounds one).
inline size_t trace_offset(int r, int width, int rf, int rp) {
  const int h = rf / 2;
  if (r <= h) return size_t(r) * size_t(width);
  if (r <= h + rp) return size_t(h) * size_t(width) + size_t(r - h);
  return size_t(h) * size_t(width) + size_t(rp) + size_t(r - h - rp) * size_t(width);
}
inline size_t trace_length(int width, int rf, int rp) { return trace_offset(rf + rp, width, rf, rp); }

// rc: width * (rf + rp) round constants, round-major; mds: width x width,
// row-major, new_i = sum_j mds[i][j] * old_j; state element 0 starts as the
// constant `tag`, the others as the preimage; the output is element 1.
template <class F>
PoseidonPlan<F> build_poseidon_plan(int width, int rf, int rp, std::span<const F> rc, std::span<const F> mds,
                                    const F& tag) {
  using Vec = std::vector<F>;  // dense over symbols: [0] = ONE, [s] = S-box s-1's output
  const size_t t = size_t(width);
  const size_t cap = 1 + t * size_t(rf) + size_t(rp);
  PoseidonPlan<F> plan;
  uint32_t nsym = 1;
  auto pow5 = [](const F& x) { return x.sqr().sqr() * x; };
  auto record = [&](const Vec& x, size_t trace_index) {
    typename PoseidonPlan<F>::Sbox s;
    s.trace_index = trace_index;
    s.constant = x[0];
    for (uint32_t k = 1; k < nsym; ++k)
      if (!x[k].is_zero()) s.terms.emplace_back(k, x[k]);
    plan.sboxes.push_back(std::move(s));
    Vec y(cap, F::zero());
    y[nsym++] = F::one();
    return y;
  };
  auto is_constant = [&](const Vec& x) {
    for (uint32_t k = 1; k < nsym; ++k)
      if (!x[k].is_zero()) return false;
    return true;
  };

  std::vector<Vec> y(t, Vec(cap, F::zero()));
  // Round 0: element 0 is the constant tag, the rest come straight from the preimage.
  y[0][0] = pow5(tag + rc[0]);
  for (size_t i = 1; i < t; ++i) {
    typename PoseidonPlan<F>::Sbox s;
    s.input = int(i);
    s.trace_index = i;
    s.constant = rc[i];
    plan.sboxes.push_back(std::move(s));
    y[i][nsym++] = F::one();
  }
  std::vector<Vec> state(t, Vec(cap, F::zero()));
  auto mix = [&] {
    for (size_t i = 0; i < t; ++i) {
      Vec& out = state[i];
      std::fill(out.begin(), out.end(), F::zero());
      for (size_t j = 0; j < t; ++j) {
        const F& m = mds[i * t + j];
        for (uint32_t k = 0; k < nsym; ++k)
          if (!y[j][k].is_zero()) out[k] += m * y[j][k];
      }
    }
  };
  mix();
  const int rounds = rf + rp;
  for (int r = 1; r < rounds; ++r) {
    const bool full = r < rf / 2 || r >= rf / 2 + rp;
    for (size_t i = 0; i < t; ++i) {
      Vec x = state[i];
      x[0] += rc[size_t(r) * t + i];
      if (!full && i != 0) {
        y[i] = std::move(x);
      } else if (is_constant(x)) {
        y[i] = Vec(cap, F::zero());
        y[i][0] = pow5(x[0]);
      } else {
        y[i] = record(x, trace_offset(r, width, rf, rp) + i);
      }
    }
    mix();
  }
  plan.out_constant = state[1][0];
  for (uint32_t k = 1; k < nsym; ++k)
    if (!state[1][k].is_zero()) plan.out_terms.emplace_back(k, state[1][k]);
  return plan;
}

}  // namespace cuzk::circuits::poseidon
