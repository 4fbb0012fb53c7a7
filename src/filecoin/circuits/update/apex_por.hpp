// storage-proofs-update gadgets.rs apex_por: a partition's apex tree hashed up
// from its apex leafs with TreeD's SHA-256 hash2 (row by row, left to right:
// apex_leaf_count - 1 hashes), then its root proven to lie under comm_d_new at
// the partition's position (the partition bits) along the partition path,
// checked once per partition since every challenge's TreeD path ends with it.
#pragma once
#include <bit>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "circuits/gadgets/allocated_num.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/sha256_hasher_circuit.hpp"
#include "filecoin/circuits/update/update_por.hpp"

namespace cuzk::filecoin::update_circuit {

template <class CS, class N>
void apex_por(CS& cs, const N& name, const UpdateCircuitParams& p, std::vector<circuits::AllocatedNum<Fr>> apex_leafs,
              const std::vector<circuits::AllocatedBit<Fr>>& partition_bits,
              const std::vector<std::vector<circuits::AllocatedNum<Fr>>>& partition_path,
              const circuits::AllocatedNum<Fr>& comm_d) {
  if (apex_leafs.empty() || !std::has_single_bit(apex_leafs.size()))
    throw Error("apex_por: " + std::to_string(apex_leafs.size()) + " apex leafs (need a power of two)");
  r1cs::Namespace ns(cs, name);
  const size_t height = size_t(std::countr_zero(apex_leafs.size()));
  std::vector<circuits::AllocatedNum<Fr>> row = std::move(apex_leafs);
  for (size_t r = 0; r < height; ++r) {
    std::vector<circuits::AllocatedNum<Fr>> up;
    up.reserve(row.size() / 2);
    for (size_t i = 0; i < row.size() / 2; ++i)
      up.push_back(sha256_circuit::hash2_circuit(
          cs,
          [r, i] {
            return "apex_tree generation hash (tree_row=" + std::to_string(r) + ", siblings=" + std::to_string(i) + ")";
          },
          row[2 * i], row[2 * i + 1]));
    row = std::move(up);
  }
  por_tree_d(cs, "partition-tree por", p, partition_bits, row[0], partition_path, comm_d);
}

}  // namespace cuzk::filecoin::update_circuit
