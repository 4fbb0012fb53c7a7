// A variable of a rank-1 constraint system: an input (index 0 is the constant
// ONE) or an auxiliary (witness) variable.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cuzk::r1cs {

class Variable {
 public:
  enum class Kind : uint8_t { kInput, kAux };

  static constexpr Variable input(size_t i) { return Variable(Kind::kInput, i); }
  static constexpr Variable aux(size_t i) { return Variable(Kind::kAux, i); }
  static constexpr Variable one() { return input(0); }

  constexpr Kind kind() const { return Kind(raw_ & 1); }
  constexpr bool is_input() const { return kind() == Kind::kInput; }
  constexpr size_t index() const { return size_t(raw_ >> 1); }
  constexpr bool operator==(const Variable&) const = default;

 private:
  constexpr Variable(Kind k, size_t i) : raw_((uint64_t(i) << 1) | uint64_t(k)) {}
  uint64_t raw_;
};

}  // namespace cuzk::r1cs
