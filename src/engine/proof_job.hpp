// What the engine proves: a job of one or more partitions of a circuit under
// one proving key (bellperson convention, BLS12-381 — Filecoin's shape), and
// what comes back.
#pragma once
#include <functional>
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
  // Called once when the job ends (done, failed or cancelled), with no engine
  // lock held, from an engine thread or the caller of cancel(): lets a service
  // collect results without a thread per job. Must not block for long.
  std::function<void(uint64_t job_id)> on_finished;
};

enum class JobStatus { kQueued, kRunning, kDone, kFailed, kCancelled };
const char* job_status_name(JobStatus s);

// Where each partition of a running job is (for status pages).
enum class PartitionStage { kQueued, kMemoryWait, kSynthesis, kReady, kProving, kDone };
const char* partition_stage_name(PartitionStage s);

struct JobResult {
  JobStatus status = JobStatus::kQueued;
  std::string error;  // for kFailed / kCancelled
  std::vector<groth16::Proof<Curve>> proofs;  // one per partition, in order; empty unless kDone
  std::vector<std::vector<Fr>> public_inputs;
  std::vector<PartitionTimeline> timelines;
  double seconds = 0;  // submit to completion
};

// A job as seen from outside while it runs: what ProvingEngine::snapshot() lists.
struct JobSnapshot {
  uint64_t id = 0;
  std::string label;
  Priority priority = Priority::kNormal;
  JobStatus status = JobStatus::kQueued;
  double age_s = 0;  // since submission
  std::vector<PartitionStage> stages;          // one per partition
  std::vector<PartitionTimeline> timelines;    // of the partitions done so far
};

}  // namespace cuzk::engine
