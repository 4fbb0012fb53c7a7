// Test tool: the engine's synthetic partition with one aux value off by one
// (TamperedWitness), and the name TestConstraintSystem gives the first
// constraint that breaks, which the engine's error must carry. Given the
// circuit's recorded matrices, the engine synthesizes its witness alone
// (tampered the same way) and finds the break from the matrices.
#pragma once
#include <string>

#include "engine/synthetic_partition.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/tampered_witness.hpp"

namespace cuzk::testing_support {

class TamperedPartition : public engine::SyntheticPartition {
 public:
  TamperedPartition(size_t n, uint64_t seed, size_t aux,
                    std::shared_ptr<const r1cs::ConstraintMatrices<engine::Fr>> matrices = nullptr)
      : SyntheticPartition(n, seed), aux_(aux), matrices_(std::move(matrices)) {}
  void synthesize(r1cs::ProvingAssignment<engine::Fr>& cs) const override {
    TamperedWitness t(cs, aux_);
    circuit().synthesize(t);
  }
  std::shared_ptr<const r1cs::ConstraintMatrices<engine::Fr>> matrices() const override { return matrices_; }
  void synthesize_witness(r1cs::WitnessAssignment<engine::Fr>& cs) const override {
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
  std::shared_ptr<const r1cs::ConstraintMatrices<engine::Fr>> matrices_;
};

}  // namespace cuzk::testing_support
