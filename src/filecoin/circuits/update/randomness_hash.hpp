// SnapDeals' randomness hash in the circuit: neptune poseidon_hash of two
// numbers with POSEIDON_CONSTANTS_GEN_RANDOMNESS (Standard strength, arity 2,
// HashType::Custom(Arbitrary(1)): domain tag 2^40), which derives phi, rho
// and the challenge digests (storage-proofs-update constants.rs). Same
// constraints as the MerkleTree-tagged Poseidon-2 (311); only the tag differs.
#pragma once
#include <span>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"

namespace cuzk::filecoin::update_circuit {

template <class F>
const circuits::poseidon::NeptuneCircuitPlan<F>& gen_randomness_plan() {
  static const auto& plan =
      circuits::poseidon::neptune_circuit_plan<F>(2, circuits::poseidon::neptune_custom_tag<F>(1));
  return plan;
}

// Poseidon(a, b) with the Arbitrary(1) tag, in namespace `name`.
template <class CS, class N, class F = typename CS::Field>
circuits::AllocatedNum<F> randomness_hash(CS& cs, const N& name, const circuits::AllocatedNum<F>& a,
                                          const circuits::AllocatedNum<F>& b) {
  const circuits::AllocatedNum<F> preimage[2] = {a, b};
  return circuits::poseidon::neptune_poseidon_hash(cs, name, std::span<const circuits::AllocatedNum<F>>(preimage, 2),
                                                   gen_randomness_plan<F>());
}

}  // namespace cuzk::filecoin::update_circuit
