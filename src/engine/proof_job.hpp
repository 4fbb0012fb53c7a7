// What the engine proves: a job of one or more partitions of a circuit under
// one proving key (bellperson convention, BLS12-381 — Filecoin's shape), and
// what comes back.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine/scheduler.hpp"
#include "engine/timeline.hpp"
#include "groth16/keys.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::engine {

using Curve = groth16::Bls12_381;
using Fr = Curve::Fr;

// One partition's circuit with its witness. synthesize() may be called from
// any synthesis thread; implementations must be thread-compatible (const).
class PartitionCircuit {
 public:
  virtual ~PartitionCircuit() = default;
  virtual r1cs::CircuitShape shape() const = 0;
  virtual void synthesize(r1cs::ProvingAssignment<Fr>& cs) const = 0;
  virtual std::vector<Fr> public_inputs() const = 0;
  // Constraint `index` for error messages: "constraint #i 'ns/name'" where the
  // circuit can name it (r1cs::describe_constraint), else its index alone.
  virtual std::string describe_constraint(size_t index) const { return "constraint #" + std::to_string(index); }
};

struct JobSpec {
  std::shared_ptr<const groth16::ProvingKey<Curve>> key;
  std::vector<std::shared_ptr<const PartitionCircuit>> partitions;
  Priority priority = Priority::kNormal;
  bool verify_after = false;
  std::string label;
};

enum class JobStatus { kQueued, kRunning, kDone, kFailed, kCancelled };
const char* job_status_name(JobStatus s);

struct JobResult {
  JobStatus status = JobStatus::kQueued;
  std::string error;  // for kFailed / kCancelled
  std::vector<groth16::Proof<Curve>> proofs;  // one per partition, in order; empty unless kDone
  std::vector<std::vector<Fr>> public_inputs;
  std::vector<PartitionTimeline> timelines;
  double seconds = 0;  // submit to completion
};

}  // namespace cuzk::engine
