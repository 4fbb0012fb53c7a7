// The synthetic Filecoin-like circuit (circuits/synthetic.hpp) as an engine
// partition: what `cuzk bench pipeline` and the engine tests prove.
#pragma once
#include "circuits/synthetic.hpp"
#include "engine/proof_job.hpp"
#include "r1cs/constraint_namer.hpp"

namespace cuzk::engine {

class SyntheticPartition : public PartitionCircuit {
 public:
  SyntheticPartition(size_t constraints, uint64_t seed, size_t public_inputs = 8)
      : c_(circuits::SyntheticParams{constraints, public_inputs, seed}) {}
  r1cs::CircuitShape shape() const override { return c_.shape(); }
  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override { c_.synthesize(cs); }
  std::vector<Fr> public_inputs() const override { return c_.public_inputs(); }
  std::string describe_constraint(size_t index) const override {
    return r1cs::describe_constraint<Fr>(index, [&](auto& cs) { c_.synthesize(cs); });
  }
  const circuits::SyntheticCircuit<Fr>& circuit() const { return c_; }

 private:
  circuits::SyntheticCircuit<Fr> c_;
};

}  // namespace cuzk::engine
