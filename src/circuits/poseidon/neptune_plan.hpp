// The linear combinations neptune's Poseidon circuit (circuit.rs
// poseidon_hash, which Filecoin's circuits call) enforces, worked out once per
// (arity, domain tag) so synthesis only emits them.
//
// neptune carries the state as Elt values: Allocated (a variable) or Num (a
// combination of ONE and variables). The linear layers (MDS, pre-sparse and
// sparse matrices) turn every element into a Num; each S-box then pins its
// Num input into a variable with `lc * ONE = v` before squaring. The only
// variables that ever appear in a Num are ONE and the S-box outputs (the
// preimage enters through the first round's S-boxes only), so each pinned
// Num is fixed by the constants: ONE's coefficient plus (symbol,
// coefficient) pairs over earlier S-box outputs. Symbols: 0..arity-1 are the
// first round's S-box outputs (preimage elements 1..arity), arity + k is
// sboxes[k]'s output. Coefficients are merged as bellpepper's Num.add does,
// and ordered by symbol, i.e. by variable index, as bellpepper orders them.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuits/poseidon/neptune.hpp"
#include "circuits/poseidon/neptune_native.hpp"
#include "core/error.hpp"
#include "ff/fields.hpp"

namespace cuzk::circuits::poseidon {

template <class F>
struct NeptuneCircuitPlan {
  struct Term {
    uint32_t symbol;
    F coeff;
  };
  // A pinned Num: one * ONE + sum terms[begin, end).
  struct PinnedNum {
    F one;
    uint32_t begin = 0, end = 0;
  };
  // Round keys of a first-round S-box on preimage element i + 1:
  // (x + pre)^2, ^4, then (x + pre) * x^4 + post.
  struct FirstSbox {
    F pre, post;
  };
  // A later S-box: pin the Num, square twice, then l * l^4 (+ post).
  struct Sbox {
    PinnedNum input;
    bool has_post = false;  // false only in the terminal round
    F post;
  };

  const NeptuneOptimized<F>* constants = nullptr;  // outlives the plan
  int arity = 0, width = 0, full_rounds = 0, partial_rounds = 0;
  F tag;
  std::vector<FirstSbox> first_round;  // arity entries
  std::vector<Sbox> sboxes;            // initial full rounds 1.., partial, final full rounds, terminal
  PinnedNum output;                    // element 1 after the last matrix: the hash result
  std::vector<Term> terms;

  std::span<const Term> terms_of(const PinnedNum& n) const {
    return std::span<const Term>(terms).subspan(n.begin, n.end - n.begin);
  }
  size_t symbols() const { return size_t(arity) + sboxes.size(); }
  // 3 per first-round S-box, 4 per later one (pin, x^2, x^4, x^5), 1 to pin the result.
  size_t constraints() const { return 3 * size_t(arity) + 4 * sboxes.size() + 1; }
  // One variable per constraint.
  size_t aux() const { return constraints(); }
};

namespace neptune_plan_detail {

// An Elt while planning: ONE's coefficient and (symbol, coefficient) sorted by symbol.
template <class F>
struct SymNum {
  F one = F::zero();
  std::vector<std::pair<uint32_t, F>> terms;
  static SymNum symbol(uint32_t s) { return {F::zero(), {{s, F::one()}}}; }
};

// sum_i coeff(i) * e[i], merged (bellpepper's scalar_product).
template <class F, class Coeff>
SymNum<F> combine(const std::vector<SymNum<F>>& e, Coeff coeff) {
  SymNum<F> r;
  std::map<uint32_t, F> acc;
  for (size_t i = 0; i < e.size(); ++i) {
    const F c = coeff(i);
    r.one += c * e[i].one;
    for (const auto& [s, v] : e[i].terms) {
      auto [it, fresh] = acc.try_emplace(s, c * v);
      if (!fresh) it->second += c * v;
    }
  }
  for (const auto& [s, v] : acc)
    if (!v.is_zero()) r.terms.emplace_back(s, v);
  return r;
}

}  // namespace neptune_plan_detail

template <class F>
NeptuneCircuitPlan<F> make_neptune_circuit_plan(const NeptuneOptimized<F>& o, const F& tag) {
  using namespace neptune_plan_detail;
  using Plan = NeptuneCircuitPlan<F>;
  const size_t t = size_t(o.width);
  const int h = o.half_full_rounds();
  if (o.full_rounds < 2 || o.full_rounds % 2 != 0 || o.partial_rounds < 1 || t < 2 ||
      o.sparse.size() != size_t(o.partial_rounds) ||
      o.compressed_round_constants.size() != t * size_t(o.full_rounds) + size_t(o.partial_rounds))
    throw Error("Poseidon circuit plan: constants are not in neptune's form (width " + std::to_string(t) + ")");
  Plan p;
  p.constants = &o;
  p.arity = int(t) - 1;
  p.width = int(t);
  p.full_rounds = o.full_rounds;
  p.partial_rounds = o.partial_rounds;
  p.tag = tag;

  const F* rc = o.compressed_round_constants.data();
  uint32_t next_symbol = 0;
  std::vector<SymNum<F>> e(t);
  auto pin = [&](const SymNum<F>& x) {
    typename Plan::PinnedNum n;
    n.one = x.one;
    n.begin = uint32_t(p.terms.size());
    for (const auto& [s, v] : x.terms) p.terms.push_back({s, v});
    n.end = uint32_t(p.terms.size());
    return n;
  };
  auto sbox = [&](size_t i, const F* post) {
    typename Plan::Sbox s;
    s.input = pin(e[i]);
    if (post) {
      s.has_post = true;
      s.post = *post;
    }
    p.sboxes.push_back(std::move(s));
    e[i] = SymNum<F>::symbol(next_symbol++);
  };
  // neptune product_mds: the round counter picks M, the pre-sparse matrix
  // (after round h - 1) or the partial rounds' sparse matrices.
  int round = 0;
  auto mix = [&] {
    if (round > h - 1 && round < h + o.partial_rounds) {
      const auto& sp = o.sparse[size_t(round - h)];
      std::vector<SymNum<F>> r;
      r.push_back(combine(e, [&](size_t i) { return sp.w_hat[i]; }));
      // e[0] is the S-box output just allocated: a symbol above every other.
      for (size_t j = 1; j < t; ++j) {
        SymNum<F> x = e[j];
        x.one += sp.v_rest[j - 1] * e[0].one;
        for (const auto& [s, v] : e[0].terms) x.terms.emplace_back(s, sp.v_rest[j - 1] * v);
        r.push_back(std::move(x));
      }
      e = std::move(r);
    } else {
      // new_j = sum_i m[i][j] e_i
      const std::vector<F>& m = round == h - 1 ? o.pre_sparse : o.mds;
      std::vector<SymNum<F>> r;
      for (size_t j = 0; j < t; ++j) r.push_back(combine(e, [&](size_t i) { return m[i * t + j]; }));
      e = std::move(r);
    }
    ++round;
  };

  // First round: element 0 is the constant tag, its S-box folded to a
  // constant; the others are the preimage, their round keys added inside
  // the S-box constraints.
  {
    const F* pre = rc;
    const F* post = rc + t;
    const F x = tag + pre[0];
    e[0].one = x.sqr().sqr() * x + post[0];
    for (size_t i = 1; i < t; ++i) {
      p.first_round.push_back({pre[i], post[i]});
      e[i] = SymNum<F>::symbol(next_symbol++);
    }
    rc += 2 * t;
    mix();
  }
  for (int r = 1; r < h; ++r) {
    for (size_t i = 0; i < t; ++i) sbox(i, rc++);
    mix();
  }
  for (int r = 0; r < o.partial_rounds; ++r) {
    sbox(0, rc++);
    mix();
  }
  for (int r = 0; r + 1 < h; ++r) {
    for (size_t i = 0; i < t; ++i) sbox(i, rc++);
    mix();
  }
  for (size_t i = 0; i < t; ++i) sbox(i, nullptr);
  mix();
  p.output = pin(e[1]);
  return p;
}

// The plan for arity with domain tag `tag` over Filecoin's neptune constants
// (filecoin_neptune_optimized), built on first use and kept for the life of
// the process.
template <class F = ff::Bls12_381_Fr>
const NeptuneCircuitPlan<F>& neptune_circuit_plan(int arity, const F& tag) {
  static std::mutex mu;
  static std::map<std::pair<int, std::array<uint64_t, F::N>>, std::unique_ptr<const NeptuneCircuitPlan<F>>> cache;
  const auto& o = filecoin_neptune_optimized<F>(arity);
  std::array<uint64_t, F::N> key;
  const auto canonical = tag.to_canonical();
  for (int i = 0; i < F::N; ++i) key[size_t(i)] = canonical.v[i];
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[{arity, key}];
  if (!slot) slot = std::make_unique<const NeptuneCircuitPlan<F>>(make_neptune_circuit_plan<F>(o, tag));
  return *slot;
}

// HashType::MerkleTree, what PoseidonConstants::new() gives Filecoin's trees.
template <class F = ff::Bls12_381_Fr>
const NeptuneCircuitPlan<F>& neptune_circuit_plan(int arity) {
  return neptune_circuit_plan<F>(arity, neptune_merkle_tree_tag<F>(arity));
}

}  // namespace cuzk::circuits::poseidon
