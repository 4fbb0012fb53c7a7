// A witness bit: one auxiliary variable constrained to 0 or 1 by
// (1 - b) * b = 0, and the gates on two bits that need no booleanity check of
// their own because their constraint forces a 0/1 result from 0/1 operands.
// Each call opens a namespace with the name it is given, so the test system
// reports a broken bit as "<name>/boolean" or "<name>/and".
#pragma once
#include <optional>

#include "circuits/gadgets/lc.hpp"
#include "circuits/gadgets/witness.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::circuits {

template <class F>
class AllocatedBit {
 public:
  AllocatedBit() = default;

  // value() -> bool is called only by systems that want values.
  template <class CS, class N, class V>
  static AllocatedBit alloc(CS& cs, const N& name, const V& value) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("bit", [&] {
      const bool b = value();
      r.value_ = b;
      return b ? F::one() : F::zero();
    });
    cs.enforce("boolean", one_minus<F>(r.var_), LC<F>(r.var_), LC<F>());
    return r;
  }

  // a AND b: a * b = c
  template <class CS, class N>
  static AllocatedBit and_(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    return gate(cs, name, "and", a, b, [](bool x, bool y) { return x && y; }, LC<F>(a.var_), LC<F>(b.var_),
                [](Variable c) { return LC<F>(c); });
  }

  // a AND NOT b: a * (1 - b) = c
  template <class CS, class N>
  static AllocatedBit and_not(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    return gate(cs, name, "and_not", a, b, [](bool x, bool y) { return x && !y; }, LC<F>(a.var_), one_minus<F>(b.var_),
                [](Variable c) { return LC<F>(c); });
  }

  // NOT a AND NOT b: (1 - a) * (1 - b) = c
  template <class CS, class N>
  static AllocatedBit nor(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    return gate(cs, name, "nor", a, b, [](bool x, bool y) { return !x && !y; }, one_minus<F>(a.var_),
                one_minus<F>(b.var_), [](Variable c) { return LC<F>(c); });
  }

  // a XOR b: (2a) * b = a + b - c, i.e. c = a + b - 2ab
  template <class CS, class N>
  static AllocatedBit xor_(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    LC<F> two_a;
    two_a.add(a.var_, F::one() + F::one());
    const Variable av = a.var_, bv = b.var_;
    return gate(cs, name, "xor", a, b, [](bool x, bool y) { return x != y; }, std::move(two_a), LC<F>(bv),
                [av, bv](Variable c) {
                  LC<F> lc(av);
                  lc += bv;
                  lc -= c;
                  return lc;
                });
  }

  Variable variable() const { return var_; }
  const std::optional<bool>& value() const { return value_; }

 private:
  template <class CS, class N, class Op, class MakeC>
  static AllocatedBit gate(CS& cs, const N& name, const char* what, const AllocatedBit& a, const AllocatedBit& b, Op op,
                           LC<F> lhs, LC<F> rhs, MakeC make_c) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("bit", [&] {
      const bool v = op(need(a.value_), need(b.value_));
      r.value_ = v;
      return v ? F::one() : F::zero();
    });
    cs.enforce(what, lhs, rhs, make_c(r.var_));
    return r;
  }

  Variable var_ = Variable::one();
  std::optional<bool> value_;
};

}  // namespace cuzk::circuits
