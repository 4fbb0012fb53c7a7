// bellpepper-core's Boolean (gadgets/boolean.rs): a constant, an allocated
// bit, or the negation of one. Negation and gates with a constant operand are
// free; the rest cost what the Rust costs, with the same operand order (which
// decides which bit lands in A and which in B) and the same combinations, so
// circuits built on these match Filecoin's parameters. Includes the SHA-256
// helpers ch and maj with every constant special case of the Rust.
#pragma once
#include <optional>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

template <class F>
class Boolean {
 public:
  enum class Kind { kConstant, kIs, kNot };

  Boolean() = default;  // constant false
  Boolean(const AllocatedBit<F>& b) : kind_(Kind::kIs), bit_(b) {}  // NOLINT: implicit by design, as From in Rust
  static Boolean constant(bool v) {
    Boolean r;
    r.const_ = v;
    return r;
  }

  Kind kind() const { return kind_; }
  bool is_constant() const { return kind_ == Kind::kConstant; }
  bool is_constant(bool v) const { return kind_ == Kind::kConstant && const_ == v; }
  // The underlying bit of an Is or Not boolean.
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

  // lc += coeff * this (ONE stands for the constant 1): Rust's add_to_lc.
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
  // add_to's terms, appended unsorted (for LinearCombination::assign_sum).
  void add_terms(std::vector<r1cs::Term<F>>& out, const F& coeff) const {
    switch (kind_) {
      case Kind::kConstant:
        if (const_) out.emplace_back(Variable::one(), coeff);
        break;
      case Kind::kIs:
        out.emplace_back(bit_.variable(), coeff);
        break;
      case Kind::kNot:
        out.emplace_back(Variable::one(), coeff);
        out.emplace_back(bit_.variable(), -coeff);
        break;
    }
  }
  // lc -= coeff * this: Rust's sub_from_lc.
  void sub_from(LC<F>& lc, const F& coeff) const { add_to(lc, -coeff); }
  LC<F> lc(const F& coeff = F::one()) const {
    LC<F> r;
    add_to(r, coeff);
    return r;
  }

  template <class CS, class N>
  static Boolean xor_(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    if (a.is_constant(false)) return b;
    if (b.is_constant(false)) return a;
    if (a.is_constant(true)) return !b;
    if (b.is_constant(true)) return !a;
    // a XOR (NOT b) = NOT (a XOR b), with the un-negated operand first.
    if (a.kind_ != b.kind_) {
      const Boolean& is = a.kind_ == Kind::kIs ? a : b;
      const Boolean& nt = a.kind_ == Kind::kIs ? b : a;
      return !Boolean(AllocatedBit<F>::xor_(cs, name, is.bit_, nt.bit_));
    }
    // (NOT a) XOR (NOT b) = a XOR b
    return AllocatedBit<F>::xor_(cs, name, a.bit_, b.bit_);
  }

  template <class CS, class N>
  static Boolean and_(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    if (a.is_constant(false) || b.is_constant(false)) return constant(false);
    if (a.is_constant(true)) return b;
    if (b.is_constant(true)) return a;
    if (a.kind_ == Kind::kIs && b.kind_ == Kind::kIs) return AllocatedBit<F>::and_(cs, name, a.bit_, b.bit_);
    if (a.kind_ == Kind::kIs) return AllocatedBit<F>::and_not(cs, name, a.bit_, b.bit_);
    if (b.kind_ == Kind::kIs) return AllocatedBit<F>::and_not(cs, name, b.bit_, a.bit_);
    return AllocatedBit<F>::nor(cs, name, a.bit_, b.bit_);
  }

  // a == b as 0 * 0 = (a - b), or (1 - x) / x against a constant true / false.
  // Two constants need no constraint; unequal ones cannot be satisfied, which
  // the Rust reports as SynthesisError::Unsatisfiable and this throws.
  template <class CS, class N>
  static void enforce_equal(CS& cs, const N& name, const Boolean& a, const Boolean& b) {
    if (a.is_constant() && b.is_constant()) {
      if (a.const_ != b.const_) throw Error("Boolean::enforce_equal: the constants " + std::to_string(a.const_) +
                                            " and " + std::to_string(b.const_) + " differ");
      return;
    }
    LC<F> c;
    if (a.is_constant(true) || b.is_constant(true)) {
      c.add(Variable::one(), F::one());
      (a.is_constant(true) ? b : a).sub_from(c, F::one());
    } else if (a.is_constant(false) || b.is_constant(false)) {
      (a.is_constant(false) ? b : a).add_to(c, F::one());
    } else {
      a.add_to(c, F::one());
      b.sub_from(c, F::one());
    }
    cs.enforce(name, LC<F>(), LC<F>(), c);
  }

  // (a AND b) XOR ((NOT a) AND c)
  template <class CS, class N>
  static Boolean sha256_ch(CS& cs, const N& name, const Boolean& a, const Boolean& b, const Boolean& c) {
    std::optional<bool> v;
    if (a.value() && b.value() && c.value()) v = (*a.value() && *b.value()) != (!*a.value() && *c.value());
    if (a.is_constant() && b.is_constant() && c.is_constant()) return constant(*v);
    if (a.is_constant(false)) return c;
    if (b.is_constant(false)) return and_(cs, name, !a, c);
    if (c.is_constant(false)) return and_(cs, name, a, b);
    if (c.is_constant(true)) return !and_(cs, name, a, !b);
    if (b.is_constant(true)) return !and_(cs, name, !a, !c);
    // Otherwise (a may still be the constant true): a * (b - c) = ch - c.
    r1cs::Namespace ns(cs, name);
    const Variable ch = cs.alloc("ch", [&] { return need(v) ? F::one() : F::zero(); });
    if constexpr (!r1cs::reads_constraints<CS>) {
      r1cs::skip_enforce(cs, "ch computation");
      return AllocatedBit<F>::assume_boolean(ch, v);
    }
    LC<F>& lhs = scratch_lc<F, 0>();
    b.add_to(lhs, F::one());
    c.sub_from(lhs, F::one());
    LC<F>& a_lc = scratch_lc<F, 1>();
    a.add_to(a_lc, F::one());
    LC<F>& out = scratch_lc<F, 2>();
    out.add(ch, F::one());
    c.sub_from(out, F::one());
    cs.enforce("ch computation", lhs, a_lc, out);
    return AllocatedBit<F>::assume_boolean(ch, v);
  }

  // (a AND b) XOR (a AND c) XOR (b AND c)
  template <class CS, class N>
  static Boolean sha256_maj(CS& cs, const N& name, const Boolean& a, const Boolean& b, const Boolean& c) {
    std::optional<bool> v;
    if (a.value() && b.value() && c.value()) {
      const bool x = *a.value(), y = *b.value(), z = *c.value();
      v = ((x && y) != (x && z)) != (y && z);
    }
    if (a.is_constant() && b.is_constant() && c.is_constant()) return constant(*v);
    if (a.is_constant(false)) return and_(cs, name, b, c);
    if (b.is_constant(false)) return and_(cs, name, a, c);
    if (c.is_constant(false)) return and_(cs, name, a, b);
    if (c.is_constant(true)) return !and_(cs, name, !a, !b);
    if (b.is_constant(true)) return !and_(cs, name, !a, !c);
    if (a.is_constant(true)) return !and_(cs, name, !b, !c);
    // maj is allocated before b AND c: (2bc - b - c) * a = bc - maj.
    r1cs::Namespace ns(cs, name);
    const Variable maj = cs.alloc("maj", [&] { return need(v) ? F::one() : F::zero(); });
    const Boolean bc = and_(cs, "b and c", b, c);
    if constexpr (!r1cs::reads_constraints<CS>) {
      r1cs::skip_enforce(cs, "maj computation");
      return AllocatedBit<F>::assume_boolean(maj, v);
    }
    LC<F>& lhs = scratch_lc<F, 0>();
    bc.add_to(lhs, F::one() + F::one());
    b.sub_from(lhs, F::one());
    c.sub_from(lhs, F::one());
    LC<F>& a_lc = scratch_lc<F, 1>();
    a.add_to(a_lc, F::one());
    LC<F>& out = scratch_lc<F, 2>();
    bc.add_to(out, F::one());
    out -= maj;
    cs.enforce("maj computation", lhs, a_lc, out);
    return AllocatedBit<F>::assume_boolean(maj, v);
  }

 private:
  Kind kind_ = Kind::kConstant;
  bool const_ = false;
  AllocatedBit<F> bit_;
};

}  // namespace cuzk::circuits
