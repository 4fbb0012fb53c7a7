#include "filecoin/merkle/merkle_tree.hpp"

#include <array>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/hash/sha256.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

namespace {

// Per-node work differs by two orders of magnitude (one SHA-256 block pair
// against a Poseidon permutation), so chunks are sized by hasher.
size_t min_chunk(NodeHasher h) { return h == NodeHasher::kSha256Trunc254 ? 4096 : 64; }

void check_poseidon_leaves(std::span<const Domain> leaves) {
  parallel_for(leaves.size(), 1 << 14, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      try {
        fr_of(leaves[i]);
      } catch (const DecodeError&) {
        throw DecodeError("Poseidon tree leaf " + std::to_string(i) + " (" + to_hex(leaves[i]) +
                          ") is not a canonical field element");
      }
    }
  });
}

}  // namespace

std::vector<Domain> leaves_from_bytes(std::span<const uint8_t> bytes) {
  if (bytes.size() % kNodeBytes != 0)
    throw Error("tree leaves: " + std::to_string(bytes.size()) + " bytes is not a multiple of 32");
  std::vector<Domain> leaves(bytes.size() / kNodeBytes);
  std::memcpy(leaves.data(), bytes.data(), bytes.size());
  return leaves;
}

void hash_level(NodeHasher hasher, uint32_t arity, std::span<const Domain> children, std::span<Domain> out) {
  if (children.size() != out.size() * arity)
    throw Error("hash_level: " + std::to_string(children.size()) + " children for " + std::to_string(out.size()) +
                " nodes of arity " + std::to_string(arity));
  parallel_for(out.size(), min_chunk(hasher), [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) out[i] = hash_node(hasher, children.subspan(i * arity, arity));
  });
}

MerkleTree MerkleTree::build(const TreeShape& shape, std::vector<Domain> leaves) {
  shape.validate();
  if (leaves.size() != shape.leaves)
    throw Error("Merkle tree " + shape.describe() + ": got " + std::to_string(leaves.size()) + " leaves");
  if (shape.hasher == NodeHasher::kPoseidon) check_poseidon_leaves(leaves);
  std::vector<std::vector<Domain>> levels;
  levels.reserve(shape.height() + 1);
  levels.push_back(std::move(leaves));
  for (uint32_t l = 0; l < shape.height(); ++l) {
    const uint32_t arity = shape.arity_at(l);
    std::vector<Domain> next(levels.back().size() / arity);
    hash_level(shape.hasher, arity, levels.back(), next);
    levels.push_back(std::move(next));
  }
  return MerkleTree(shape, std::move(levels));
}

std::span<const Domain> MerkleTree::level(uint32_t l) const {
  if (l >= levels_.size())
    throw Error("Merkle tree " + shape_.describe() + ": no level " + std::to_string(l));
  return levels_[l];
}

const Domain& MerkleTree::node(uint32_t l, uint64_t index) const {
  auto lv = level(l);
  if (index >= lv.size())
    throw Error("Merkle tree " + shape_.describe() + ": level " + std::to_string(l) + " has no node " +
                std::to_string(index));
  return lv[index];
}

MerkleProof MerkleTree::prove(uint64_t leaf) const {
  if (leaf >= shape_.leaves)
    throw Error("Merkle tree " + shape_.describe() + ": no leaf " + std::to_string(leaf));
  return make_merkle_proof(shape_, leaf, [&](uint32_t l, uint64_t i) -> const Domain& { return levels_[l][i]; });
}

}  // namespace cuzk::filecoin
