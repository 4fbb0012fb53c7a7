#include "filecoin/circuits/por.hpp"

namespace cuzk::filecoin {

PorCircuit PorCircuit::from_proof(const TreeShape& shape, const MerkleProof& proof, bool private_root) {
  PorCircuit c;
  c.shape = shape;
  c.value = circuits::Root<Fr>::from_value(fr_of(proof.leaf, "inclusion proof leaf"));
  c.auth_path = por_auth_path(shape, proof);
  c.root = circuits::Root<Fr>::from_value(fr_of(proof.root, "inclusion proof root"));
  c.private_root = private_root;
  return c;
}

PorCircuit PorCircuit::blank(const TreeShape& shape, bool private_root) {
  PorCircuit c;
  c.shape = shape;
  c.auth_path = por_blank_auth_path(shape);
  c.private_root = private_root;
  return c;
}

std::vector<Fr> por_public_inputs(uint64_t challenge, uint64_t leaves, const std::optional<Fr>& public_root) {
  if (challenge >= leaves)
    throw Error("PoR public inputs: challenge " + std::to_string(challenge) + " is not below the " +
                std::to_string(leaves) + " leaves");
  std::vector<Fr> out{Fr::from_u64(challenge)};
  if (public_root) out.push_back(*public_root);
  return out;
}

}  // namespace cuzk::filecoin
