// The StackedCircuit's inputs of each partition of a PoRep C2 from the C1
// output (storage-proofs-porep stacked/circuit/proof.rs
// StackedCompound::circuit and params.rs From<VanillaProof>), and the blank
// circuit of a proof type (StackedCompound::blank_circuit) for key
// generation and shape: every value absent, the shapes the same.
#pragma once
#include <cstddef>
#include <vector>

#include "filecoin/circuits/stacked/witness.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin::stacked {

// What fixes a partition circuit's R1CS.
struct StackedCircuitShape {
  TreeShape tree_d;
  TreeShape tree_rc;
  size_t layers = 0;
  size_t challenges = 0;  // per partition
};

// The proof type's shape (sector size, layers, challenges per partition).
StackedCircuitShape stacked_circuit_shape(RegisteredSealProof proof);
// The same from a published sector size alone: every proof type of a size
// (interactive, synthetic, non-interactive, any API version) has this shape.
StackedCircuitShape stacked_circuit_shape_of_size(uint64_t sector_size);
// Any shape: nodes, layers and challenges given, TreeR/TreeC arities free
// (the upstream circuit tests use base-2 and base-8 trees of 8 nodes).
StackedCircuitShape stacked_circuit_shape(uint64_t nodes, size_t layers, size_t challenges, const TreeArities& tree_rc);

StackedCircuitInputs blank_stacked_circuit(const StackedCircuitShape& shape);

// Partition k's circuit (k < c1.vanilla_proofs.size()). Error naming the
// fault when a proof does not fit the proof type's shape (parents, rows,
// proof kinds, path lengths) or the proofs disagree on comm_c /
// comm_r_last; DecodeError when a value is not a field element.
StackedCircuitInputs stacked_circuit_inputs(const SealCommitPhase1Output& c1, size_t partition);
// All partitions, in order.
std::vector<StackedCircuitInputs> stacked_circuit_partitions(const SealCommitPhase1Output& c1);

// One partition's inputs from its vanilla proofs (what the two above use).
StackedCircuitInputs stacked_circuit_inputs(const StackedCircuitShape& shape, const Domain& replica_id,
                                            const Domain& comm_d, const Domain& comm_r,
                                            const std::vector<StackedProof>& proofs);

}  // namespace cuzk::filecoin::stacked
