// A Merkle node's hash in-circuit, by the tree's hasher (filecoin-hashers
// HashFunction::hash_multi_leaf_circuit and hash2_circuit): neptune Poseidon
// with the Merkle constants of arity = number of children, or
// SHA-256-trunc254 or BLAKE2s of the children's bytes.
#pragma once
#include <span>

#include "circuits/poseidon/neptune_gadget.hpp"
#include "filecoin/circuits/blake2s_hasher_circuit.hpp"
#include "filecoin/circuits/sha256_hasher_circuit.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

template <class CS, class N>
circuits::AllocatedNum<Fr> hash_node_circuit(CS& cs, const N& name, NodeHasher hasher,
                                             std::span<const circuits::AllocatedNum<Fr>> children) {
  if (hasher == NodeHasher::kPoseidon) return circuits::poseidon::hash_multi_leaf_circuit(cs, name, children);
  if (hasher == NodeHasher::kBlake2s) return blake2s_circuit::hash_multi_leaf_circuit(cs, name, children);
  return sha256_circuit::hash_multi_leaf_circuit(cs, name, children);
}

template <class CS, class N>
circuits::AllocatedNum<Fr> hash2_node_circuit(CS& cs, const N& name, NodeHasher hasher,
                                              const circuits::AllocatedNum<Fr>& a,
                                              const circuits::AllocatedNum<Fr>& b) {
  if (hasher == NodeHasher::kPoseidon) return circuits::poseidon::hash2_circuit(cs, name, a, b);
  if (hasher == NodeHasher::kBlake2s) return blake2s_circuit::hash2_circuit(cs, name, a, b);
  return sha256_circuit::hash2_circuit(cs, name, a, b);
}

}  // namespace cuzk::filecoin
