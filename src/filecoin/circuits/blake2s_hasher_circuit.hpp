// filecoin-hashers' Blake2sFunction circuits (blake2s.rs, types.rs),
// constraint for constraint: field elements become their 255 little-endian
// bits (to_bits_le), padded with constant zeros to whole bytes, hashed by the
// bellperson BLAKE2s gadget with an all-zero personalization (it reads bytes
// least significant bit first, so no reordering), and the digest's first 254
// bits packed into one witness. Only storage-proofs-core's PoR tests build
// BLAKE2s trees; no Filecoin proof does.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/blake2s.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin::blake2s_circuit {

using Num = circuits::AllocatedNum<Fr>;
using Bit = circuits::Boolean<Fr>;

// bits appended, then constant zeros up to a whole byte.
inline void append_padded(std::vector<Bit>& out, std::span<const Bit> bits) {
  out.insert(out.end(), bits.begin(), bits.end());
  while (out.size() % 8 != 0) out.push_back(Bit::constant(false));
}

// Blake2sFunction::hash_circuit: BLAKE2s of `bits` (namespace "hash"),
// packed ("pack").
template <class CS>
Num hash_circuit(CS& cs, std::span<const Bit> bits) {
  static constexpr std::array<uint8_t, 8> kPersonalization{};
  const std::vector<Bit> digest = circuits::blake2s(cs, "hash", bits, kPersonalization);
  return circuits::multipack::pack_bits(cs, "pack", std::span<const Bit>(digest));
}

// hash_multi_leaf_circuit: each leaf's bits ("i_num_into_bits"), byte padded.
template <class CS, class N>
Num hash_multi_leaf_circuit(CS& cs, const N& name, std::span<const Num> leaves) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  bits.reserve(leaves.size() * 256);
  for (size_t i = 0; i < leaves.size(); ++i)
    append_padded(bits, leaves[i].to_bits_le(cs, [i] { return std::to_string(i) + "_num_into_bits"; }));
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// hash_leaf_bits_circuit: two bit strings, each byte padded.
template <class CS, class N>
Num hash_leaf_bits_circuit(CS& cs, const N& name, std::span<const Bit> left, std::span<const Bit> right) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  append_padded(bits, left);
  append_padded(bits, right);
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// hash2_circuit: a's bits ("a_bits"), then b's ("b_bits"), then the hash.
template <class CS, class N>
Num hash2_circuit(CS& cs, const N& name, const Num& a, const Num& b) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  append_padded(bits, a.to_bits_le(cs, "a_bits"));
  append_padded(bits, b.to_bits_le(cs, "b_bits"));
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// HashFunction::hash_leaf_circuit (the trait's default): the two numbers'
// bits, then hash_leaf_bits_circuit.
template <class CS, class N>
Num hash_leaf_circuit(CS& cs, const N& name, const Num& left, const Num& right) {
  r1cs::Namespace ns(cs, name);
  const std::vector<Bit> l = left.to_bits_le(cs, "left num into bits");
  const std::vector<Bit> r = right.to_bits_le(cs, "right num into bits");
  std::vector<Bit> bits;
  append_padded(bits, l);
  append_padded(bits, r);
  return hash_circuit(cs, std::span<const Bit>(bits));
}

}  // namespace cuzk::filecoin::blake2s_circuit
