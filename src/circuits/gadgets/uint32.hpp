// bellperson's UInt32 (gadgets/uint32.rs): 32 Booleans, least significant
// first, with the value when known. Rotations, shifts and bit reorderings are
// free; xor, ch and maj cost one gate per non-constant bit (Boolean's rules);
// addmany allocates the sum's bits (33..36 of them for 2..10 operands, as the
// Rust: the bit length of n * (2^32 - 1)) and hands the equality
// sum(operand bits) = sum(result bits) to a MultiEq, which batches it with
// its neighbours. Sums of constants are constants.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/boolean.hpp"
#include "circuits/gadgets/multieq.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

template <class F>
class UInt32 {
 public:
  using Bits = std::array<Boolean<F>, 32>;

  UInt32() : UInt32(constant(0)) {}

  static UInt32 constant(uint32_t v) {
    UInt32 r(Bits{}, v);
    for (int i = 0; i < 32; ++i) r.bits_[size_t(i)] = Boolean<F>::constant(((v >> i) & 1) != 0);
    return r;
  }

  // 32 allocated bits, each in namespace "allocated bit i".
  template <class CS, class N>
  static UInt32 alloc(CS& cs, const N& name, const std::optional<uint32_t>& value) {
    r1cs::Namespace ns(cs, name);
    UInt32 r(Bits{}, value);
    for (int i = 0; i < 32; ++i) {
      std::optional<bool> b;
      if (value) b = ((*value >> i) & 1) != 0;
      r.bits_[size_t(i)] = AllocatedBit<F>::alloc(cs, [i] { return "allocated bit " + std::to_string(i); }, b);
    }
    return r;
  }

  // Most significant bit first.
  std::vector<Boolean<F>> into_bits_be() const { return std::vector<Boolean<F>>(bits_.rbegin(), bits_.rend()); }
  static UInt32 from_bits_be(std::span<const Boolean<F>> bits) {
    if (bits.size() != 32) width_error(bits.size());
    Bits le;
    for (size_t i = 0; i < 32; ++i) le[i] = bits[31 - i];
    return UInt32(le, value_of(le));
  }
  // Least significant bit first.
  std::vector<Boolean<F>> into_bits() const { return std::vector<Boolean<F>>(bits_.begin(), bits_.end()); }
  static UInt32 from_bits(std::span<const Boolean<F>> bits) {
    if (bits.size() != 32) width_error(bits.size());
    Bits le;
    std::copy(bits.begin(), bits.begin() + 32, le.begin());
    return UInt32(le, value_of(le));
  }

  UInt32 rotr(size_t by) const {
    by %= 32;
    Bits out;
    for (size_t i = 0; i < 32; ++i) out[i] = bits_[(i + by) % 32];
    std::optional<uint32_t> v;
    if (value_) v = by == 0 ? *value_ : (*value_ >> by) | (*value_ << (32 - by));
    return UInt32(out, v);
  }
  // by is taken modulo 32, as the Rust does.
  UInt32 shr(size_t by) const {
    by %= 32;
    Bits out;
    for (size_t i = 0; i < 32; ++i) out[i] = i + by < 32 ? bits_[i + by] : Boolean<F>::constant(false);
    std::optional<uint32_t> v;
    if (value_) v = *value_ >> by;
    return UInt32(out, v);
  }

  template <class CS, class N>
  UInt32 xor_(CS& cs, const N& name, const UInt32& o) const {
    r1cs::Namespace ns(cs, name);
    Bits out;
    for (size_t i = 0; i < 32; ++i)
      out[i] = Boolean<F>::xor_(cs, [i] { return "xor of bit " + std::to_string(i); }, bits_[i], o.bits_[i]);
    std::optional<uint32_t> v;
    if (value_ && o.value_) v = *value_ ^ *o.value_;
    return UInt32(out, v);
  }

  // (a AND b) XOR (a AND c) XOR (b AND c), bit by bit ("maj i").
  template <class CS, class N>
  static UInt32 sha256_maj(CS& cs, const N& name, const UInt32& a, const UInt32& b, const UInt32& c) {
    r1cs::Namespace ns(cs, name);
    Bits out;
    for (size_t i = 0; i < 32; ++i)
      out[i] = Boolean<F>::sha256_maj(cs, [i] { return "maj " + std::to_string(i); }, a.bits_[i], b.bits_[i],
                                      c.bits_[i]);
    std::optional<uint32_t> v;
    if (a.value_ && b.value_ && c.value_) v = (*a.value_ & *b.value_) ^ (*a.value_ & *c.value_) ^ (*b.value_ & *c.value_);
    return UInt32(out, v);
  }

  // (a AND b) XOR ((NOT a) AND c), bit by bit ("ch i").
  template <class CS, class N>
  static UInt32 sha256_ch(CS& cs, const N& name, const UInt32& a, const UInt32& b, const UInt32& c) {
    r1cs::Namespace ns(cs, name);
    Bits out;
    for (size_t i = 0; i < 32; ++i)
      out[i] = Boolean<F>::sha256_ch(cs, [i] { return "ch " + std::to_string(i); }, a.bits_[i], b.bits_[i],
                                     c.bits_[i]);
    std::optional<uint32_t> v;
    if (a.value_ && b.value_ && c.value_) v = (*a.value_ & *b.value_) ^ (~*a.value_ & *c.value_);
    return UInt32(out, v);
  }

  // The sum of 2..10 operands modulo 2^32.
  template <class CS, class N>
  static UInt32 addmany(MultiEq<CS>& cs, const N& name, std::span<const UInt32> operands) {
    static_assert(F::kBits >= 64);
    if (operands.size() < 2 || operands.size() > 10)
      throw Error("UInt32::addmany: " + std::to_string(operands.size()) + " operands (2..10 supported)");
    r1cs::Namespace ns(cs, name);
    uint64_t max_value = uint64_t(operands.size()) * uint64_t(UINT32_MAX);
    uint64_t sum = 0;  // meaningful while known
    bool known = true;
    bool all_constants = true;
    for (const UInt32& op : operands) {
      known = known && op.value_.has_value();
      if (known) sum += *op.value_;
      for (const Boolean<F>& bit : op.bits_) all_constants &= bit.is_constant();
    }
    std::optional<uint32_t> modular;
    if (known) modular = uint32_t(sum);
    if (all_constants && modular) return constant(*modular);

    // The Rust's result bits, then sum(operand bits) = sum(result bits):
    // operand bit j and result bit j weigh 2^j.
    Bits out;
    std::array<AllocatedBit<F>, 36> result;
    size_t n = 0;
    for (; max_value != 0; max_value >>= 1, ++n) {
      std::optional<bool> b;
      if (known) b = ((sum >> n) & 1) != 0;
      result[n] = AllocatedBit<F>::alloc(cs, [n] { return "result bit " + std::to_string(n); }, b);
      if (n < 32) out[n] = result[n];  // the carries are constrained, then dropped
    }
    cs.enforce_equal_terms(n, [&](std::vector<r1cs::Term<F>>& lhs, std::vector<r1cs::Term<F>>& rhs, size_t shift) {
      for (const UInt32& op : operands)
        for (size_t j = 0; j < 32; ++j) op.bits_[j].add_terms(lhs, MultiEq<CS>::power_of_two(shift + j));
      for (size_t j = 0; j < n; ++j) rhs.emplace_back(result[j].variable(), MultiEq<CS>::power_of_two(shift + j));
    });
    return UInt32(out, modular);
  }

  const Bits& bits() const { return bits_; }
  const std::optional<uint32_t>& value() const { return value_; }

 private:
  UInt32(const Bits& bits, std::optional<uint32_t> value) : bits_(bits), value_(value) {}

  [[noreturn]] static void width_error(size_t n) {
    throw Error("UInt32: " + std::to_string(n) + " bits given, 32 needed");
  }
  static std::optional<uint32_t> value_of(const Bits& le) {
    uint32_t v = 0;
    for (size_t i = 0; i < 32; ++i) {
      const std::optional<bool> b = le[i].value();
      if (!b) return std::nullopt;
      v |= uint32_t(*b) << i;
    }
    return v;
  }

  Bits bits_;
  std::optional<uint32_t> value_;
};

}  // namespace cuzk::circuits
