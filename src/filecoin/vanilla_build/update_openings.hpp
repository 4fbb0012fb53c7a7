// What a SnapDeals partition proof is assembled from: any representation of
// an updated sector (dense in memory, or sparse for sizes too big to
// materialise) that can open a node in the sector key's tree R, the new
// data's tree D and the new replica's tree R, and read tree D's apex row.
#pragma once
#include <cstdint>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

class UpdateOpenings {
 public:
  virtual ~UpdateOpenings() = default;
  virtual uint64_t nodes() const = 0;
  virtual Domain comm_c() const = 0;      // of the sealed sector; the update keeps it
  virtual Domain comm_r_new() const = 0;  // seeds the challenges
  virtual MerkleProof old_replica_proof(uint64_t node) const = 0;  // sector key, Poseidon of tree_r_shape
  virtual MerkleProof new_data_proof(uint64_t node) const = 0;     // new data, SHA-256 binary
  virtual MerkleProof new_replica_proof(uint64_t node) const = 0;  // new replica, Poseidon of tree_r_shape
  // A node of the new data's tree D; level 0 = the leaves.
  virtual Domain new_data_node(uint32_t level, uint64_t index) const = 0;
};

}  // namespace cuzk::filecoin
