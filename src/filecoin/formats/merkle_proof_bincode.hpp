// MerkleProof (storage-proofs-core merkle/proof.rs) in bincode:
//   u32 variant (0 Single, 1 Sub, 2 Top), then the variant's fields:
//   Single{root, leaf, path}, Sub{base_proof, sub_proof, root, leaf},
//   Top{base_proof, sub_proof, top_proof, root, leaf};
//   an InclusionPath is u64 n, then n × {u64 m, m × 32-byte hash, u64 index}.
// Field paths in errors follow the Rust fields ("data.Sub.base_proof.path[2].hashes[1]").
#pragma once
#include <cstddef>

#include "filecoin/formats/bincode.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

// The fewest bytes a MerkleProof takes (an empty Single), for length checks.
inline constexpr size_t kMerkleProofMinBincodeBytes = 4 + 32 + 32 + 8;

MerkleProof read_merkle_proof(BincodeReader& r);
// cuzk::Error when p holds a path its kind has no field for (a Single
// proof's sub path, a Sub proof's top path).
void write_merkle_proof(BincodeWriter& w, const MerkleProof& p);

// The precondition of both writers, shared with the JSON writer.
void check_merkle_proof_shape(const MerkleProof& p);

}  // namespace cuzk::filecoin
