// storage-proofs-core's Root (gadgets/variables.rs): a commitment that is
// either already allocated (shared with a parent or sibling component) or a
// value still to allocate, which allocated() does with one alloc and no
// constraint.
#pragma once
#include <optional>
#include <variant>

#include "circuits/gadgets/allocated_num.hpp"

namespace cuzk::circuits {

template <class F>
class Root {
 public:
  static Root from_allocated(const AllocatedNum<F>& num) { return Root(num); }
  static Root from_value(const std::optional<F>& value) { return Root(value); }
  // Allocates value now (Root::var in the Rust).
  template <class CS, class N>
  static Root var(CS& cs, const N& name, const F& value) {
    return Root(AllocatedNum<F>::alloc(cs, name, [&] { return value; }));
  }

  template <class CS, class N>
  AllocatedNum<F> allocated(CS& cs, const N& name) const {
    if (const auto* num = std::get_if<AllocatedNum<F>>(&v_)) return *num;
    const auto& value = std::get<std::optional<F>>(v_);
    return AllocatedNum<F>::alloc(cs, name, [&] { return need(value); });
  }

  bool is_some() const {
    const auto* value = std::get_if<std::optional<F>>(&v_);
    return !value || value->has_value();
  }

 private:
  explicit Root(AllocatedNum<F> num) : v_(std::move(num)) {}
  explicit Root(std::optional<F> value) : v_(std::move(value)) {}
  std::variant<AllocatedNum<F>, std::optional<F>> v_;
};

}  // namespace cuzk::circuits
