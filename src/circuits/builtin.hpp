// The circuits the CLI can build by name, type-erased so one binary can run
// setup (KeypairAssembly), shape counting, proving and the named
// satisfiability check on any of them. Witnesses are derived from a seed, so
// `setup`, `prove` and `demo` rebuild the same circuit from the same options.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ff/fields.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/constraint_namer.hpp"

namespace cuzk::circuits {

using Fr = ff::Bls12_381_Fr;

struct CircuitOptions {
  std::string name = "merkle";  // merkle | synthetic
  int height = 2;               // merkle: octree height
  int challenges = 1;           // merkle: leaves proven
  size_t constraints = 1 << 16; // synthetic: target size
  uint64_t seed = 1;            // witness (and tree) seed
};

class BuiltinCircuit {
 public:
  virtual ~BuiltinCircuit() = default;
  virtual std::string describe() const = 0;
  virtual void synthesize(r1cs::KeypairAssembly<Fr>& cs) const = 0;
  virtual void synthesize(r1cs::ShapeCounter<Fr>& cs) const = 0;
  virtual void synthesize(r1cs::ProvingAssignment<Fr>& cs) const = 0;
  // "constraint #i 'ns/name'", for errors about an unsatisfied witness.
  virtual std::string describe_constraint(size_t index) const = 0;
  virtual std::vector<Fr> public_inputs() const = 0;
};

// Limits on the options (the CLI and the daemon check the same ones).
inline constexpr int kMaxMerkleHeight = 12;
inline constexpr int kMaxChallenges = 1 << 16;
inline constexpr size_t kMinSyntheticConstraints = 16;
inline constexpr size_t kMaxSyntheticConstraints = size_t(1) << 27;

// Throws cuzk::Error for an unknown name or out-of-range options, naming them.
std::unique_ptr<BuiltinCircuit> make_builtin_circuit(const CircuitOptions& opts);

}  // namespace cuzk::circuits
