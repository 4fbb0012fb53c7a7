// storage-proofs-core's proof-of-retrievability gadgets (gadgets/por.rs),
// constraint for constraint and variable for variable:
//  - synthesize_por (PoRCircuit::synthesize): the leaf allocated, then per
//    level of the base, sub and top paths its index bits (AllocatedBit, least
//    significant first), its siblings, the insertion of the running node and
//    the node hash; the index bits of all levels packed into public inputs
//    (one: the challenged leaf); the root allocated (or shared), equal to the
//    computed one, and made a public input unless the root is private.
//  - por_no_challenge_input: the same walk over already allocated challenge
//    bits and siblings, no input, ending in computed root * 1 = root.
// por_public_inputs is CompoundProof::generate_public_inputs for it.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "circuits/gadgets/constraint.hpp"
#include "circuits/gadgets/insertion.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/gadgets/root.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/node_hash_circuit.hpp"
#include "filecoin/circuits/por_path.hpp"

namespace cuzk::filecoin {

// One PoR instance: the leaf and the root are values to allocate or numbers
// already allocated by the caller (Root::Var), as in the Rust.
struct PorCircuit {
  TreeShape shape;
  circuits::Root<Fr> value = circuits::Root<Fr>::from_value(std::nullopt);
  PorAuthPath auth_path;
  circuits::Root<Fr> root = circuits::Root<Fr>::from_value(std::nullopt);
  bool private_root = false;

  // PoRCircuit::new: leaf, path and root from a proof (root = the proof's).
  static PorCircuit from_proof(const TreeShape& shape, const MerkleProof& proof, bool private_root);
  // blank_circuit: nothing known.
  static PorCircuit blank(const TreeShape& shape, bool private_root);
};

// The inputs of a PoR instance: the challenge, then the root unless private.
// Error when challenge >= leaves.
std::vector<Fr> por_public_inputs(uint64_t challenge, uint64_t leaves, const std::optional<Fr>& public_root);

namespace por_detail {

using Num = circuits::AllocatedNum<Fr>;
using Bit = circuits::Boolean<Fr>;

// SubPath::synthesize: ascends the levels of one part (base, sub or top) of
// the path; their index bits are appended to bits.
template <class CS>
Num ascend(CS& cs, NodeHasher hasher, uint32_t arity, const std::vector<PorPathElement>& path, Num cur,
           std::vector<Bit>& bits) {
  if (arity == 0) {
    if (!path.empty()) throw Error("PoR circuit: path levels given for a level the tree does not have");
    return cur;
  }
  const int index_bits = __builtin_ctz(arity);
  for (size_t level = 0; level < path.size(); ++level) {
    const PorPathElement& e = path[level];
    if (e.hashes.size() + 1 != arity)
      throw Error("PoR circuit: a path level holds " + std::to_string(e.hashes.size()) + " siblings, arity " +
                  std::to_string(arity) + " needs " + std::to_string(arity - 1));
    r1cs::Namespace ns(cs, [level] { return "merkle tree hash " + std::to_string(level); });
    std::vector<Bit> index;
    index.reserve(size_t(index_bits));
    for (int i = 0; i < index_bits; ++i) {
      std::optional<bool> bit;
      if (e.index) bit = ((*e.index >> i) & 1) != 0;
      index.push_back(circuits::AllocatedBit<Fr>::alloc(cs, [i] { return "index bit " + std::to_string(i); }, bit));
    }
    bits.insert(bits.end(), index.begin(), index.end());
    std::vector<Num> siblings;
    siblings.reserve(e.hashes.size());
    for (size_t i = 0; i < e.hashes.size(); ++i)
      siblings.push_back(Num::alloc(cs, [i] { return "path element " + std::to_string(i); },
                                    [&] { return circuits::need(e.hashes[i]); }));
    const std::vector<Num> inserted = circuits::insertion::insert(cs, "insert", cur, std::span<const Bit>(index),
                                                                  std::span<const Num>(siblings));
    cur = hash_node_circuit(cs, "computation of commitment hash", hasher, std::span<const Num>(inserted));
  }
  return cur;
}

// One level of por_no_challenge_input.
template <class CS>
Num hash_level(CS& cs, NodeHasher hasher, uint32_t arity, uint32_t height, const Num& cur,
               std::span<const circuits::AllocatedBit<Fr>> challenge_bits, size_t& next_bit,
               const std::vector<Num>& siblings) {
  if (siblings.size() + 1 != arity)
    throw Error("por_no_challenge_input: level " + std::to_string(height) + " has " +
                std::to_string(siblings.size()) + " siblings, arity " + std::to_string(arity) + " needs " +
                std::to_string(arity - 1));
  const size_t k = size_t(__builtin_ctz(arity));
  if (next_bit + k > challenge_bits.size())
    throw Error("por_no_challenge_input: the challenge bits run out at level " + std::to_string(height));
  std::vector<Bit> index(challenge_bits.begin() + ptrdiff_t(next_bit), challenge_bits.begin() + ptrdiff_t(next_bit + k));
  next_bit += k;
  const std::vector<Num> preimage = circuits::insertion::insert(
      cs, [height] { return "merkle proof insert (height=" + std::to_string(height) + ")"; }, cur,
      std::span<const Bit>(index), std::span<const Num>(siblings));
  return hash_node_circuit(
      cs, [height] { return "merkle proof hash (height=" + std::to_string(height) + ")"; }, hasher,
      std::span<const Num>(preimage));
}

}  // namespace por_detail

// PoRCircuit::synthesize over its parts, so a caller holding the path need
// not copy it.
template <class CS>
void synthesize_por(CS& cs, const TreeShape& s, const circuits::Root<Fr>& value, const PorAuthPath& auth_path,
                    const circuits::Root<Fr>& root, bool private_root) {
  static_assert(std::is_same_v<typename CS::Field, Fr>, "Filecoin circuits are over BLS12-381 Fr");
  using Num = por_detail::Num;
  using Bit = por_detail::Bit;
  validate_por_shape(s);
  const Num leaf = value.allocated(cs, "value");
  std::vector<Bit> bits;
  Num cur = [&] {
    r1cs::Namespace ns(cs, "base");
    return por_detail::ascend(cs, s.hasher, s.base_arity, auth_path.base, leaf, bits);
  }();
  cur = [&] {
    r1cs::Namespace ns(cs, "sub");
    return por_detail::ascend(cs, s.hasher, s.sub_arity, auth_path.sub, cur, bits);
  }();
  const Num computed_root = [&] {
    r1cs::Namespace ns(cs, "top");
    return por_detail::ascend(cs, s.hasher, s.top_arity, auth_path.top, cur, bits);
  }();
  circuits::multipack::pack_into_inputs(cs, "path", std::span<const Bit>(bits));
  const Num rt = root.allocated(cs, "root_value");
  circuits::constraint::equal<Fr>(cs, "enforce root is correct", computed_root, rt);
  if (!private_root) rt.inputize(cs, "root");
}

template <class CS>
void synthesize_por(CS& cs, const PorCircuit& por) {
  synthesize_por(cs, por.shape, por.value, por.auth_path, por.root, por.private_root);
}

// challenge_bits: the challenged leaf's bits, least significant first, as many
// as the path's levels consume; path_values: per level (base levels, then sub,
// then top) the arity - 1 siblings. Error when the counts do not fit the shape.
template <class CS, class N>
void por_no_challenge_input(CS& cs, const N& name, const TreeShape& shape,
                            std::span<const circuits::AllocatedBit<Fr>> challenge_bits, const por_detail::Num& leaf,
                            const std::vector<std::vector<por_detail::Num>>& path_values, const por_detail::Num& root) {
  static_assert(std::is_same_v<typename CS::Field, Fr>, "Filecoin circuits are over BLS12-381 Fr");
  validate_por_shape(shape);
  const size_t upper = (shape.sub_arity ? 1 : 0) + (shape.top_arity ? 1 : 0);
  if (path_values.size() < upper)
    throw Error("por_no_challenge_input: " + std::to_string(path_values.size()) + " path levels for tree " +
                shape.describe());
  r1cs::Namespace ns(cs, name);
  const size_t base_levels = path_values.size() - upper;
  por_detail::Num cur = leaf;
  size_t next_bit = 0;
  uint32_t height = 0;
  for (size_t l = 0; l < base_levels; ++l, ++height)
    cur = por_detail::hash_level(cs, shape.hasher, shape.base_arity, height, cur, challenge_bits, next_bit,
                                 path_values[l]);
  if (shape.sub_arity) {
    cur = por_detail::hash_level(cs, shape.hasher, shape.sub_arity, height, cur, challenge_bits, next_bit,
                                 path_values[base_levels]);
    ++height;
  }
  if (shape.top_arity)
    cur = por_detail::hash_level(cs, shape.hasher, shape.top_arity, height, cur, challenge_bits, next_bit,
                                 path_values[base_levels + 1]);
  if (next_bit != challenge_bits.size())
    throw Error("por_no_challenge_input: " + std::to_string(challenge_bits.size()) + " challenge bits, the path uses " +
                std::to_string(next_bit));
  circuits::constraint::equal<Fr>(cs, "calculated root == provided root", cur, root);
}

}  // namespace cuzk::filecoin
