// storage-proofs-core's UInt64 (gadgets/uint64.rs): 64 Booleans, least
// significant first, with the value when known. Used by SDR's label circuit
// (the node index, most significant bit first) and exposed as a public input
// through multipack.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/multipack.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

template <class F>
class UInt64 {
 public:
  using Bits = std::array<Boolean<F>, 64>;

  UInt64() : UInt64(constant(0)) {}

  static UInt64 constant(uint64_t v) {
    UInt64 r(Bits{}, v);
    for (int i = 0; i < 64; ++i) r.bits_[size_t(i)] = Boolean<F>::constant(((v >> i) & 1) != 0);
    return r;
  }

  // 64 allocated bits, each in namespace "allocated bit i".
  template <class CS, class N>
  static UInt64 alloc(CS& cs, const N& name, const std::optional<uint64_t>& value) {
    r1cs::Namespace ns(cs, name);
    UInt64 r(Bits{}, value);
    for (int i = 0; i < 64; ++i) {
      std::optional<bool> b;
      if (value) b = ((*value >> i) & 1) != 0;
      r.bits_[size_t(i)] = AllocatedBit<F>::alloc(cs, [i] { return "allocated bit " + std::to_string(i); }, b);
    }
    return r;
  }

  // The 64 bits as public inputs (one, since 64 < CAPACITY).
  template <class CS, class N>
  void pack_into_input(CS& cs, const N& name) const {
    multipack::pack_into_inputs(cs, name, std::span<const Boolean<F>>(bits_));
  }

  // Most significant bit first.
  std::vector<Boolean<F>> to_bits_be() const { return std::vector<Boolean<F>>(bits_.rbegin(), bits_.rend()); }
  static UInt64 from_bits_be(std::span<const Boolean<F>> bits) {
    if (bits.size() != 64) width_error(bits.size());
    Bits le;
    for (size_t i = 0; i < 64; ++i) le[i] = bits[63 - i];
    return UInt64(le, value_of(le));
  }
  // Least significant bit first.
  std::vector<Boolean<F>> to_bits_le() const { return std::vector<Boolean<F>>(bits_.begin(), bits_.end()); }
  static UInt64 from_bits(std::span<const Boolean<F>> bits) {
    if (bits.size() != 64) width_error(bits.size());
    Bits le;
    std::copy(bits.begin(), bits.begin() + 64, le.begin());
    return UInt64(le, value_of(le));
  }

  const Bits& bits() const { return bits_; }
  const std::optional<uint64_t>& value() const { return value_; }

 private:
  UInt64(const Bits& bits, std::optional<uint64_t> value) : bits_(bits), value_(value) {}

  [[noreturn]] static void width_error(size_t n) {
    throw Error("UInt64: " + std::to_string(n) + " bits given, 64 needed");
  }
  static std::optional<uint64_t> value_of(const Bits& le) {
    uint64_t v = 0;
    for (size_t i = 0; i < 64; ++i) {
      const std::optional<bool> b = le[i].value();
      if (!b) return std::nullopt;
      v |= uint64_t(*b) << i;
    }
    return v;
  }

  Bits bits_;
  std::optional<uint64_t> value_;
};

}  // namespace cuzk::circuits
