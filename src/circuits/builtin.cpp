#include "builtin_circuits.hpp"

#include "circuits/merkle.hpp"
#include "circuits/synthetic.hpp"

namespace cuzk::app {

namespace {

// Forwards every constraint system to the circuit's synthesize template.
template <class Derived>
class Adapter : public BuiltinCircuit {
 public:
  void synthesize(r1cs::KeypairAssembly<Fr>& cs) const override { self().circuit().synthesize(cs); }
  void synthesize(r1cs::ShapeCounter<Fr>& cs) const override { self().circuit().synthesize(cs); }
  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override { self().circuit().synthesize(cs); }
  std::string describe_constraint(size_t index) const override {
    return r1cs::describe_constraint<Fr>(index, [&](auto& cs) { self().circuit().synthesize(cs); });
  }
  std::vector<Fr> public_inputs() const override { return self().circuit().public_inputs(); }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

class Merkle final : public Adapter<Merkle> {
 public:
  explicit Merkle(const CircuitOptions& o)
      : shape_{o.height, o.challenges, 8}, witness_(circuits::random_merkle_witness<Fr>(shape_, o.seed)),
        circuit_(shape_, &witness_) {}
  std::string describe() const override {
    return "Poseidon-Merkle octree inclusion, height " + std::to_string(shape_.height) + ", " +
           std::to_string(shape_.num_challenges) + " challenge(s)";
  }
  const circuits::PoseidonMerkleCircuit<Fr>& circuit() const { return circuit_; }

 private:
  circuits::MerkleShape shape_;
  circuits::MerkleWitness<Fr> witness_;
  circuits::PoseidonMerkleCircuit<Fr> circuit_;
};

class Synthetic final : public Adapter<Synthetic> {
 public:
  explicit Synthetic(const CircuitOptions& o) : n_(o.constraints), circuit_(circuits::SyntheticParams{o.constraints, 8, o.seed}) {}
  std::string describe() const override { return "synthetic Filecoin-like circuit, " + std::to_string(n_) + " constraints"; }
  const circuits::SyntheticCircuit<Fr>& circuit() const { return circuit_; }

 private:
  size_t n_;
  circuits::SyntheticCircuit<Fr> circuit_;
};

}  // namespace

std::unique_ptr<BuiltinCircuit> make_builtin_circuit(const CircuitOptions& opts) {
  if (opts.name == "merkle") return std::make_unique<Merkle>(opts);
  if (opts.name == "synthetic") return std::make_unique<Synthetic>(opts);
  throw Error("unknown built-in circuit '" + opts.name + "' (known: merkle, synthetic)");
}

}  // namespace cuzk::app
