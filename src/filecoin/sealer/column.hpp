// Columns of the stacked-DRG replica (storage-proofs-porep stacked/vanilla
// column.rs, hash.rs): the column of node i is its label in every layer,
// layer 1 first; its hash, a leaf of tree C, is Poseidon (Filecoin's Merkle
// constants) of arity = the layer count, which rust allows for 2 and 11
// layers only (column_hash of one column: sparse_sector/sparse_sector.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/vanilla/column_proof.hpp"

namespace cuzk::filecoin {

// Column of node i from every layer's labels (labels[layer - 1][node]).
// Error when node is beyond a layer or does not fit the column's u32 index.
Column column_of(std::span<const std::vector<Domain>> labels, uint64_t node);

// The leaves of tree C: the hash of every node's column, on the thread pool.
std::vector<Domain> tree_c_leaves(std::span<const std::vector<Domain>> labels);

}  // namespace cuzk::filecoin
