// A witness bit as bellpepper-core's AllocatedBit (gadgets/boolean.rs) emits
// it: one auxiliary variable constrained by (1 - b) * b = 0, and the two-bit
// gates (and, and_not, nor, xor) that allocate their result and need no
// booleanity check of their own. Allocation order, constraint order and every
// A/B/C combination follow the Rust exactly, so Filecoin circuits built on
// them match the official parameters.
// Each call opens a namespace with the name it is given (the Rust caller's
// cs.namespace), so the test system reports e.g. "<name>/boolean constraint".
#pragma once
#include <functional>
#include <initializer_list>
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
    r.var_ = cs.alloc("boolean", [&] { return r.set(value()); });
    enforce_gate(cs, "boolean constraint", {{Variable::one(), 1}, {r.var_, -1}}, {{r.var_, 1}}, {});
    return r;
  }
  // The Rust form: an Option<bool> value (empty when there is no witness).
  template <class CS, class N>
  static AllocatedBit alloc(CS& cs, const N& name, const std::optional<bool>& value) {
    return alloc(cs, name, [&] { return need(value); });
  }

  // A bit forced to 0 when must_be_false is 1: (1 - must_be_false - b) * b = 0.
  template <class CS, class N>
  static AllocatedBit alloc_conditionally(CS& cs, const N& name, const std::optional<bool>& value,
                                          const AllocatedBit& must_be_false) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("boolean", [&] { return r.set(need(value)); });
    enforce_gate(cs, "boolean constraint", {{Variable::one(), 1}, {must_be_false.var_, -1}, {r.var_, -1}},
                 {{r.var_, 1}}, {});
    return r;
  }

  // a XOR b: (a + a) * b = a + b - c
  template <class CS, class N>
  static AllocatedBit xor_(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("xor result", [&] { return r.set(need(a.value_) != need(b.value_)); });
    enforce_gate(cs, "xor constraint", {{a.var_, 1}, {a.var_, 1}}, {{b.var_, 1}},
                 {{a.var_, 1}, {b.var_, 1}, {r.var_, -1}});
    return r;
  }

  // a AND b: a * b = c
  template <class CS, class N>
  static AllocatedBit and_(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("and result", [&] { return r.set(need(a.value_) && need(b.value_)); });
    enforce_gate(cs, "and constraint", {{a.var_, 1}}, {{b.var_, 1}}, {{r.var_, 1}});
    return r;
  }

  // a AND NOT b: a * (1 - b) = c
  template <class CS, class N>
  static AllocatedBit and_not(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("and not result", [&] { return r.set(need(a.value_) && !need(b.value_)); });
    enforce_gate(cs, "and not constraint", {{a.var_, 1}}, {{Variable::one(), 1}, {b.var_, -1}}, {{r.var_, 1}});
    return r;
  }

  // NOT a AND NOT b: (1 - a) * (1 - b) = c
  template <class CS, class N>
  static AllocatedBit nor(CS& cs, const N& name, const AllocatedBit& a, const AllocatedBit& b) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit r;
    r.var_ = cs.alloc("nor result", [&] { return r.set(!need(a.value_) && !need(b.value_)); });
    enforce_gate(cs, "nor constraint", {{Variable::one(), 1}, {a.var_, -1}}, {{Variable::one(), 1}, {b.var_, -1}},
                 {{r.var_, 1}});
    return r;
  }

  // A bit over a variable whose booleanity the caller's own constraint
  // already forces (Rust builds these as AllocatedBit { variable, value }).
  static AllocatedBit assume_boolean(Variable var, const std::optional<bool>& value) {
    AllocatedBit r;
    r.var_ = var;
    r.value_ = value;
    return r;
  }

  Variable variable() const { return var_; }
  const std::optional<bool>& value() const { return value_; }

 private:
  // A term with a coefficient of +1 or -1, the only ones these gates use.
  struct UnitTerm {
    Variable var;
    int sign;
  };
  template <class CS, class N>
  static void enforce_gate(CS& cs, const N& name, std::initializer_list<UnitTerm> a, std::initializer_list<UnitTerm> b,
                           std::initializer_list<UnitTerm> c) {
    if constexpr (!r1cs::reads_constraints<CS>) {
      r1cs::skip_enforce(cs, name);
      return;
    }
    static const F minus_one = -F::one();
    auto fill = [](LC<F>& lc, std::initializer_list<UnitTerm> terms) {
      for (const auto& t : terms) lc.add(t.var, t.sign > 0 ? F::one() : minus_one);
      return std::ref(lc);
    };
    cs.enforce(name, fill(scratch_lc<F, 0>(), a).get(), fill(scratch_lc<F, 1>(), b).get(),
               fill(scratch_lc<F, 2>(), c).get());
  }

  F set(bool v) {
    value_ = v;
    return v ? F::one() : F::zero();
  }

  Variable var_ = Variable::one();
  std::optional<bool> value_;
};

}  // namespace cuzk::circuits
