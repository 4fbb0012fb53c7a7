// The synthetic Filecoin-like circuit (circuits/synthetic.hpp) as an engine
// partition: what `cuzk bench pipeline` and the engine tests prove. Its
// shape is known without a counting pass.
#pragma once
#include "circuits/synthetic.hpp"
#include "engine/circuit_partition.hpp"

namespace cuzk::engine {

class SyntheticPartition : public CircuitPartition<circuits::SyntheticCircuit<Fr>> {
 public:
  SyntheticPartition(size_t constraints, uint64_t seed, size_t public_inputs = 8)
      : SyntheticPartition(circuits::SyntheticCircuit<Fr>(circuits::SyntheticParams{constraints, public_inputs, seed})) {}

 private:
  explicit SyntheticPartition(circuits::SyntheticCircuit<Fr> c) : CircuitPartition(c, c.shape()) {}
};

}  // namespace cuzk::engine
