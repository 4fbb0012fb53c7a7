// The shape of one EmptySectorUpdate (SnapDeals) partition circuit for a
// sector size (storage-proofs-update vanilla.rs PublicParams::from_sector_size
// and constants.rs validate_tree_r_shape): challenge and partition counts, bit
// lengths, apex leafs, the h values, and the TreeR arities the circuit's
// Poseidon paths follow (test sizes included: 1 KiB is 8-4-0, 32 KiB 8-8-2).
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "filecoin/registry/update_params.hpp"

namespace cuzk::filecoin::update_circuit {

struct UpdateCircuitParams {
  uint64_t sector_nodes = 0;
  size_t challenge_count = 0;
  size_t challenge_bit_len = 0;  // log2(sector_nodes): TreeD's height
  size_t partition_count = 0;
  size_t partition_bit_len = 0;  // height of the partitions' tree on top of TreeD
  size_t apex_leaf_count = 0;
  size_t apex_leaf_bit_len = 0;  // height of each partition's apex tree
  std::array<size_t, 6> hs{};
  uint32_t base_arity = 8, sub_arity = 0, top_arity = 0;  // TreeR (old and new)

  // Siblings per level of a TreeR path, from the leaf up (base levels, then sub, then top).
  size_t tree_r_base_levels() const {
    size_t bits = challenge_bit_len;
    if (sub_arity) bits -= size_t(std::countr_zero(sub_arity));
    if (top_arity) bits -= size_t(std::countr_zero(top_arity));
    return bits / size_t(std::countr_zero(base_arity));
  }
  size_t tree_r_levels() const { return tree_r_base_levels() + (sub_arity ? 1 : 0) + (top_arity ? 1 : 0); }
  uint32_t tree_r_arity_at(size_t level) const {
    const size_t base = tree_r_base_levels();
    if (level < base) return base_arity;
    return level == base && sub_arity ? sub_arity : top_arity;
  }
  friend bool operator==(const UpdateCircuitParams&, const UpdateCircuitParams&) = default;
};

// Error naming the node count for a size EmptySectorUpdate does not allow.
inline UpdateCircuitParams update_circuit_params(uint64_t sector_nodes) {
  struct Arities {
    int log2_nodes;
    uint32_t sub, top;
  };
  // validate_tree_r_shape: base arity 8 everywhere.
  static constexpr Arities kShapes[] = {{5, 4, 0},  {6, 0, 0},  {7, 2, 0},  {8, 4, 0},  {9, 8, 0}, {10, 8, 2},
                                        {18, 0, 0}, {19, 2, 0}, {24, 0, 0}, {30, 8, 0}, {31, 8, 2}};
  UpdateCircuitParams p;
  p.sector_nodes = sector_nodes;
  p.challenge_count = update_challenge_count(sector_nodes);  // throws for a size not allowed
  p.challenge_bit_len = size_t(std::countr_zero(sector_nodes));
  p.partition_count = update_partition_count(sector_nodes);
  p.partition_bit_len = size_t(std::countr_zero(p.partition_count));
  p.apex_leaf_count = update_apex_leaf_count(sector_nodes);
  p.apex_leaf_bit_len = size_t(std::countr_zero(p.apex_leaf_count));
  p.hs = update_hs(sector_nodes);
  for (const auto& s : kShapes)
    if (int(p.challenge_bit_len) == s.log2_nodes) {
      p.sub_arity = s.sub;
      p.top_arity = s.top;
      return p;
    }
  throw Error("SnapDeals circuit: no TreeR shape for " + std::to_string(sector_nodes) + " sector nodes");
}

}  // namespace cuzk::filecoin::update_circuit
