// Test tool: the engine's synthetic partition with one aux value off by one
// (TamperedWitness), and the name TestConstraintSystem gives the first
// constraint that breaks, which the engine's error must carry.
#pragma once
#include <string>

#include "engine/synthetic_partition.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/tampered_witness.hpp"

namespace cuzk::testing_support {

class TamperedPartition : public engine::SyntheticPartition {
 public:
  TamperedPartition(size_t n, uint64_t seed, size_t aux) : SyntheticPartition(n, seed), aux_(aux) {}
  void synthesize(r1cs::ProvingAssignment<engine::Fr>& cs) const override {
    TamperedWitness t(cs, aux_);
    circuit().synthesize(t);
  }
  std::string expected_error() const {
    r1cs::TestConstraintSystem<engine::Fr> tcs;
    TamperedWitness t(tcs, aux_);
    circuit().synthesize(t);
    return *tcs.which_is_unsatisfied();
  }

 private:
  size_t aux_;
};

}  // namespace cuzk::testing_support
