// bellpepper-core's AllocatedNum (gadgets/num.rs): a field element in one
// variable (witness or public input) and the gadgets that allocate a new
// variable per result, each emitting the Rust's variables, constraints and
// A/B/C combinations in the Rust's order: inputize, mul, square,
// assert_nonzero, conditionally_reverse, to_bits_le (NUM_BITS bits, no range
// check) and to_bits_le_strict (range-checked against the modulus).
// Linear arithmetic (add, scale, constants) lives in Num, where it is free.
#pragma once
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/boolean.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

template <class F>
class AllocatedNum {
 public:
  AllocatedNum() = default;

  // value() -> F is called only by systems that want values.
  template <class CS, class N, class V>
  static AllocatedNum alloc(CS& cs, const N& name, const V& value) {
    AllocatedNum r;
    r.var_ = cs.alloc(name, [&] { return *(r.value_ = value()); });
    return r;
  }
  template <class CS, class N, class V>
  static AllocatedNum alloc_input(CS& cs, const N& name, const V& value) {
    AllocatedNum r;
    r.var_ = cs.alloc_input(name, [&] { return *(r.value_ = value()); });
    return r;
  }
  template <class CS, class N, class V>
  static AllocatedNum alloc_maybe_input(CS& cs, const N& name, bool is_input, const V& value) {
    return is_input ? alloc_input(cs, name, value) : alloc(cs, name, value);
  }

  // A new public input equal to this: input * 1 = this. Returns the input
  // (the Rust returns nothing; the variable is the same).
  template <class CS, class N>
  AllocatedNum inputize(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum in = alloc_input(cs, "input variable", [&] { return need(value_); });
    cs.enforce("enforce input is correct", LC<F>(in.var_), LC<F>(Variable::one()), LC<F>(var_));
    return in;
  }

  template <class CS, class N>
  AllocatedNum mul(CS& cs, const N& name, const AllocatedNum& o) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum r = alloc(cs, "product num", [&] { return need(value_) * need(o.value_); });
    cs.enforce("multiplication constraint", LC<F>(var_), LC<F>(o.var_), LC<F>(r.var_));
    return r;
  }

  template <class CS, class N>
  AllocatedNum square(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum r = alloc(cs, "squared num", [&] { return need(value_).sqr(); });
    cs.enforce("squaring constraint", LC<F>(var_), LC<F>(var_), LC<F>(r.var_));
    return r;
  }

  // this * inv = 1. A zero value has no inverse: throws Error where the Rust
  // returns SynthesisError::DivisionByZero.
  template <class CS, class N>
  void assert_nonzero(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    const Variable inv = cs.alloc("ephemeral inverse", [&] {
      const F& v = need(value_);
      if (v.is_zero()) throw Error("AllocatedNum::assert_nonzero: the value is zero");
      return v.inverse();
    });
    cs.enforce("nonzero assertion constraint", LC<F>(var_), LC<F>(inv), LC<F>(Variable::one()));
  }

  // (b, a) when cond, else (a, b):
  //   c: (a - b) * cond = a - c;   d: (b - a) * cond = b - d.
  // A constant condition still allocates both, as in the Rust.
  template <class CS, class N>
  static std::pair<AllocatedNum, AllocatedNum> conditionally_reverse(CS& cs, const N& name, const AllocatedNum& a,
                                                                     const AllocatedNum& b, const Boolean<F>& cond) {
    r1cs::Namespace ns(cs, name);
    AllocatedNum c = alloc(cs, "conditional reversal result 1",
                           [&] { return need(cond.value()) ? need(b.value_) : need(a.value_); });
    cs.enforce("first conditional reversal", diff(a.var_, b.var_), cond.lc(), diff(a.var_, c.var_));
    AllocatedNum d = alloc(cs, "conditional reversal result 2",
                           [&] { return need(cond.value()) ? need(a.value_) : need(b.value_); });
    cs.enforce("second conditional reversal", diff(b.var_, a.var_), cond.lc(), diff(b.var_, d.var_));
    return {c, d};
  }

  // F::kBits boolean-constrained bits, least significant first, and
  // 0 * 0 = sum(2^i b_i) - this. Not range-checked: this + p has the same
  // low bits whenever it fits, which the Rust accepts too.
  template <class CS, class N>
  std::vector<Boolean<F>> to_bits_le(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    const std::vector<AllocatedBit<F>> bits = field_into_allocated_bits_le(cs, "bits", value_);
    enforce_unpacking(cs, bits.begin(), bits.end());
    return std::vector<Boolean<F>>(bits.begin(), bits.end());
  }

  // As to_bits_le, with the bits also forced to spell a number below the
  // modulus: walking p - 1 from its top bit, each run of ones is AND-ed (with
  // the previous runs) and every bit under a zero of p - 1 is allocated with
  // alloc_conditionally against that AND.
  template <class CS, class N>
  std::vector<Boolean<F>> to_bits_le_strict(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    const auto pm1 = (-F::one()).to_canonical();
    std::optional<std::remove_const_t<decltype(pm1)>> canon;
    if (value_) canon = value_->to_canonical();
    auto bit_of = [](const auto& limbs, int i) { return ((limbs.v[i / 64] >> (i % 64)) & 1) != 0; };

    std::vector<AllocatedBit<F>> result;  // most significant first
    result.reserve(size_t(F::kBits));
    std::vector<AllocatedBit<F>> run;
    std::optional<AllocatedBit<F>> last_run;
    int i = 0;
    for (int pos = F::kBits - 1; pos >= 0; --pos, ++i) {
      std::optional<bool> a;
      if (canon) a = bit_of(*canon, pos);
      auto bit_name = [i] { return "bit " + std::to_string(i); };
      if (bit_of(pm1, pos)) {
        result.push_back(AllocatedBit<F>::alloc(cs, bit_name, a));
        run.push_back(result.back());
        continue;
      }
      if (!run.empty()) {
        if (last_run) run.push_back(*last_run);
        last_run = kary_and(cs, [i] { return "run ending at " + std::to_string(i); }, run);
        run.clear();
      }
      result.push_back(AllocatedBit<F>::alloc_conditionally(cs, bit_name, a, *last_run));
    }
    enforce_unpacking(cs, result.rbegin(), result.rend());
    return std::vector<Boolean<F>>(result.rbegin(), result.rend());
  }

  // a == b: a * 1 = b (storage-proofs-core constraint::equal).
  template <class CS, class N>
  static void enforce_equal(CS& cs, const N& name, const AllocatedNum& a, const AllocatedNum& b) {
    cs.enforce(name, LC<F>(a.var_), LC<F>(Variable::one()), LC<F>(b.var_));
  }

  Variable variable() const { return var_; }
  const std::optional<F>& value() const { return value_; }
  LC<F> lc() const { return LC<F>(var_); }

 private:
  static LC<F> diff(Variable x, Variable y) {
    LC<F> lc(x);
    lc -= y;
    return lc;
  }

  // 0 * 0 = sum(2^i bit_i) - this, bits given least significant first.
  template <class CS, class It>
  void enforce_unpacking(CS& cs, It first, It last) const {
    LC<F> lc;
    lc.reserve(size_t(F::kBits) + 1);
    F coeff = F::one();
    for (; first != last; ++first) {
      lc.add(first->variable(), coeff);
      coeff = coeff.dbl();
    }
    lc -= var_;
    cs.enforce("unpacking constraint", LC<F>(), LC<F>(), lc);
  }

  // v[0] AND v[1] AND ..., left to right; a single bit is returned as is.
  template <class CS, class N>
  static AllocatedBit<F> kary_and(CS& cs, const N& name, const std::vector<AllocatedBit<F>>& v) {
    r1cs::Namespace ns(cs, name);
    AllocatedBit<F> cur = v.front();
    for (size_t k = 1; k < v.size(); ++k)
      cur = AllocatedBit<F>::and_(cs, [k] { return "and " + std::to_string(k); }, cur, v[k]);
    return cur;
  }

  Variable var_ = Variable::one();
  std::optional<F> value_;
};

}  // namespace cuzk::circuits
