// The StackedDRG PoRep circuit of one partition (storage-proofs-porep
// stacked/circuit/proof.rs StackedCircuit::synthesize), constraint for
// constraint: replica_id, comm_d, comm_r allocated and made public inputs
// (replica_id also unpacked to bits for the labels), comm_r_last and comm_c
// allocated, comm_r = Poseidon-2(comm_c, comm_r_last) enforced, then each
// challenge (challenge_proof.hpp) under "challenge_i". With the PoR paths
// (stacked_porep.hpp) the public inputs it allocates are
// porep_public_inputs.hpp's PorepPublicInputs::partition(k).
#pragma once
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/constraint.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"
#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/circuits/stacked/challenge_proof.hpp"
#include "filecoin/circuits/stacked/witness.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"

namespace cuzk::filecoin::stacked {

namespace stacked_detail {

// What one challenge adds to the R1CS (inputs, aux, constraints): the same
// for every challenge of a circuit, fixed by the tree shapes, the layers and
// the path gadget; counted once per process and kind.
template <class F, class Inclusion>
r1cs::CircuitShape challenge_shape(const StackedCircuitInputs& in, const StackedCommitments<F>& comm,
                                   const Inclusion& inclusion) {
  struct Known {
    TreeShape tree_d, tree_rc;
    size_t layers;
    r1cs::CircuitShape shape;
  };
  static std::mutex mu;
  static std::vector<Known> known;
  {
    std::lock_guard lk(mu);
    for (const auto& k : known)
      if (k.tree_d == in.tree_d && k.tree_rc == in.tree_rc && k.layers == in.layers) return k.shape;
  }
  r1cs::ShapeCounter<F> counter;
  synthesize_challenge(counter, "challenge", in.challenges[0], in.tree_d, in.tree_rc, comm, inclusion);
  r1cs::CircuitShape shape = counter.shape();
  shape.num_inputs -= 1;  // the counter starts with ONE
  std::lock_guard lk(mu);
  known.push_back({in.tree_d, in.tree_rc, in.layers, shape});
  return shape;
}

}  // namespace stacked_detail

// With an explicit Merkle-path gadget (see challenge_proof.hpp). With a
// pool of more than one thread, a system that splits (r1cs::SplitSystem) gets its challenges
// synthesized in parallel (bit-identical to the sequential synthesis).
template <class CS, class Inclusion, class F = typename CS::Field>
void synthesize_stacked_porep_with(CS& cs, const StackedCircuitInputs& in, const Inclusion& inclusion,
                                   ThreadPool* pool = nullptr) {
  using cuzk::circuits::AllocatedNum;
  using cuzk::circuits::need;
  if (in.challenges.empty()) throw Error("StackedCircuit: no challenges");
  if (in.layers != 2 && in.layers != 11)
    throw Error("StackedCircuit: " + std::to_string(in.layers) + " layers (the column hash takes 2 or 11)");
  for (const auto& c : in.challenges)
    if (!c.drg_parents.empty() && c.drg_parents[0].rows.size() != in.layers)
      throw Error("StackedCircuit: columns of " + std::to_string(c.drg_parents[0].rows.size()) + " rows, " +
                  std::to_string(in.layers) + " layers");

  StackedCommitments<F> comm;
  const auto replica_id = AllocatedNum<F>::alloc(cs, "replica_id", [&] { return need(in.replica_id); });
  replica_id.inputize(cs, "replica_id_input");
  comm.replica_id_bits = cuzk::circuits::reverse_bit_numbering(replica_id.to_bits_le(cs, "replica_id_bits"));

  comm.comm_d = AllocatedNum<F>::alloc(cs, "comm_d", [&] { return need(in.comm_d); });
  comm.comm_d.inputize(cs, "comm_d_input");
  const auto comm_r = AllocatedNum<F>::alloc(cs, "comm_r", [&] { return need(in.comm_r); });
  comm_r.inputize(cs, "comm_r_input");
  comm.comm_r_last = AllocatedNum<F>::alloc(cs, "comm_r_last", [&] { return need(in.comm_r_last); });
  comm.comm_c = AllocatedNum<F>::alloc(cs, "comm_c", [&] { return need(in.comm_c); });

  // comm_r = H(comm_c || comm_r_last)
  {
    const auto hash =
        cuzk::circuits::poseidon::hash2_circuit(cs, "H_comm_c_comm_r_last", comm.comm_c, comm.comm_r_last);
    cuzk::circuits::constraint::equal(cs, "enforce comm_r = H(comm_c || comm_r_last)", comm_r, hash);
  }

  auto challenge = [&](auto& sys, size_t i) {
    synthesize_challenge(sys, [i] { return "challenge_" + std::to_string(i); }, in.challenges[i], in.tree_d, in.tree_rc,
                         comm, inclusion);
  };
  // The prover synthesizes the challenges concurrently, each at the offsets
  // the sequential order gives it; every other system sees that order.
  if constexpr (r1cs::SplitSystem<CS>) {
    if (pool && pool->size() > 1 && in.challenges.size() > 1 && cs.can_split()) {
      auto pieces = cs.split(in.challenges.size(), stacked_detail::challenge_shape(in, comm, inclusion));
      pool->parallel_for(pieces.size(), 1, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) challenge(pieces[i], i);
      });
      cs.join(pieces);
      return;
    }
  }
  for (size_t i = 0; i < in.challenges.size(); ++i) challenge(cs, i);
}

}  // namespace cuzk::filecoin::stacked
