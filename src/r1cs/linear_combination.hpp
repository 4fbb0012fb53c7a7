// Sparse linear combination sum(coeff_i * var_i) over the scalar field F,
// held as bellpepper holds it: each variable once (a variable added again has
// its coefficient summed, and leaves when the sum is zero), inputs before aux,
// each in index order. So the matrices' non-zeros and the A/B densities are
// bellperson's term for term, also where a gadget's terms cancel.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

template <class F>
struct Term {
  Variable var;
  F coeff;
};

template <class F>
class LinearCombination {
 public:
  LinearCombination() = default;
  LinearCombination(Variable v) { terms_.emplace_back(v, F::one()); }  // NOLINT: implicit by design
  static LinearCombination zero() { return {}; }
  static LinearCombination constant(F c) {
    LinearCombination lc;
    lc.add(Variable::one(), c);
    return lc;
  }

  // Gadgets add variables in allocation order almost always (or the last
  // one again): those cases are inlined; any other is a binary search.
  LinearCombination& add(Variable v, const F& coeff) {
    if (coeff.is_zero()) return *this;
    if (terms_.empty() || order(terms_.back().var) < order(v)) {
      terms_.emplace_back(v, coeff);
      return *this;
    }
    if (terms_.back().var == v) {
      terms_.back().coeff += coeff;
      if (terms_.back().coeff.is_zero()) terms_.pop_back();
      return *this;
    }
    return insert(v, coeff);
  }
  LinearCombination& operator+=(Variable v) { return add(v, F::one()); }
  LinearCombination& operator-=(Variable v) {
    static const F minus_one = -F::one();
    return add(v, minus_one);
  }
  LinearCombination& operator+=(const LinearCombination& o) { return merge(o, false); }
  LinearCombination& operator-=(const LinearCombination& o) { return merge(o, true); }
  // Scaling by zero empties the combination: no stored term ever has a zero
  // coefficient, so density (which variables a query touches) counts only
  // real terms, as bellperson's prover skips zero coefficients.
  LinearCombination& operator*=(F s) {
    if (s.is_zero()) {
      terms_.clear();
      return *this;
    }
    for (auto& t : terms_) t.coeff *= s;
    return *this;
  }
  friend LinearCombination operator+(LinearCombination a, const LinearCombination& b) { return a += b; }
  friend LinearCombination operator-(LinearCombination a, const LinearCombination& b) { return a -= b; }
  friend LinearCombination operator*(LinearCombination a, F s) { return a *= s; }

  // Makes the combination the sum of `terms` (any order, variables repeated
  // or not): what adding them one by one to an empty one leaves, in
  // O(n log n) rather than a sorted insertion each.
  LinearCombination& assign_sum(std::span<const Term<F>> terms) {
    terms_.clear();
    terms_.reserve(terms.size());
    // Sorts 8-byte keys (order, position) rather than the 40-byte terms.
    constexpr unsigned kPosBits = 16;
    thread_local std::vector<uint64_t> keys;
    keys.clear();
    bool packable = terms.size() <= (size_t(1) << kPosBits), sorted = true;
    for (size_t i = 0; i < terms.size() && packable; ++i) {
      const Variable v = terms[i].var;
      packable = v.index() < (uint64_t(1) << (63 - kPosBits));
      keys.push_back((uint64_t(v.is_input() ? 0 : 1) << 63) | (uint64_t(v.index()) << kPosBits) | i);
      sorted = sorted && (i == 0 || keys[i - 1] < keys[i]);
    }
    if (!packable) {
      std::vector<Term<F>> sorted(terms.begin(), terms.end());
      std::stable_sort(sorted.begin(), sorted.end(),
                       [](const Term<F>& x, const Term<F>& y) { return order(x.var) < order(y.var); });
      for (const auto& t : sorted) append_summed(t);
      return *this;
    }
    if (!sorted) std::sort(keys.begin(), keys.end());  // fresh variables (a sum's result bits) come sorted
    for (uint64_t k : keys) append_summed(terms[k & ((uint64_t(1) << kPosBits) - 1)]);
    return *this;
  }

  // Empties the combination but keeps its storage, so loops can reuse one.
  void clear() { terms_.clear(); }
  void reserve(size_t n) { terms_.reserve(n); }

  std::span<const Term<F>> terms() const { return terms_; }
  bool empty() const { return terms_.empty(); }

  // <lc, (inputs, aux)>
  F evaluate(std::span<const F> inputs, std::span<const F> aux) const {
    F acc = F::zero();
    for (const auto& t : terms_) {
      const F& v = t.var.is_input() ? inputs[t.var.index()] : aux[t.var.index()];
      acc += t.coeff.is_one() ? v : v * t.coeff;
    }
    return acc;
  }

 private:
  // Inputs before aux, each by index: bellpepper's order.
  static constexpr uint64_t order(Variable v) { return (uint64_t(v.is_input() ? 0 : 1) << 63) | uint64_t(v.index()); }

  [[gnu::noinline]] LinearCombination& insert(Variable v, const F& coeff) {
    const uint64_t k = order(v);
    auto it = std::lower_bound(terms_.begin(), terms_.end(), k,
                               [](const Term<F>& t, uint64_t key) { return order(t.var) < key; });
    if (it != terms_.end() && it->var == v) {
      it->coeff += coeff;
      if (it->coeff.is_zero()) terms_.erase(it);
    } else {
      terms_.insert(it, {v, coeff});
    }
    return *this;
  }

  // For terms arriving sorted by variable: a repeat of the last variable is
  // summed into it (and dropped once the sum is zero, as add does).
  void append_summed(const Term<F>& t) {
    if (t.coeff.is_zero()) return;
    if (!terms_.empty() && terms_.back().var == t.var) {
      terms_.back().coeff += t.coeff;
      if (terms_.back().coeff.is_zero()) terms_.pop_back();
    } else {
      terms_.push_back(t);
    }
  }

  LinearCombination& merge(const LinearCombination& o, bool negate) {
    if (o.terms_.empty()) return *this;
    if (terms_.empty() || order(terms_.back().var) < order(o.terms_.front().var)) {
      for (const auto& t : o.terms_) terms_.emplace_back(t.var, negate ? -t.coeff : t.coeff);
      return *this;
    }
    std::vector<Term<F>> out;
    out.reserve(terms_.size() + o.terms_.size());
    size_t i = 0, j = 0;
    while (i < terms_.size() || j < o.terms_.size()) {
      const bool take_mine = j == o.terms_.size() ||
                             (i < terms_.size() && order(terms_[i].var) < order(o.terms_[j].var));
      const bool take_theirs = i == terms_.size() ||
                               (j < o.terms_.size() && order(o.terms_[j].var) < order(terms_[i].var));
      if (take_mine) {
        out.push_back(terms_[i++]);
      } else if (take_theirs) {
        const auto& t = o.terms_[j++];
        out.push_back({t.var, negate ? -t.coeff : t.coeff});
      } else {
        F c = terms_[i].coeff;
        if (negate) c -= o.terms_[j].coeff; else c += o.terms_[j].coeff;
        if (!c.is_zero()) out.push_back({terms_[i].var, c});
        ++i;
        ++j;
      }
    }
    terms_ = std::move(out);
    return *this;
  }

  std::vector<Term<F>> terms_;
};

}  // namespace cuzk::r1cs
