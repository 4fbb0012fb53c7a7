// The node hash of Filecoin's trees over 32-byte Domains: SHA-256-trunc254 of
// the two children concatenated, or Poseidon (Filecoin's Merkle-tree
// constants for arity = number of children) of the children read as Fr.
// Poseidon children must be canonical field elements (DecodeError otherwise).
#pragma once
#include <cstdint>
#include <span>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

// Hashes 2, 4, 8 or 16 children (SHA-256: exactly 2); Error for any other count.
Domain hash_node(NodeHasher hasher, std::span<const Domain> children);

// Poseidon of 2, 4, 8 or 16 field elements with Filecoin's Merkle constants.
Fr poseidon_node(std::span<const Fr> children);
Domain poseidon_node(std::span<const Domain> children);

// The root of a subtree of the given height (level) whose leaves all equal
// `leaf`, for a tree where every level has the same arity: default[l + 1] =
// hash of `arity` copies of default[l].
Domain uniform_subtree_root(NodeHasher hasher, uint32_t arity, const Domain& leaf, uint32_t height);

}  // namespace cuzk::filecoin
