// comm_r and comm_r_last: a sealed sector's replica commitment is
// Poseidon-2(comm_c, comm_r_last) (storage-proofs-porep), and comm_r_last is
// the root of TreeR, whose top levels reduce the roots of its base trees
// (the sc-02-data-tree-r-last-N files) as rust-fil-proofs' compound trees do.
#pragma once
#include <span>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

// Poseidon-2 of the two commitments; DecodeError when either is not canonical.
Domain comm_r_of(const Domain& comm_c, const Domain& comm_r_last);

// comm_r_last from the roots of TreeR's base trees: 1 -> that root; 2, 4, 8
// -> Poseidon of that arity (shapes 8-2-0, 8-4-0, 8-8-0); 16 -> Poseidon-2 of
// the Poseidon-8 of each half (8-8-2). Error for any other count.
Domain comm_r_last_from_roots(std::span<const Domain> base_tree_roots);

}  // namespace cuzk::filecoin
