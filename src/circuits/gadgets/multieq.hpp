// bellperson's MultiEq (gadgets/multieq.rs): a constraint system wrapper that
// batches equalities of small numbers into one constraint. Each
// enforce_equal(num_bits, lhs, rhs) adds 2^used * lhs and 2^used * rhs to two
// running sums; when the next one would reach the field's CAPACITY
// (F::kBits - 1) bits, the sums are emitted first as lhs * 1 = rhs
// ("multieq <n>") and restarted. What is left is emitted by finish() or, as
// the Rust's Drop does, when the MultiEq goes out of scope. Everything else
// (alloc, enforce, namespaces) passes straight through, in order.
#pragma once
#include <exception>
#include <string>

#include "circuits/gadgets/lc.hpp"
#include "core/error.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::circuits {

template <class CS>
class MultiEq {
 public:
  using Field = typename CS::Field;
  using F = Field;
  static constexpr size_t kCapacity = size_t(F::kBits - 1);

  explicit MultiEq(CS& cs) : cs_(cs), unwinding_at_start_(std::uncaught_exceptions()) {}
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;
  // Flushes like the Rust's Drop, unless an exception is unwinding (the
  // synthesis failed anyway); may throw what the wrapped enforce throws.
  ~MultiEq() noexcept(false) {
    if (std::uncaught_exceptions() == unwinding_at_start_) finish();
  }

  void enforce_equal(size_t num_bits, const LC<F>& lhs, const LC<F>& rhs) {
    if (num_bits >= kCapacity)
      throw Error("MultiEq: " + std::to_string(num_bits) + " bits do not fit below the field's capacity");
    if (kCapacity <= bits_used_ + num_bits) accumulate();
    const F coeff = F::from_u64(2).pow(uint64_t(bits_used_));
    append(lhs_, lhs, coeff);
    append(rhs_, rhs, coeff);
    bits_used_ += num_bits;
  }

  // Emits the pending equalities, if any.
  void finish() {
    if (bits_used_ > 0) accumulate();
  }

  template <class N, class V>
  Variable alloc(const N& name, const V& value) {
    return cs_.alloc(name, value);
  }
  template <class N, class V>
  Variable alloc_input(const N& name, const V& value) {
    return cs_.alloc_input(name, value);
  }
  template <class N>
  void enforce(const N& name, const LC<F>& a, const LC<F>& b, const LC<F>& c) {
    cs_.enforce(name, a, b, c);
  }
  template <class N>
  void push_namespace(const N& name) {
    cs_.push_namespace(name);
  }
  void pop_namespace() { cs_.pop_namespace(); }

 private:
  static void append(LC<F>& to, const LC<F>& from, const F& coeff) {
    if (coeff.is_one()) {
      to += from;
      return;
    }
    for (const auto& t : from.terms()) to.add(t.var, t.coeff * coeff);
  }

  void accumulate() {
    const size_t ops = ops_;
    cs_.enforce([ops] { return "multieq " + std::to_string(ops); }, lhs_, LC<F>(Variable::one()), rhs_);
    reset(lhs_);
    reset(rhs_);
    bits_used_ = 0;
    ++ops_;
  }

  CS& cs_;
  int unwinding_at_start_;
  size_t ops_ = 0, bits_used_ = 0;
  LC<F> lhs_, rhs_;
};

}  // namespace cuzk::circuits
