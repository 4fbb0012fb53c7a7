// What the stacked-DRG proof of a challenge is assembled from: any
// representation of a sealed sector (dense in memory, or sparse for sizes
// too big to materialise) that can give the column of a node and inclusion
// proofs of a node in its three trees.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

class SectorOpenings {
 public:
  virtual ~SectorOpenings() = default;
  virtual uint32_t layers() const = 0;
  // The labels of `node` in layers 1..layers(), layer 1 first.
  virtual std::vector<Domain> column_rows(uint64_t node) const = 0;
  virtual MerkleProof tree_d_proof(uint64_t node) const = 0;  // sector data, SHA-256 binary
  virtual MerkleProof tree_c_proof(uint64_t node) const = 0;  // column hashes, Poseidon of tree_r_shape
  virtual MerkleProof tree_r_proof(uint64_t node) const = 0;  // replica, Poseidon of tree_r_shape
};

}  // namespace cuzk::filecoin
