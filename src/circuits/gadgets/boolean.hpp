// A boolean that is a constant, an allocated bit, or the negation of one.
// Negation and operations with constants are free; gates on two allocated
// bits cost one constraint (the matching AllocatedBit gate).
#pragma once
#include <optional>

#include "circuits/gadgets/allocated_bit.hpp"

namespace cuzk::circuits {

template <class F>
class Boolean {
 public:
  enum class Kind { kConstant, kIs, kNot };

  Boolean() : Boolean(constant(false)) {}
  Boolean(const AllocatedBit<F>& b) : kind_(Kind::kIs), bit_(b) {}  // NOLINT: implicit by design
  static Boolean constant(bool v) {
    Boolean r(AllocatedBit<F>{});
    r.kind_ = Kind::kConstant;
    r.const_ = v;
    return r;
  }

  Kind kind() const { return kind_; }
  bool is_constant() const { return kind_ == Kind::kConstant; }
  const AllocatedBit<F>& bit() const { return bit_; }

  Boolean operator!() const {
    Boolean r = *this;
    if (kind_ == Kind::kConstant)
      r.const_ = !const_;
    else
      r.kind_ = kind_ == Kind::kIs ? Kind::kNot : Kind::kIs;
    return r;
  }

  std::optional<bool> value() const {
    switch (kind_) {
      case Kind::kConstant:
        return const_;
      case Kind::kIs:
        return bit_.value();
      case Kind::kNot:
        if (bit_.value()) return !*bit_.value();
        return std::nullopt;
    }
    return std::nullopt;
  }

  // Appends coeff * this to lc (ONE stands for the constant 1).
  void add_to(LC<F>& lc, const F& coeff) const {
    switch (kind_) {
      case Kind::kConstant:
        if (const_) lc.add(Variable::one(), coeff);
        break;
      case Kind::kIs:
        lc.add(bit_.variable(), coeff);
        break;
      case Kind::kNot:
        lc.add(Variable::one(), coeff);
        lc.add(bit_.variable(), -coeff);
        break;
    }
  }
  LC<F> lc(const F& coeff = F::one()) const {
    LC<F> r;
    add_to(r, coeff);
    return r;
  }

  template <class CS, class N>
  static Boolean xor_(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    if (a.is_constant()) return a.const_ ? !b : b;
    if (b.is_constant()) return b.const_ ? !a : a;
    // (NOT x) XOR y = NOT (x XOR y): one gate on the underlying bits either way.
    Boolean r(AllocatedBit<F>::xor_(cs, name, a.bit_, b.bit_));
    return (a.kind_ == Kind::kNot) != (b.kind_ == Kind::kNot) ? !r : r;
  }

  template <class CS, class N>
  static Boolean and_(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    if (a.is_constant()) return a.const_ ? b : constant(false);
    if (b.is_constant()) return b.const_ ? a : constant(false);
    const bool na = a.kind_ == Kind::kNot, nb = b.kind_ == Kind::kNot;
    if (!na && !nb) return AllocatedBit<F>::and_(cs, name, a.bit_, b.bit_);
    if (!na && nb) return AllocatedBit<F>::and_not(cs, name, a.bit_, b.bit_);
    if (na && !nb) return AllocatedBit<F>::and_not(cs, name, b.bit_, a.bit_);
    return AllocatedBit<F>::nor(cs, name, a.bit_, b.bit_);
  }

  // a == b: (a - b) * 1 = 0, one constraint (none needed between two constants,
  // but a false claim about constants is still recorded as an unsatisfiable one).
  template <class CS, class N>
  static void enforce_equal(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    LC<F> diff;
    a.add_to(diff, F::one());
    b.add_to(diff, -F::one());
    cs.enforce(name, diff, LC<F>(Variable::one()), LC<F>());
  }

 private:
  Kind kind_ = Kind::kConstant;
  bool const_ = false;
  AllocatedBit<F> bit_;
};

}  // namespace cuzk::circuits
