// The StackedDRG PoRep partition circuit as the prover and key generation
// synthesise it: stacked_circuit.hpp with every Merkle path enforced by
// storage-proofs-core's PoR circuit with a private root (proof.rs
// enforce_inclusion: leaf and root the circuit's own variables, one public
// input per path, the challenged leaf). Build the inputs with
// circuit_inputs.hpp: stacked_circuit_partitions(c1) to prove,
// blank_stacked_circuit(stacked_circuit_shape(proof)) for keys and shape.
#pragma once
#include "core/parallel.hpp"
#include "filecoin/circuits/por.hpp"
#include "filecoin/circuits/stacked/stacked_circuit.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::filecoin::stacked {

struct PorInclusion {
  template <class CS, class N>
  void operator()(CS& cs, const N& name, const TreeShape& shape, const PathWitness& path,
                  const cuzk::circuits::AllocatedNum<Fr>& root, const cuzk::circuits::AllocatedNum<Fr>& leaf) const {
    PorCircuit por;
    por.shape = shape;
    por.auth_path = path ? por_auth_path(shape, *path) : por_blank_auth_path(shape);
    por.value = cuzk::circuits::Root<Fr>::from_allocated(leaf);
    por.root = cuzk::circuits::Root<Fr>::from_allocated(root);
    por.private_root = true;
    r1cs::Namespace ns(cs, name);
    synthesize_por(cs, por);
  }
};

// A system that splits (ProvingAssignment, WitnessAssignment) synthesizes its
// challenges on `pool` (one challenge per task; a pool of one thread, or a
// streamed assignment, is sequential);
// every other system sees the sequential order.
template <r1cs::ConstraintSystem CS>
void synthesize_stacked_porep(CS& cs, const StackedCircuitInputs& in, ThreadPool& pool) {
  synthesize_stacked_porep_with(cs, in, PorInclusion{}, &pool);
}

// The same on the process-wide pool (core/parallel.hpp).
template <r1cs::ConstraintSystem CS>
void synthesize_stacked_porep(CS& cs, const StackedCircuitInputs& in) {
  if constexpr (r1cs::SplitSystem<CS>)
    synthesize_stacked_porep(cs, in, global_pool());
  else
    synthesize_stacked_porep_with(cs, in, PorInclusion{});
}

}  // namespace cuzk::filecoin::stacked
