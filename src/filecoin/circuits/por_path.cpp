#include "filecoin/circuits/por_path.hpp"

#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

bool is_arity(uint32_t a) { return a == 2 || a == 4 || a == 8 || a == 16; }

std::vector<PorPathElement> blank_levels(size_t count, uint32_t arity) {
  return std::vector<PorPathElement>(count, PorPathElement{std::vector<std::optional<Fr>>(arity - 1), std::nullopt});
}

}  // namespace

void validate_por_shape(const TreeShape& shape) {
  const auto what = [&] { return "PoR circuit: tree shape " + shape.describe() + ": "; };
  if (shape.hasher != NodeHasher::kPoseidon && shape.hasher != NodeHasher::kSha256Trunc254 &&
      shape.hasher != NodeHasher::kBlake2s)
    throw Error(what() + "unknown node hasher");
  if (!is_arity(shape.base_arity)) throw Error(what() + "base arity must be 2, 4, 8 or 16");
  if (shape.sub_arity != 0 && !is_arity(shape.sub_arity)) throw Error(what() + "sub arity must be 0, 2, 4, 8 or 16");
  if (shape.top_arity != 0 && !is_arity(shape.top_arity)) throw Error(what() + "top arity must be 0, 2, 4, 8 or 16");
  if (shape.top_arity != 0 && shape.sub_arity == 0) throw Error(what() + "a top level needs a sub level");
  if (shape.leaves == 0 || shape.leaves > (uint64_t(1) << 62) || (shape.leaves & (shape.leaves - 1)) != 0)
    throw Error(what() + "the leaf count must be a power of two in 1..2^62");
  if (shape.leaves % shape.base_tree_count() != 0 || shape.base_height() < 1)
    throw Error(what() + "the leaves do not fill " + std::to_string(shape.base_tree_count()) +
                " base trees of arity " + std::to_string(shape.base_arity));
}

PorAuthPath por_blank_auth_path(const TreeShape& shape) {
  validate_por_shape(shape);
  PorAuthPath p;
  p.base = blank_levels(shape.base_height(), shape.base_arity);
  if (shape.sub_arity) p.sub = blank_levels(1, shape.sub_arity);
  if (shape.top_arity) p.top = blank_levels(1, shape.top_arity);
  return p;
}

PorAuthPath por_auth_path(const TreeShape& shape, const MerkleProof& proof) {
  validate_por_shape(shape);
  std::vector<const PathElement*> levels;
  for (const InclusionPath* part : {&proof.base, &proof.sub, &proof.top})
    for (const PathElement& e : *part) levels.push_back(&e);
  if (levels.size() != shape.height())
    throw Error("PoR circuit: the inclusion proof has " + std::to_string(levels.size()) + " levels, tree " +
                shape.describe() + " has " + std::to_string(shape.height()));
  PorAuthPath p;
  for (uint32_t l = 0; l < levels.size(); ++l) {
    const uint32_t arity = shape.arity_at(l);
    const PathElement& e = *levels[l];
    const std::string at = "PoR circuit: inclusion proof level " + std::to_string(l) + ": ";
    if (e.hashes.size() != arity - 1)
      throw Error(at + std::to_string(e.hashes.size()) + " siblings, arity " + std::to_string(arity) + " needs " +
                  std::to_string(arity - 1));
    if (e.index >= arity) throw Error(at + "index " + std::to_string(e.index) + " is not below the arity");
    PorPathElement out;
    out.index = e.index;
    out.hashes.reserve(e.hashes.size());
    for (size_t i = 0; i < e.hashes.size(); ++i)
      out.hashes.emplace_back(fr_of(e.hashes[i], "inclusion proof sibling"));
    std::vector<PorPathElement>& part = l < shape.base_height() ? p.base : l == shape.base_height() ? p.sub : p.top;
    part.push_back(std::move(out));
  }
  return p;
}

uint64_t por_path_challenge(const TreeShape& shape, const PorAuthPath& path) {
  uint64_t challenge = 0;
  int shift = 0;
  auto walk = [&](const std::vector<PorPathElement>& levels, uint32_t arity) {
    for (const PorPathElement& e : levels) {
      if (!e.index) throw Error("PoR circuit: a blank path spells no challenge");
      challenge |= *e.index << shift;
      shift += __builtin_ctz(arity);
    }
  };
  walk(path.base, shape.base_arity);
  walk(path.sub, shape.sub_arity);
  walk(path.top, shape.top_arity);
  return challenge;
}

}  // namespace cuzk::filecoin
