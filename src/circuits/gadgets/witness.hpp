// Gadget values are optional: a system that never asks for values (shape
// counting, key generation) leaves them empty. need() unwraps one inside a
// value callable, where an empty value means the witness was not supplied.
#pragma once
#include <optional>

#include "r1cs/constraint_system.hpp"

namespace cuzk::circuits {

template <class T>
const T& need(const std::optional<T>& v) {
  if (!v) throw r1cs::AssignmentMissing{};
  return *v;
}

}  // namespace cuzk::circuits
