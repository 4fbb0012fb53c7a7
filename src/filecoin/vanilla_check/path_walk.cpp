#include "filecoin/vanilla_check/path_walk.hpp"

#include <array>
#include <vector>

#include "core/error.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

namespace {

// InclusionPath::path_index: levels folded from the top, each step
// multiplying by the path's arity type (0 for an absent sub/top level, as
// the tree type says, whatever the data holds).
uint64_t fold_index(const InclusionPath& path, uint64_t arity) {
  uint64_t acc = 0;
  for (auto it = path.rbegin(); it != path.rend(); ++it) acc = acc * arity + it->index;
  return acc;
}

uint64_t pow_u64(uint64_t base, size_t exp) {
  uint64_t r = 1;
  for (size_t i = 0; i < exp; ++i) r *= base;
  return r;
}

// MerkleProof::path_index of storage-proofs-core for each variant, with the
// tree type's arities.
uint64_t rust_path_index(const MerkleProof& p, const TreeShape& s) {
  switch (p.kind) {
    case MerkleProof::Kind::kSingle: return fold_index(p.base, s.base_arity);
    case MerkleProof::Kind::kSub: {
      const uint64_t base_leaves = pow_u64(s.base_arity, p.base.size());
      return fold_index(p.sub, s.sub_arity) * base_leaves + fold_index(p.base, s.base_arity);
    }
    case MerkleProof::Kind::kTop: {
      const uint64_t base_leaves = pow_u64(s.base_arity, p.base.size());
      const uint64_t sub_leaves = base_leaves * s.sub_arity;
      return fold_index(p.sub, s.sub_arity) * base_leaves + fold_index(p.top, s.top_arity) * sub_leaves +
             fold_index(p.base, s.base_arity);
    }
  }
  return 0;
}

}  // namespace

bool is_canonical(const Domain& d) {
  try {
    (void)fr_of(d);
    return true;
  } catch (const DecodeError&) {
    return false;
  }
}

PathWalk walk_merkle_path(const MerkleProof& proof, const TreeShape& shape, PathReading reading) {
  PathWalk w;
  std::vector<const PathElement*> levels;
  levels.reserve(proof.base.size() + proof.sub.size() + proof.top.size());
  for (const auto* part : {&proof.base, &proof.sub, &proof.top})
    for (const auto& e : *part) levels.push_back(&e);
  w.kind_differs = proof.kind != shape.proof_kind();

  const uint32_t height = shape.height();
  if (levels.size() != height) {
    w.error = "the path has " + std::to_string(levels.size()) + " levels, the tree (" + shape.describe() + ") has " +
              std::to_string(height);
    return w;
  }
  if (!is_canonical(proof.leaf)) {
    w.error = "leaf " + to_hex(proof.leaf) + " is not a canonical field element";
    return w;
  }
  Domain node = proof.leaf;
  std::array<Domain, 16> kids;
  uint64_t weight = 1;
  for (uint32_t l = 0; l < height; ++l) {
    const PathElement& e = *levels[l];
    const uint32_t arity = shape.arity_at(l);
    const std::string where = "level " + std::to_string(l + 1) + " of " + std::to_string(height);
    if (e.hashes.size() != arity - 1) {
      w.error = where + " has " + std::to_string(e.hashes.size()) + " siblings, the tree's arity " +
                std::to_string(arity) + " needs " + std::to_string(arity - 1);
      return w;
    }
    uint64_t index = e.index;
    if (index >= arity) {
      if (reading == PathReading::kVanilla) {
        w.error = where + ": index " + std::to_string(index) + " is not below the arity " + std::to_string(arity);
        return w;
      }
      index &= arity - 1;
      w.index_wrapped = true;
    }
    for (size_t k = 0; k < e.hashes.size(); ++k)
      if (!is_canonical(e.hashes[k])) {
        w.error =
            where + ": sibling " + std::to_string(k) + " " + to_hex(e.hashes[k]) + " is not a canonical field element";
        return w;
      }
    for (uint32_t k = 0, j = 0; k < arity; ++k) kids[k] = k == index ? node : e.hashes[j++];
    node = hash_node(shape.hasher, std::span<const Domain>(kids.data(), arity));
    w.circuit_index += index * weight;
    weight *= arity;
  }
  w.computed_root = node;
  // Rust's index of a path whose indexes exceed their arity means nothing;
  // only the circuit's reading is defined then.
  w.rust_index = w.index_wrapped ? w.circuit_index : rust_path_index(proof, shape);
  return w;
}

}  // namespace cuzk::filecoin
