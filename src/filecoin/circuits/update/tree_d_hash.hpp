// filecoin-hashers Sha256Function's circuits (sha256.rs), TreeD's node hash:
// each number as its 255 little-endian bits (AllocatedNum::to_bits_le),
// padded with constant false to whole bytes and each byte reversed, SHA-256
// (bellperson's gadget) of the concatenation, then the digest's first 254
// bits, each byte reversed back, packed into one number (multipack
// pack_bits), i.e. trunc254 read little-endian. hash2_circuit names its
// numbers' bits "a_bits" / "b_bits", hash_multi_leaf_circuit "<i>_num_into_bits";
// otherwise the two are the same R1CS (45,379 constraints for two numbers).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/boolean.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/sha256.hpp"

namespace cuzk::filecoin::update_circuit {

namespace tree_d_detail {

// Pads to whole bytes with constant false and reverses the bits of each byte.
template <class F>
void append_byte_reversed(std::vector<circuits::Boolean<F>>& out, std::vector<circuits::Boolean<F>> bits) {
  while (bits.size() % 8 != 0) bits.push_back(circuits::Boolean<F>::constant(false));
  for (size_t byte = 0; byte < bits.size(); byte += 8)
    for (size_t j = 8; j-- > 0;) out.push_back(bits[byte + j]);
}

}  // namespace tree_d_detail

// Sha256Function::hash_circuit: digest bits of `bits`, packed (no namespace of its own).
template <class CS, class F = typename CS::Field>
circuits::AllocatedNum<F> sha256_hash_circuit(CS& cs,
                                              std::span<const circuits::Boolean<std::type_identity_t<F>>> bits) {
  const std::vector<circuits::Boolean<F>> be = circuits::sha256(cs, "hash", bits);
  std::vector<circuits::Boolean<F>> le;
  le.reserve(be.size());
  tree_d_detail::append_byte_reversed(le, be);
  le.resize(size_t(F::kBits - 1));
  return circuits::multipack::pack_bits(cs, "pack_le", std::span<const circuits::Boolean<F>>(le));
}

// Sha256Function::hash2_circuit(cs.namespace(name), a, b).
template <class CS, class N, class F = typename CS::Field>
circuits::AllocatedNum<F> sha256_hash2_circuit(CS& cs, const N& name, const circuits::AllocatedNum<F>& a,
                                               const circuits::AllocatedNum<F>& b) {
  r1cs::Namespace ns(cs, name);
  auto a_bits = a.to_bits_le(cs, "a_bits");
  auto b_bits = b.to_bits_le(cs, "b_bits");
  std::vector<circuits::Boolean<F>> preimage;
  preimage.reserve(512);
  tree_d_detail::append_byte_reversed(preimage, std::move(a_bits));
  tree_d_detail::append_byte_reversed(preimage, std::move(b_bits));
  return sha256_hash_circuit<CS, F>(cs, std::span<const circuits::Boolean<F>>(preimage));
}

// Sha256Function::hash_multi_leaf_circuit(cs.namespace(name), leaves, _).
template <class CS, class N, class F = typename CS::Field>
circuits::AllocatedNum<F> sha256_hash_multi_leaf_circuit(
    CS& cs, const N& name, std::span<const circuits::AllocatedNum<std::type_identity_t<F>>> leaves) {
  r1cs::Namespace ns(cs, name);
  std::vector<circuits::Boolean<F>> preimage;
  preimage.reserve(leaves.size() * 256);
  for (size_t i = 0; i < leaves.size(); ++i)
    tree_d_detail::append_byte_reversed(preimage,
                                        leaves[i].to_bits_le(cs, [i] { return std::to_string(i) + "_num_into_bits"; }));
  return sha256_hash_circuit<CS, F>(cs, std::span<const circuits::Boolean<F>>(preimage));
}

}  // namespace cuzk::filecoin::update_circuit
