// filecoin-hashers' Sha256Function circuits (sha256.rs, types.rs), constraint
// for constraint: field elements become their 255 little-endian bits
// (to_bits_le), padded with constant zeros to whole bytes, each byte's bits
// reversed (SHA-256 reads bytes most significant bit first), hashed by the
// bellperson SHA-256 gadget, and the digest read back little-endian per byte,
// cut to 254 bits and packed into one witness: trunc254(SHA-256(bytes)).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/sha256.hpp"
#include "filecoin/domain.hpp"

namespace cuzk::filecoin::sha256_circuit {

using Num = circuits::AllocatedNum<Fr>;
using Bit = circuits::Boolean<Fr>;

// bits (little-endian) padded to whole bytes, each byte's bits reversed.
inline void append_as_bytes(std::vector<Bit>& out, std::vector<Bit> bits) {
  while (bits.size() % 8 != 0) bits.push_back(Bit::constant(false));
  for (size_t at = 0; at < bits.size(); at += 8)
    for (size_t i = 8; i-- > 0;) out.push_back(bits[at + i]);
}

// Sha256Function::hash_circuit: SHA-256 of `bits` (namespace "hash"), the
// first 254 digest bits, little-endian per byte, packed ("pack_le").
template <class CS>
Num hash_circuit(CS& cs, std::span<const Bit> bits) {
  const std::vector<Bit> be = circuits::sha256(cs, "hash", bits);
  std::vector<Bit> le;
  le.reserve(be.size());
  for (size_t at = 0; at < be.size(); at += 8)
    for (size_t i = 8; i-- > 0;) le.push_back(be[at + i]);
  le.resize(circuits::multipack::kCapacity<Fr>);
  return circuits::multipack::pack_bits(cs, "pack_le", std::span<const Bit>(le));
}

// hash_multi_leaf_circuit: the leaves' bytes concatenated (any arity).
template <class CS, class N>
Num hash_multi_leaf_circuit(CS& cs, const N& name, std::span<const Num> leaves) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  bits.reserve(leaves.size() * 256);
  for (size_t i = 0; i < leaves.size(); ++i)
    append_as_bytes(bits, leaves[i].to_bits_le(cs, [i] { return std::to_string(i) + "_num_into_bits"; }));
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// hash_leaf_bits_circuit: two bit strings (little-endian) as bytes.
template <class CS, class N>
Num hash_leaf_bits_circuit(CS& cs, const N& name, std::span<const Bit> left, std::span<const Bit> right) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  append_as_bytes(bits, std::vector<Bit>(left.begin(), left.end()));
  append_as_bytes(bits, std::vector<Bit>(right.begin(), right.end()));
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// hash2_circuit: a's bits ("a_bits"), then b's ("b_bits"), then the hash.
template <class CS, class N>
Num hash2_circuit(CS& cs, const N& name, const Num& a, const Num& b) {
  r1cs::Namespace ns(cs, name);
  std::vector<Bit> bits;
  append_as_bytes(bits, a.to_bits_le(cs, "a_bits"));
  append_as_bytes(bits, b.to_bits_le(cs, "b_bits"));
  return hash_circuit(cs, std::span<const Bit>(bits));
}

// HashFunction::hash_leaf_circuit (the trait's default, which SHA-256 keeps):
// the two numbers' bits, then hash_leaf_bits_circuit.
template <class CS, class N>
Num hash_leaf_circuit(CS& cs, const N& name, const Num& left, const Num& right) {
  r1cs::Namespace ns(cs, name);
  const std::vector<Bit> l = left.to_bits_le(cs, "left num into bits");
  const std::vector<Bit> r = right.to_bits_le(cs, "right num into bits");
  std::vector<Bit> bits;
  append_as_bytes(bits, l);
  append_as_bytes(bits, r);
  return hash_circuit(cs, std::span<const Bit>(bits));
}

}  // namespace cuzk::filecoin::sha256_circuit
