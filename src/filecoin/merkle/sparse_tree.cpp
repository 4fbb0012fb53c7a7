#include "filecoin/merkle/sparse_tree.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

SparseMerkleTree::SparseMerkleTree(const TreeShape& shape, const Domain& default_leaf) : shape_(shape) {
  shape_.validate();
  if (shape_.hasher == NodeHasher::kPoseidon) fr_of(default_leaf, "sparse tree default leaf");
  const uint32_t height = shape_.height();
  defaults_.reserve(height + 1);
  defaults_.push_back(default_leaf);
  for (uint32_t l = 0; l < height; ++l)
    defaults_.push_back(uniform_subtree_root(shape_.hasher, shape_.arity_at(l), defaults_.back(), 1));
  set_.resize(height + 1);
}

const Domain& SparseMerkleTree::default_node(uint32_t level) const {
  if (level >= defaults_.size())
    throw Error("sparse tree " + shape_.describe() + ": no level " + std::to_string(level));
  return defaults_[level];
}

const Domain& SparseMerkleTree::node(uint32_t level, uint64_t index) const {
  if (level >= set_.size() || index >= shape_.nodes_at(level))
    throw Error("sparse tree " + shape_.describe() + ": no node " + std::to_string(index) + " at level " +
                std::to_string(level));
  const auto& m = set_[level];
  auto it = m.find(index);
  return it == m.end() ? defaults_[level] : it->second;
}

void SparseMerkleTree::check_leaf(uint64_t index, const Domain& value) const {
  if (index >= shape_.leaves)
    throw Error("sparse tree " + shape_.describe() + ": no leaf " + std::to_string(index));
  if (shape_.hasher == NodeHasher::kPoseidon) {
    try {
      fr_of(value);
    } catch (const DecodeError&) {
      throw DecodeError("sparse Poseidon tree leaf " + std::to_string(index) + " (" + to_hex(value) +
                        ") is not a canonical field element");
    }
  }
}

void SparseMerkleTree::set_leaves(std::span<const std::pair<uint64_t, Domain>> leaves) {
  for (const auto& [index, value] : leaves) check_leaf(index, value);
  std::vector<uint64_t> touched;
  touched.reserve(leaves.size());
  for (const auto& [index, value] : leaves) {
    set_[0][index] = value;
    touched.push_back(index);
  }
  for (uint32_t l = 0; l < shape_.height(); ++l) {
    const uint32_t arity = shape_.arity_at(l);
    for (auto& i : touched) i /= arity;
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    std::vector<Domain> parents(touched.size());
    // Reads level l only and writes a separate array: safe to share out.
    parallel_for(touched.size(), shape_.hasher == NodeHasher::kPoseidon ? 16 : 1024, [&](size_t b, size_t e) {
      std::array<Domain, 16> kids;
      for (size_t t = b; t < e; ++t) {
        for (uint32_t k = 0; k < arity; ++k) kids[k] = node(l, touched[t] * arity + k);
        parents[t] = hash_node(shape_.hasher, std::span<const Domain>(kids.data(), arity));
      }
    });
    auto& up = set_[l + 1];
    for (size_t t = 0; t < touched.size(); ++t) up[touched[t]] = parents[t];
  }
}

void SparseMerkleTree::set_leaf(uint64_t index, const Domain& value) {
  check_leaf(index, value);
  set_[0][index] = value;
  std::array<Domain, 16> kids;
  for (uint32_t l = 0; l < shape_.height(); ++l) {
    const uint32_t arity = shape_.arity_at(l);
    const uint64_t first = index - index % arity;
    for (uint32_t k = 0; k < arity; ++k) kids[k] = node(l, first + k);
    index /= arity;
    set_[l + 1][index] = hash_node(shape_.hasher, std::span<const Domain>(kids.data(), arity));
  }
}

size_t SparseMerkleTree::stored_nodes() const {
  size_t n = 0;
  for (const auto& m : set_) n += m.size();
  return n;
}

MerkleProof SparseMerkleTree::prove(uint64_t leaf) const {
  if (leaf >= shape_.leaves)
    throw Error("sparse tree " + shape_.describe() + ": no leaf " + std::to_string(leaf));
  return make_merkle_proof(shape_, leaf, [&](uint32_t l, uint64_t i) -> const Domain& { return node(l, i); });
}

}  // namespace cuzk::filecoin
