#include "circuits/builtin.hpp"

#include "circuits/merkle.hpp"
#include "circuits/synthetic.hpp"

namespace cuzk::circuits {

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
      : shape_{o.height, o.challenges, 8}, witness_(random_merkle_witness<Fr>(shape_, o.seed)),
        circuit_(shape_, &witness_) {}
  std::string describe() const override {
    return "Poseidon-Merkle octree inclusion, height " + std::to_string(shape_.height) + ", " +
           std::to_string(shape_.num_challenges) + " challenge(s)";
  }
  const PoseidonMerkleCircuit<Fr>& circuit() const { return circuit_; }

 private:
  MerkleShape shape_;
  MerkleWitness<Fr> witness_;
  PoseidonMerkleCircuit<Fr> circuit_;
};

class Synthetic final : public Adapter<Synthetic> {
 public:
  explicit Synthetic(const CircuitOptions& o) : n_(o.constraints), circuit_(SyntheticParams{o.constraints, 8, o.seed}) {}
  std::string describe() const override { return "synthetic Filecoin-like circuit, " + std::to_string(n_) + " constraints"; }
  const SyntheticCircuit<Fr>& circuit() const { return circuit_; }

 private:
  size_t n_;
  SyntheticCircuit<Fr> circuit_;
};

}  // namespace

std::unique_ptr<BuiltinCircuit> make_builtin_circuit(const CircuitOptions& opts) {
  auto out_of_range = [&](const std::string& what, auto v, auto lo, auto hi) {
    return Error("circuit '" + opts.name + "': option " + what + "=" + std::to_string(v) + " out of range " +
                 std::to_string(lo) + ".." + std::to_string(hi));
  };
  if (opts.name == "merkle") {
    if (opts.height < 1 || opts.height > kMaxMerkleHeight) throw out_of_range("height", opts.height, 1, kMaxMerkleHeight);
    if (opts.challenges < 1 || opts.challenges > kMaxChallenges)
      throw out_of_range("challenges", opts.challenges, 1, kMaxChallenges);
  }
  if (opts.name == "synthetic" &&
      (opts.constraints < kMinSyntheticConstraints || opts.constraints > kMaxSyntheticConstraints))
    throw out_of_range("constraints", opts.constraints, kMinSyntheticConstraints, kMaxSyntheticConstraints);
  if (opts.name == "merkle") return std::make_unique<Merkle>(opts);
  if (opts.name == "synthetic") return std::make_unique<Synthetic>(opts);
  throw Error("unknown built-in circuit '" + opts.name + "' (known: merkle, synthetic)");
}

}  // namespace cuzk::circuits
