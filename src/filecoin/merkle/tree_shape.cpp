#include "filecoin/merkle/tree_shape.hpp"

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

bool is_tree_arity(uint32_t a) { return a == 2 || a == 4 || a == 8 || a == 16; }

// log_a(n) when n is a power of a (a a power of two), else -1.
int exact_log(uint64_t n, uint32_t a) {
  if (n == 0 || (n & (n - 1)) != 0) return -1;
  const int bits_n = __builtin_ctzll(n), bits_a = __builtin_ctz(a);
  return bits_n % bits_a == 0 ? bits_n / bits_a : -1;
}

}  // namespace

const char* node_hasher_name(NodeHasher h) {
  switch (h) {
    case NodeHasher::kSha256Trunc254: return "sha256-trunc254";
    case NodeHasher::kPoseidon: return "poseidon";
    case NodeHasher::kBlake2s: return "blake2s";
  }
  return "?";
}

void TreeShape::validate() const {
  const std::string what = "tree shape " + describe() + ": ";
  if (hasher == NodeHasher::kBlake2s) throw Error(what + "BLAKE2s trees exist only in circuits");
  if (hasher != NodeHasher::kSha256Trunc254 && hasher != NodeHasher::kPoseidon) throw Error(what + "unknown node hasher");
  if (!is_tree_arity(base_arity)) throw Error(what + "base arity must be 2, 4, 8 or 16");
  if (sub_arity != 0 && !is_tree_arity(sub_arity)) throw Error(what + "sub arity must be 0, 2, 4, 8 or 16");
  if (top_arity != 0 && !is_tree_arity(top_arity)) throw Error(what + "top arity must be 0, 2, 4, 8 or 16");
  if (top_arity != 0 && sub_arity == 0) throw Error(what + "a top level needs a sub level");
  if (hasher == NodeHasher::kSha256Trunc254 && (base_arity != 2 || sub_arity != 0))
    throw Error(what + "SHA-256 trees are binary with no sub or top level");
  if (leaves == 0 || leaves > (uint64_t(1) << 62)) throw Error(what + "leaf count must be in 1..2^62");
  if (leaves % base_tree_count() != 0)
    throw Error(what + "leaves do not divide into " + std::to_string(base_tree_count()) + " base trees");
  const int h = exact_log(base_leaves(), base_arity);
  if (h < 1)
    throw Error(what + "a base tree's " + std::to_string(base_leaves()) + " leaves are not a power (>= 1) of " +
                std::to_string(base_arity));
}

uint32_t TreeShape::base_height() const {
  const int h = exact_log(base_leaves(), base_arity);
  return h < 0 ? 0 : uint32_t(h);
}

uint32_t TreeShape::arity_at(uint32_t level) const {
  const uint32_t bh = base_height();
  if (level < bh) return base_arity;
  if (level == bh && sub_arity) return sub_arity;
  if (level == bh + 1 && top_arity) return top_arity;
  throw Error("tree shape " + describe() + ": no level above level " + std::to_string(level));
}

uint64_t TreeShape::nodes_at(uint32_t level) const {
  uint64_t n = leaves;
  for (uint32_t l = 0; l < level; ++l) n /= arity_at(l);
  return n;
}

std::string TreeShape::describe() const {
  return std::string(node_hasher_name(hasher)) + " " + std::to_string(base_arity) + "-" + std::to_string(sub_arity) +
         "-" + std::to_string(top_arity) + " over " + std::to_string(leaves) + " leaves";
}

TreeShape tree_d_shape(uint64_t sector_bytes) {
  TreeShape s{NodeHasher::kSha256Trunc254, 2, 0, 0, sector_bytes / kNodeBytes};
  if (sector_bytes % kNodeBytes != 0 || sector_bytes < 2 * kNodeBytes)
    throw Error("TreeD: sector size " + std::to_string(sector_bytes) + " is not a power of two >= 64 bytes");
  s.validate();
  return s;
}

TreeShape tree_r_shape(uint64_t sector_bytes) {
  constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;
  uint32_t sub = 0, top = 0;
  switch (sector_bytes) {
    case 2 * KiB: case 8 * MiB: case 512 * MiB: break;
    case 4 * KiB: case 16 * MiB: case 1 * GiB: sub = 2; break;
    case 16 * KiB: case 32 * GiB: sub = 8; break;
    case 32 * KiB: case 64 * GiB: sub = 8; top = 2; break;
    default: throw Error("TreeR: no Filecoin tree shape for sector size " + std::to_string(sector_bytes));
  }
  TreeShape s{NodeHasher::kPoseidon, 8, sub, top, sector_bytes / kNodeBytes};
  s.validate();
  return s;
}

}  // namespace cuzk::filecoin
