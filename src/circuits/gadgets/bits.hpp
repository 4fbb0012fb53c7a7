// Allocating vectors of bits the way bellpepper-core (u64_into_boolean_vec_le,
// field_into_allocated_bits_le) and storage-proofs-core's util.rs
// (bytes_into_boolean_vec[_be], reverse_bit_numbering) do: one booleanity
// constraint per bit, allocated in the order the Rust allocates them.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/boolean.hpp"
#include "core/error.hpp"

namespace cuzk::circuits {

// 64 bits of value, least significant first, each in namespace "bit i".
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> u64_into_boolean_vec_le(CS& cs, const N& name, const std::optional<uint64_t>& value) {
  r1cs::Namespace ns(cs, name);
  std::vector<Boolean<F>> bits;
  bits.reserve(64);
  for (int i = 0; i < 64; ++i) {
    std::optional<bool> b;
    if (value) b = ((*value >> i) & 1) != 0;
    bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "bit " + std::to_string(i); }, b));
  }
  return bits;
}

// F::kBits (the modulus' bit length: NUM_BITS) bits of the canonical value,
// least significant first, each in namespace "bit i". No range check: a value
// and value + p share the low bits only when the caller also packs them.
template <class CS, class N, class F = typename CS::Field>
std::vector<AllocatedBit<F>> field_into_allocated_bits_le(CS& cs, const N& name, const std::optional<F>& value) {
  r1cs::Namespace ns(cs, name);
  std::optional<decltype(std::declval<F>().to_canonical())> canon;
  std::vector<AllocatedBit<F>> bits;
  bits.reserve(size_t(F::kBits));
  for (int i = 0; i < F::kBits; ++i) {
    bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "bit " + std::to_string(i); }, [&] {
      if (!canon) canon = need(value).to_canonical();
      return ((canon->v[i / 64] >> (i % 64)) & 1) != 0;
    }));
  }
  return bits;
}

template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> field_into_boolean_vec_le(CS& cs, const N& name, const std::optional<F>& value) {
  auto bits = field_into_allocated_bits_le(cs, name, value);
  return std::vector<Boolean<F>>(bits.begin(), bits.end());
}

namespace bits_detail {
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> bytes_into_boolean_vec(CS& cs, const N& name, const std::optional<std::span<const uint8_t>>& bytes,
                                               size_t size, bool msb_first) {
  if (bytes && bytes->size() * 8 != size)
    throw Error("bytes_into_boolean_vec: " + std::to_string(bytes->size()) + " bytes for " + std::to_string(size) +
                " bits (the circuit's shape must not depend on the witness)");
  r1cs::Namespace ns(cs, name);
  std::vector<Boolean<F>> bits;
  bits.reserve(size);
  for (size_t i = 0; i < size; ++i) {
    std::optional<bool> b;
    if (bytes) {
      const int shift = msb_first ? 7 - int(i % 8) : int(i % 8);
      b = (((*bytes)[i / 8] >> shift) & 1) != 0;
    }
    bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "bit " + std::to_string(i); }, b));
  }
  return bits;
}
}  // namespace bits_detail

// size allocated bits, each byte least significant bit first (util.rs
// bytes_into_boolean_vec). bytes, when given, must hold size / 8 bytes.
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> bytes_into_boolean_vec(CS& cs, const N& name, const std::optional<std::span<const uint8_t>>& bytes,
                                               size_t size) {
  return bits_detail::bytes_into_boolean_vec(cs, name, bytes, size, false);
}
// The same, each byte most significant bit first (bytes_into_boolean_vec_be).
template <class CS, class N, class F = typename CS::Field>
std::vector<Boolean<F>> bytes_into_boolean_vec_be(CS& cs, const N& name,
                                                  const std::optional<std::span<const uint8_t>>& bytes, size_t size) {
  return bits_detail::bytes_into_boolean_vec(cs, name, bytes, size, true);
}

// Pads with constant false to whole bytes, then reverses the bits inside
// each byte (util.rs reverse_bit_numbering). Free.
template <class F>
std::vector<Boolean<F>> reverse_bit_numbering(std::vector<Boolean<F>> bits) {
  while (bits.size() % 8 != 0) bits.push_back(Boolean<F>::constant(false));
  std::vector<Boolean<F>> out;
  out.reserve(bits.size());
  for (size_t byte = 0; byte < bits.size(); byte += 8)
    for (size_t j = 8; j-- > 0;) out.push_back(bits[byte + j]);
  return out;
}

}  // namespace cuzk::circuits
