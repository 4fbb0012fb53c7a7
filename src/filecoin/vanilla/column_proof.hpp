// A column of the stacked-DRG replica and its inclusion in tree C
// (storage-proofs-porep stacked/vanilla column.rs, column_proof.rs): the
// labels of node `index` in every layer, and the proof that their Poseidon
// hash is leaf `index` of the tree whose root is comm_c.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

struct Column {
  uint32_t index = 0;
  std::vector<Domain> rows;  // one label per layer, layer 1 first
  friend bool operator==(const Column&, const Column&) = default;
};

struct ColumnProof {
  Column column;
  MerkleProof inclusion_proof;  // in tree C
  friend bool operator==(const ColumnProof&, const ColumnProof&) = default;
};

}  // namespace cuzk::filecoin
