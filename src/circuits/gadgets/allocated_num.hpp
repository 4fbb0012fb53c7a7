// A field element held in one variable (witness or public input), with the
// gadgets that allocate a new variable per result: product, square, select,
// conditional swap, public-input exposure, and little-endian bit decomposition.
// Linear arithmetic (add, scale, constants) lives in Num, where it is free.
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
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

  // A new public input equal to this: this * 1 = input.
  template <class CS, class N>
  AllocatedNum inputize(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum in = alloc_input(cs, "input", [&] { return need(value_); });
    cs.enforce("inputize", LC<F>(var_), LC<F>(Variable::one()), LC<F>(in.var_));
    return in;
  }

  template <class CS, class N>
  AllocatedNum mul(CS& cs, const N& name, const AllocatedNum& o) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum r = alloc(cs, "product", [&] { return need(value_) * need(o.value_); });
    cs.enforce("multiplication", LC<F>(var_), LC<F>(o.var_), LC<F>(r.var_));
    return r;
  }

  template <class CS, class N>
  AllocatedNum square(CS& cs, const N& name) const {
    r1cs::Namespace ns(cs, name);
    AllocatedNum r = alloc(cs, "square", [&] { return need(value_).sqr(); });
    cs.enforce("squaring", LC<F>(var_), LC<F>(var_), LC<F>(r.var_));
    return r;
  }

  // a == b: a * 1 = b
  template <class CS, class N>
  static void enforce_equal(CS& cs, const N& name, const AllocatedNum& a, const AllocatedNum& b) {
    cs.enforce(name, LC<F>(a.var_), LC<F>(Variable::one()), LC<F>(b.var_));
  }

  // cond ? a : b with cond * (a - b) = r - b; free when cond is a constant.
  template <class CS, class N>
  static AllocatedNum select(CS& cs, const N& name, const Boolean<F>& cond, const AllocatedNum& a,
                             const AllocatedNum& b) {
    if (cond.is_constant()) return *cond.value() ? a : b;
    r1cs::Namespace ns(cs, name);
    AllocatedNum r = alloc(cs, "result", [&] { return need(cond.value()) ? need(a.value_) : need(b.value_); });
    cs.enforce("select", cond.lc(), diff(a.var_, b.var_), diff(r.var_, b.var_));
    return r;
  }

  // (cond ? b : a, cond ? a : b): two selects sharing one condition.
  template <class CS, class N>
  static std::pair<AllocatedNum, AllocatedNum> conditionally_swap(CS& cs, const N& name, const AllocatedNum& a,
                                                                 const AllocatedNum& b, const Boolean<F>& cond) {
    if (cond.is_constant()) return *cond.value() ? std::pair{b, a} : std::pair{a, b};
    r1cs::Namespace ns(cs, name);
    AllocatedNum x = alloc(cs, "left", [&] { return need(cond.value()) ? need(b.value_) : need(a.value_); });
    cs.enforce("left", cond.lc(), diff(b.var_, a.var_), diff(x.var_, a.var_));
    AllocatedNum y = alloc(cs, "right", [&] { return need(cond.value()) ? need(a.value_) : need(b.value_); });
    cs.enforce("right", cond.lc(), diff(a.var_, b.var_), diff(y.var_, b.var_));
    return {x, y};
  }

  // n boolean-constrained bits with sum(2^i b_i) * 1 = this. n stays below the
  // field's bit length so the sum cannot wrap around the modulus, which makes
  // the decomposition unique without a range check against p.
  template <class CS, class N>
  std::vector<AllocatedBit<F>> to_bits_le(CS& cs, const N& name, int n) const {
    if (n <= 0 || n >= F::kBits)
      throw Error("AllocatedNum::to_bits_le: " + std::to_string(n) + " bits is outside 1.." +
                  std::to_string(F::kBits - 1) + " (a full-width decomposition needs a range check)");
    r1cs::Namespace ns(cs, name);
    // Canonical form computed once, on the first bit's value request.
    std::optional<decltype(std::declval<F>().to_canonical())> canon;
    std::vector<AllocatedBit<F>> bits;
    bits.reserve(size_t(n));
    LC<F> packed;
    F coeff = F::one();
    for (int i = 0; i < n; ++i) {
      bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "bit " + std::to_string(i); }, [&] {
        if (!canon) canon = need(value_).to_canonical();
        return bool((canon->v[i / 64] >> (i % 64)) & 1);
      }));
      packed.add(bits.back().variable(), coeff);
      coeff = coeff.dbl();
    }
    cs.enforce("packing", packed, LC<F>(Variable::one()), LC<F>(var_));
    return bits;
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

  Variable var_ = Variable::one();
  std::optional<F> value_;
};

}  // namespace cuzk::circuits
