// The circuit's three kinds of inclusion proof, each storage-proofs-core's
// por_no_challenge_input (filecoin/circuits/por.hpp) over the tree type the
// Rust names: TreeR (Poseidon, base 8 with the size's sub/top arities) for
// the old and new replica, TreeD (SHA-256 binary) for the partition path and
// the paths up to the apex leafs. Only the arities and the hasher matter to
// the gadget; the leaf count is the sector's, as the Rust's tree types say.
#pragma once
#include <span>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "circuits/gadgets/allocated_num.hpp"
#include "filecoin/circuits/por.hpp"
#include "filecoin/circuits/update/update_circuit_params.hpp"
#include "filecoin/merkle/tree_shape.hpp"

namespace cuzk::filecoin::update_circuit {

inline TreeShape update_tree_r_shape(const UpdateCircuitParams& p) {
  return TreeShape{NodeHasher::kPoseidon, p.base_arity, p.sub_arity, p.top_arity, p.sector_nodes};
}
inline TreeShape update_tree_d_shape(const UpdateCircuitParams& p) {
  return TreeShape{NodeHasher::kSha256Trunc254, 2, 0, 0, p.sector_nodes};
}

template <class CS, class N>
void por_tree_r(CS& cs, const N& name, const UpdateCircuitParams& p,
                const std::vector<circuits::AllocatedBit<Fr>>& bits, const circuits::AllocatedNum<Fr>& leaf,
                const std::vector<std::vector<circuits::AllocatedNum<Fr>>>& path,
                const circuits::AllocatedNum<Fr>& root) {
  por_no_challenge_input(cs, name, update_tree_r_shape(p), std::span<const circuits::AllocatedBit<Fr>>(bits), leaf,
                         path, root);
}

template <class CS, class N>
void por_tree_d(CS& cs, const N& name, const UpdateCircuitParams& p,
                const std::vector<circuits::AllocatedBit<Fr>>& bits, const circuits::AllocatedNum<Fr>& leaf,
                const std::vector<std::vector<circuits::AllocatedNum<Fr>>>& path,
                const circuits::AllocatedNum<Fr>& root) {
  por_no_challenge_input(cs, name, update_tree_d_shape(p), std::span<const circuits::AllocatedBit<Fr>>(bits), leaf,
                         path, root);
}

}  // namespace cuzk::filecoin::update_circuit
