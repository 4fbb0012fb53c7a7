// MerkleProof (storage-proofs-core merkle/proof.rs) as serde_json writes it:
//   {"data":{"Single":{"root":D,"leaf":D,"path":P}}}
//   {"data":{"Sub":{"base_proof":P,"sub_proof":P,"root":D,"leaf":D}}}
//   {"data":{"Top":{"base_proof":P,"sub_proof":P,"top_proof":P,"root":D,"leaf":D}}}
//   P = {"path":[{"hashes":[D,...],"index":n},...]}, D = array of 32 integers.
#pragma once
#include <string>

#include "filecoin/formats/json_reader.hpp"
#include "filecoin/merkle/merkle_proof.hpp"

namespace cuzk::filecoin {

MerkleProof read_merkle_proof_json(JsonReader& r);
// cuzk::Error when p holds a path its kind has no field for.
void write_merkle_proof_json(std::string& out, const MerkleProof& p);

}  // namespace cuzk::filecoin
