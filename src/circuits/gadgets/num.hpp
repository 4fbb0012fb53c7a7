// A field element as a linear combination of variables plus its value, as
// bellpepper-core's Num (gadgets/num.rs): additions, scalings, booleans with
// a coefficient and constants cost no constraint. lc(coeff) is what the
// Rust's Num::lc hands to enforce.
// Two helpers have no counterpart in bellpepper: allocate() (lc * 1 = v) and
// enforce_equal() ((a - b) * 1 = 0); they serve this project's own circuits,
// not the Filecoin ones.
// Values: a sum with an unknown term is unknown (the Rust keeps the known
// side's value instead; values never reach the R1CS, so only witness-less
// synthesis could tell, and it asks for none).
#pragma once
#include <optional>

#include "circuits/gadgets/allocated_num.hpp"

namespace cuzk::circuits {

template <class F>
class Num {
 public:
  Num() : value_(F::zero()) {}
  Num(const AllocatedNum<F>& a) : lc_(a.variable()), value_(a.value()) {}  // NOLINT: implicit by design
  Num(LC<F> lc, std::optional<F> value) : lc_(std::move(lc)), value_(value) {}
  static Num zero() { return Num(); }
  static Num constant(const F& c) { return Num(LC<F>::constant(c), c); }

  // this += coeff * o
  Num& add(const Num& o, const F& coeff = F::one()) {
    if (coeff.is_one()) {
      lc_ += o.lc_;
    } else {
      for (const auto& t : o.lc_.terms()) lc_.add(t.var, t.coeff * coeff);
    }
    value_ = value_ && o.value_ ? std::optional<F>(*value_ + coeff * *o.value_) : std::nullopt;
    return *this;
  }
  // this += coeff * v, where v's value is val (empty when unknown)
  Num& add(Variable v, const std::optional<F>& val, const F& coeff = F::one()) {
    lc_.add(v, coeff);
    value_ = value_ && val ? std::optional<F>(*value_ + coeff * *val) : std::nullopt;
    return *this;
  }
  // this += coeff * bit (Rust's add_bool_with_coeff).
  Num& add_bool_with_coeff(const Boolean<F>& bit, const F& coeff) {
    bit.add_to(lc_, coeff);
    const std::optional<bool> b = bit.value();
    if (value_ && b) {
      if (*b) *value_ += coeff;
    } else {
      value_.reset();
    }
    return *this;
  }
  Num& add_constant(const F& c) {
    lc_.add(Variable::one(), c);
    if (value_) *value_ += c;
    return *this;
  }
  Num& scale(const F& s) {
    lc_ *= s;
    if (value_) *value_ *= s;
    return *this;
  }
  friend Num operator+(Num a, const Num& b) { return a.add(b); }
  friend Num operator-(Num a, const Num& b) { return a.add(b, -F::one()); }

  const LC<F>& lc() const { return lc_; }
  LC<F> lc(const F& coeff) const { return LC<F>(lc_) *= coeff; }
  const std::optional<F>& value() const { return value_; }

  // A new variable equal to this: lc * 1 = v.
  template <class CS, class N>
  AllocatedNum<F> allocate(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum<F> r = AllocatedNum<F>::alloc(cs, "value", [&] { return need(value_); });
    cs.enforce("allocate", lc_, LC<F>(Variable::one()), LC<F>(r.variable()));
    return r;
  }

  // a == b: (a - b) * 1 = 0
  template <class CS, class N>
  static void enforce_equal(CS& cs, const N& name, const Num& a, const Num& b) {
    LC<F> d = a.lc_;
    d -= b.lc_;
    cs.enforce(name, d, LC<F>(Variable::one()), LC<F>());
  }

 private:
  LC<F> lc_;
  std::optional<F> value_;
};

// Sums of allocated numbers are combinations, not new variables.
template <class F>
Num<F> operator+(const AllocatedNum<F>& a, const AllocatedNum<F>& b) {
  return Num<F>(a) + Num<F>(b);
}
template <class F>
Num<F> operator-(const AllocatedNum<F>& a, const AllocatedNum<F>& b) {
  return Num<F>(a) - Num<F>(b);
}

}  // namespace cuzk::circuits
