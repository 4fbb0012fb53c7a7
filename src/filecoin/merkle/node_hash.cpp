#include "filecoin/merkle/node_hash.hpp"

#include <array>
#include <string>

#include "circuits/poseidon/constants.hpp"
#include "circuits/poseidon/native.hpp"
#include "core/error.hpp"
#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

namespace {

namespace pos = circuits::poseidon;

// filecoin_poseidon() takes a lock per call and node hashing is hot, so each
// arity's constants are looked up once, on first use.
const pos::PoseidonConstants<Fr>& constants_for(size_t arity) {
  switch (arity) {
    case 2: { static const auto& c = pos::filecoin_poseidon<Fr>(2); return c; }
    case 4: { static const auto& c = pos::filecoin_poseidon<Fr>(4); return c; }
    case 8: { static const auto& c = pos::filecoin_poseidon<Fr>(8); return c; }
    case 16: { static const auto& c = pos::filecoin_poseidon<Fr>(16); return c; }
  }
  throw Error("Poseidon tree node: " + std::to_string(arity) + " children (tree arities are 2, 4, 8, 16)");
}

// One OpenSSL context per thread: creating one per pair costs more than the hash.
Domain sha_pair(const Domain& left, const Domain& right) {
  thread_local Sha256 h;
  return trunc254(h.update(left).update(right).finish());
}

}  // namespace

Fr poseidon_node(std::span<const Fr> children) { return pos::hash<Fr>(children, constants_for(children.size())); }

Domain poseidon_node(std::span<const Domain> children) {
  std::array<Fr, 16> frs;
  const auto& c = constants_for(children.size());
  for (size_t i = 0; i < children.size(); ++i) frs[i] = fr_of(children[i], "Poseidon tree node child");
  return domain_of(pos::hash<Fr>(std::span<const Fr>(frs.data(), children.size()), c));
}

Domain hash_node(NodeHasher hasher, std::span<const Domain> children) {
  if (hasher == NodeHasher::kSha256Trunc254) {
    if (children.size() != 2)
      throw Error("SHA-256 tree node: " + std::to_string(children.size()) + " children (the tree is binary)");
    return sha_pair(children[0], children[1]);
  }
  if (hasher != NodeHasher::kPoseidon)
    throw Error(std::string("tree node: no native ") + node_hasher_name(hasher) + " node hash");
  return poseidon_node(children);
}

Domain uniform_subtree_root(NodeHasher hasher, uint32_t arity, const Domain& leaf, uint32_t height) {
  Domain node = leaf;
  std::array<Domain, 16> kids;
  if (arity > kids.size()) throw Error("uniform subtree: arity " + std::to_string(arity) + " exceeds 16");
  for (uint32_t l = 0; l < height; ++l) {
    std::fill_n(kids.begin(), arity, node);
    node = hash_node(hasher, std::span<const Domain>(kids.data(), arity));
  }
  return node;
}

}  // namespace cuzk::filecoin
