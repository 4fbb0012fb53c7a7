// bellperson's MultiEq (gadgets/multieq.rs): a constraint system wrapper that
// batches equalities of small numbers into one constraint. Each
// enforce_equal(num_bits, lhs, rhs) adds 2^used * lhs and 2^used * rhs to two
// running sums; when the next one would reach the field's CAPACITY
// (F::kBits - 1) bits, the sums are emitted first as lhs * 1 = rhs
// ("multieq <n>") and restarted. What is left is emitted by finish() or, as
// the Rust's Drop does, when the MultiEq goes out of scope. Everything else
// (alloc, enforce, namespaces) passes straight through, in order.
#pragma once
#include <array>
#include <exception>
#include <string>
#include <vector>

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
  static constexpr bool kReadsConstraints = r1cs::reads_constraints<CS>;

  explicit MultiEq(CS& cs) : cs_(cs), unwinding_at_start_(std::uncaught_exceptions()) {}
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;
  // Flushes like the Rust's Drop, unless an exception is unwinding (the
  // synthesis failed anyway); may throw what the wrapped enforce throws.
  ~MultiEq() noexcept(false) {
    if (std::uncaught_exceptions() == unwinding_at_start_) finish();
  }

  void enforce_equal(size_t num_bits, const LC<F>& lhs, const LC<F>& rhs) {
    const size_t shift = reserve(num_bits);
    if constexpr (!kReadsConstraints) return;
    const F& coeff = power_of_two(shift);
    append(lhs_terms_, lhs, coeff);
    append(rhs_terms_, rhs, coeff);
  }

  // enforce_equal for a gadget that writes the two sides' terms itself (any
  // order, repeats allowed), each coefficient already multiplied by
  // 2^shift: fill(lhs_terms, rhs_terms, shift). The same constraints as
  // enforce_equal with the unscaled sides, without a multiplication per term.
  template <class Fill>
  void enforce_equal_terms(size_t num_bits, Fill&& fill) {
    const size_t shift = reserve(num_bits);
    if constexpr (kReadsConstraints) fill(lhs_terms_, rhs_terms_, shift);
  }

  // 2^k for k < kCapacity.
  static const F& power_of_two(size_t k) {
    static const auto table = [] {
      std::array<F, kCapacity> t;
      t[0] = F::one();
      for (size_t i = 1; i < kCapacity; ++i) t[i] = t[i - 1].dbl();
      return t;
    }();
    return table[k];
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
  // The sums are kept as unsorted terms and summed once per emitted
  // constraint (LinearCombination::assign_sum): the same combinations as
  // adding each term in turn, without a sorted insertion per term.
  static void append(std::vector<r1cs::Term<F>>& to, const LC<F>& from, const F& coeff) {
    if (coeff.is_one()) {
      to.insert(to.end(), from.terms().begin(), from.terms().end());
      return;
    }
    for (const auto& t : from.terms()) to.emplace_back(t.var, t.coeff * coeff);
  }

  // Room for num_bits more (emitting the pending sums first when they would
  // reach the capacity); returns the shift of the new equality.
  size_t reserve(size_t num_bits) {
    if (num_bits >= kCapacity)
      throw Error("MultiEq: " + std::to_string(num_bits) + " bits do not fit below the field's capacity");
    if (kCapacity <= bits_used_ + num_bits) accumulate();
    const size_t shift = bits_used_;
    bits_used_ += num_bits;
    return shift;
  }

  void accumulate() {
    const size_t ops = ops_;
    if constexpr (!kReadsConstraints) {
      r1cs::skip_enforce(cs_, [ops] { return "multieq " + std::to_string(ops); });
      bits_used_ = 0;
      ++ops_;
      return;
    }
    LC<F>& lhs = scratch_lc<F, 0>();
    LC<F>& one = scratch_lc<F, 1>();
    LC<F>& rhs = scratch_lc<F, 2>();
    lhs.assign_sum(lhs_terms_);
    one.add(Variable::one(), F::one());
    rhs.assign_sum(rhs_terms_);
    cs_.enforce([ops] { return "multieq " + std::to_string(ops); }, lhs, one, rhs);
    lhs_terms_.clear();
    rhs_terms_.clear();
    bits_used_ = 0;
    ++ops_;
  }

  CS& cs_;
  int unwinding_at_start_;
  size_t ops_ = 0, bits_used_ = 0;
  std::vector<r1cs::Term<F>> lhs_terms_, rhs_terms_;
};

}  // namespace cuzk::circuits
