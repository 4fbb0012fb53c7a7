// Any circuit as an engine partition: a value type C with
//   template <class CS> void synthesize(CS&) const;  std::vector<Fr> public_inputs() const;
// proved under a bellperson key. A job's partitions share one shape (taken
// once, from a counting synthesis), since their wiring does not depend on
// the witness; given the circuit's recorded matrices (which hold that shape),
// the engine synthesizes its witness alone.
#pragma once
#include <utility>
#include <vector>

#include "engine/proof_job.hpp"
#include "r1cs/constraint_namer.hpp"
#include "r1cs/shape_counter.hpp"

namespace cuzk::engine {

template <class C>
r1cs::CircuitShape counted_shape(const C& c) {
  r1cs::ShapeCounter<Fr> sc;
  c.synthesize(sc);
  return sc.shape();
}

template <class C>
class CircuitPartition : public PartitionCircuit {
 public:
  CircuitPartition(C circuit, r1cs::CircuitShape shape) : c_(std::move(circuit)), shape_(shape) {}
  explicit CircuitPartition(C circuit) : c_(std::move(circuit)), shape_(counted_shape(c_)) {}
  CircuitPartition(C circuit, std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices)
      : c_(std::move(circuit)), shape_(matrices->shape), matrices_(std::move(matrices)) {}

  r1cs::CircuitShape shape() const override { return shape_; }
  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override { c_.synthesize(cs); }
  std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices() const override { return matrices_; }
  void synthesize_witness(r1cs::WitnessAssignment<Fr>& cs) const override { c_.synthesize(cs); }
  std::vector<Fr> public_inputs() const override { return c_.public_inputs(); }
  std::string describe_constraint(size_t index) const override {
    return r1cs::describe_constraint<Fr>(index, [&](auto& cs) { c_.synthesize(cs); });
  }
  const C& circuit() const { return c_; }

 private:
  C c_;
  r1cs::CircuitShape shape_;
  std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices_;
};

}  // namespace cuzk::engine
