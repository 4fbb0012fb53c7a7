// Helpers of the StackedDRG circuit tests: stand-ins for the Merkle-path
// gadget where a test looks only at the rest of the circuit (none: no
// constraint; leaf check: the leaf and root variables equal the vanilla
// path's leaf and root, which tests every value the circuit computes for a
// path without hashing the path), and a real 2 KiB C1 output.
#pragma once
#include <optional>

#include "circuits/gadgets/allocated_num.hpp"
#include "filecoin/circuits/stacked/witness.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "support/filecoin_values.hpp"

namespace cuzk::filecoin::stacked_test {

using F = Fr;
using Num = cuzk::circuits::AllocatedNum<F>;

struct NoInclusion {
  template <class CS, class N>
  void operator()(CS&, const N&, const TreeShape&, const stacked::PathWitness&, const Num&, const Num&) const {}
};

struct LeafCheck {
  template <class CS, class N>
  void operator()(CS& cs, const N& name, const TreeShape&, const stacked::PathWitness& path, const Num& root,
                  const Num& leaf) const {
    if (!path) return;
    r1cs::Namespace ns(cs, name);
    cs.enforce("leaf", leaf.lc(), r1cs::LinearCombination<F>(r1cs::Variable::one()),
               r1cs::LinearCombination<F>::constant(fr_of(path->leaf)));
    cs.enforce("root", root.lc(), r1cs::LinearCombination<F>(r1cs::Variable::one()),
               r1cs::LinearCombination<F>::constant(fr_of(path->root)));
  }
};

inline SectorIdentity identity() { return {test::filled(3), 1234, test::filled(12)}; }

inline SealCommitPhase1Output c1_of_2kib(RegisteredSealProof proof, uint64_t data_seed, const Domain& seed) {
  const SealedSector s = seal_sector(seal_config(proof), test::data_nodes(64, data_seed), identity());
  return seal_commit_phase1(proof, s, seed);
}

}  // namespace cuzk::filecoin::stacked_test
