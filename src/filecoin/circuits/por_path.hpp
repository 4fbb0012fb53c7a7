// The witness of one inclusion path as storage-proofs-core's PoR circuit takes
// it (gadgets/por.rs AuthPath): per level the arity - 1 siblings and the
// node's position among its parent's children, split into the base tree's
// levels, then at most one sub level and one top level. Every value is
// optional: a blank path (key generation, shape counting) has none.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin {

struct PorPathElement {
  std::vector<std::optional<Fr>> hashes;  // arity - 1 siblings
  std::optional<uint64_t> index;          // position among the arity children
};

struct PorAuthPath {
  std::vector<PorPathElement> base;  // base_height() levels
  std::vector<PorPathElement> sub;   // one level when the shape has a sub level
  std::vector<PorPathElement> top;   // one level when the shape has a top level
};

// Error naming the fault unless the shape is one the PoR circuit can walk:
// arities 2, 4, 8 or 16 (any hasher; the circuit also hashes SHA-256 nodes of
// arity > 2), a top level only above a sub level, and leaves filling
// base_tree_count() base trees of at least one level.
void validate_por_shape(const TreeShape& shape);

// AuthPath::blank: the shape's levels, every value missing.
PorAuthPath por_blank_auth_path(const TreeShape& shape);

// proof.as_options().into(): the proof's levels (base, then sub, then top,
// in the proof's order) split by the shape. Error unless the proof has the
// shape's level count and every level its arity - 1 siblings and an index
// below the arity; DecodeError when a sibling is not a field element.
PorAuthPath por_auth_path(const TreeShape& shape, const MerkleProof& proof);

// The challenged leaf the path's indices spell (little-endian digits in the
// arities of the levels); Error for a blank path.
uint64_t por_path_challenge(const TreeShape& shape, const PorAuthPath& path);

}  // namespace cuzk::filecoin
