// bellperson's multipack (gadgets/multipack.rs): bits packed little-endian
// into field elements of CAPACITY (F::kBits - 1) bits each, either as public
// inputs (pack_into_inputs: one input and one constraint num * 1 = input per
// chunk, input allocated first) or as one witness (pack_bits: the first
// CAPACITY bits only), plus the native helpers that compute the same
// packing for the verifier.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/num.hpp"

namespace cuzk::circuits::multipack {

template <class F>
inline constexpr size_t kCapacity = size_t(F::kBits - 1);

// Each byte most significant bit first.
inline std::vector<bool> bytes_to_bits(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(bytes.size() * 8);
  for (uint8_t b : bytes)
    for (int i = 7; i >= 0; --i) bits.push_back(((b >> i) & 1) != 0);
  return bits;
}
// Each byte least significant bit first.
inline std::vector<bool> bytes_to_bits_le(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(bytes.size() * 8);
  for (uint8_t b : bytes)
    for (int i = 0; i < 8; ++i) bits.push_back(((b >> i) & 1) != 0);
  return bits;
}

// The public inputs pack_into_inputs exposes for these bit values.
template <class F>
std::vector<F> compute_multipacking(const std::vector<bool>& bits) {
  std::vector<F> out;
  for (size_t start = 0; start < bits.size(); start += kCapacity<F>) {
    F cur = F::zero(), coeff = F::one();
    for (size_t i = start; i < bits.size() && i < start + kCapacity<F>; ++i) {
      if (bits[i]) cur += coeff;
      coeff = coeff.dbl();
    }
    out.push_back(cur);
  }
  return out;
}

namespace detail {
template <class F>
Num<F> pack(std::span<const Boolean<F>> bits) {
  Num<F> num = Num<F>::zero();
  F coeff = F::one();
  for (const auto& bit : bits) {
    num.add_bool_with_coeff(bit, coeff);
    coeff = coeff.dbl();
  }
  return num;
}
}  // namespace detail

// One public input per CAPACITY-bit chunk ("input i", then "packing
// constraint i": num * 1 = input).
template <class CS, class N, class F = typename CS::Field>
void pack_into_inputs(CS& cs, const N& name, std::span<const Boolean<std::type_identity_t<F>>> bits) {
  r1cs::Namespace ns(cs, name);
  for (size_t start = 0, i = 0; start < bits.size(); start += kCapacity<F>, ++i) {
    const Num<F> num = detail::pack<F>(bits.subspan(start, std::min(kCapacity<F>, bits.size() - start)));
    const Variable input = cs.alloc_input([i] { return "input " + std::to_string(i); }, [&] { return need(num.value()); });
    cs.enforce([i] { return "packing constraint " + std::to_string(i); }, num.lc(), LC<F>(Variable::one()),
               LC<F>(input));
  }
}

// The first CAPACITY bits as one witness: "input" then num * 1 = input.
template <class CS, class N, class F = typename CS::Field>
AllocatedNum<F> pack_bits(CS& cs, const N& name, std::span<const Boolean<std::type_identity_t<F>>> bits) {
  r1cs::Namespace ns(cs, name);
  const Num<F> num = detail::pack<F>(bits.first(std::min(kCapacity<F>, bits.size())));
  AllocatedNum<F> r = AllocatedNum<F>::alloc(cs, "input", [&] { return need(num.value()); });
  cs.enforce("packing constraint", num.lc(), LC<F>(Variable::one()), LC<F>(r.variable()));
  return r;
}

}  // namespace cuzk::circuits::multipack
