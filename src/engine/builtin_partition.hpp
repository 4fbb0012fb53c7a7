// A built-in circuit (circuits/builtin.hpp: Poseidon Merkle inclusion,
// synthetic) as an engine partition: what the CLI's prove and demo and the
// daemon's built-in-circuit jobs submit.
#pragma once
#include <memory>

#include "circuits/builtin.hpp"
#include "engine/proof_job.hpp"
#include "r1cs/shape_counter.hpp"

namespace cuzk::engine {

// The shape by one counting pass over the circuit.
inline r1cs::CircuitShape shape_of(const circuits::BuiltinCircuit& c) {
  r1cs::ShapeCounter<Fr> sc;
  c.synthesize(sc);
  return sc.shape();
}

class BuiltinPartition final : public PartitionCircuit {
 public:
  // `shape` is the circuit's (shape_of); a built-in circuit's wiring does not
  // depend on its seed, so a job's partitions may share one count.
  BuiltinPartition(std::unique_ptr<circuits::BuiltinCircuit> c, r1cs::CircuitShape shape)
      : c_(std::move(c)), shape_(shape) {}
  explicit BuiltinPartition(std::unique_ptr<circuits::BuiltinCircuit> c) : shape_(shape_of(*c)) { c_ = std::move(c); }
  r1cs::CircuitShape shape() const override { return shape_; }
  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override { c_->synthesize(cs); }
  std::vector<Fr> public_inputs() const override { return c_->public_inputs(); }
  std::string describe_constraint(size_t i) const override { return c_->describe_constraint(i); }
  const circuits::BuiltinCircuit& circuit() const { return *c_; }

 private:
  std::unique_ptr<circuits::BuiltinCircuit> c_;
  r1cs::CircuitShape shape_;
};

}  // namespace cuzk::engine
