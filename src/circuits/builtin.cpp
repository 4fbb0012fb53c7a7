#include "circuits/builtin.hpp"

#include "circuits/builtin_shape.hpp"

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

void check_builtin_options(const CircuitOptions& opts) {
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
  if (opts.name != "merkle" && opts.name != "synthetic")
    throw Error("unknown built-in circuit '" + opts.name + "' (known: merkle, synthetic)");
}

namespace {

// Counts like r1cs::ShapeCounter, giving up once past `limit`.
class BoundedShapeCounter {
 public:
  using Field = Fr;
  BoundedShapeCounter(const CircuitOptions& opts, const r1cs::CircuitShape& limit, std::stop_token stop)
      : opts_(opts), limit_(limit), stop_(stop) {}
  template <class N, class V>
  r1cs::Variable alloc(const N&, const V&) {
    if (++shape_.num_aux > limit_.num_aux) exceeded("aux variables", limit_.num_aux);
    return r1cs::Variable::aux(shape_.num_aux - 1);
  }
  template <class N, class V>
  r1cs::Variable alloc_input(const N&, const V&) {
    if (++shape_.num_inputs > limit_.num_inputs) exceeded("inputs (ONE included)", limit_.num_inputs);
    return r1cs::Variable::input(shape_.num_inputs - 1);
  }
  template <class N>
  void enforce(const N&, const r1cs::LinearCombination<Fr>&, const r1cs::LinearCombination<Fr>&,
               const r1cs::LinearCombination<Fr>&) {
    if (++shape_.num_constraints > limit_.num_constraints) exceeded("constraints", limit_.num_constraints);
    if ((shape_.num_constraints & 0xffff) == 0 && stop_.stop_requested())
      throw Cancelled("cancelled while counting circuit '" + opts_.name + "'");
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}
  const r1cs::CircuitShape& shape() const { return shape_; }

 private:
  [[noreturn]] void exceeded(const char* what, size_t limit) const {
    throw ShapeExceeds("circuit '" + opts_.name + "' has more than " + std::to_string(limit) + " " + what);
  }
  const CircuitOptions& opts_;
  r1cs::CircuitShape limit_;
  std::stop_token stop_;
  r1cs::CircuitShape shape_{1, 0, 0};  // input 0 is ONE
};

}  // namespace

r1cs::CircuitShape builtin_circuit_shape(const CircuitOptions& opts, const r1cs::CircuitShape& limit,
                                         std::stop_token stop) {
  check_builtin_options(opts);
  BoundedShapeCounter cs(opts, limit, stop);
  if (opts.name == "merkle") {
    // no witness: counting never asks for a value
    PoseidonMerkleCircuit<Fr>(MerkleShape{opts.height, opts.challenges, 8}).synthesize(cs);
  } else {
    SyntheticCircuit<Fr>(SyntheticParams{opts.constraints, 8, opts.seed}).synthesize(cs);
  }
  return cs.shape();
}

std::unique_ptr<BuiltinCircuit> make_builtin_circuit(const CircuitOptions& opts) {
  check_builtin_options(opts);
  if (opts.name == "merkle") return std::make_unique<Merkle>(opts);
  return std::make_unique<Synthetic>(opts);
}

}  // namespace cuzk::circuits
