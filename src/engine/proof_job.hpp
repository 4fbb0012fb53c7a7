// What the engine proves: a job of one or more partitions under one proving
// key of any kind (engine/job_key.hpp: bellperson or snarkjs, BLS12-381 or
// BN254), and what comes back. A bellperson job's partitions are circuits the
// engine synthesizes; a snarkjs job's are circom witnesses (.wtns).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "engine/job_key.hpp"
#include "engine/scheduler.hpp"
#include "engine/timeline.hpp"
#include "groth16/keys.hpp"
#include "r1cs/constraint_matrices.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_assignment.hpp"

namespace cuzk::engine {

// The curve of bellperson circuits (Filecoin's).
using Curve = groth16::Bls12_381;
using Fr = Curve::Fr;

// Where each partition of a running job is (for status pages).
enum class PartitionStage { kQueued, kMemoryWait, kSynthesis, kReady, kProving, kDone };
const char* partition_stage_name(PartitionStage s);

// One partition's circuit with its witness, for a bellperson key. synthesize() may be called from
// any synthesis thread; implementations must be thread-compatible (const).
class PartitionCircuit {
 public:
  virtual ~PartitionCircuit() = default;
  virtual r1cs::CircuitShape shape() const = 0;
  virtual void synthesize(r1cs::ProvingAssignment<Fr>& cs) const = 0;
  // The circuit's recorded A, B, C (r1cs/matrix_recorder.hpp), where it has
  // them: the engine then synthesizes the witness alone
  // (synthesize_witness) and makes a, b from the matrices, on the device
  // where the backends can.
  virtual std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices() const { return nullptr; }
  virtual void synthesize_witness(r1cs::WitnessAssignment<Fr>&) const {
    throw Error("this partition circuit has no witness-only synthesis");
  }
  virtual std::vector<Fr> public_inputs() const = 0;
  // Constraint `index` for error messages: "constraint #i 'ns/name'" where the
  // circuit can name it (r1cs::describe_constraint), else its index alone.
  virtual std::string describe_constraint(size_t index) const { return "constraint #" + std::to_string(index); }
};

// A Groth16 proof's blinding scalars.
struct Blinding {
  Fr r, s;
};

// A circom witness file's bytes: one partition of a job under a snarkjs key.
using WitnessBytes = std::shared_ptr<const std::vector<uint8_t>>;

struct JobSpec {
  JobKey key;
  // Exactly one of these, as the key's convention asks: bellperson keys take
  // circuits, snarkjs keys take witnesses.
  std::vector<std::shared_ptr<const PartitionCircuit>> partitions;
  std::vector<WitnessBytes> witnesses;
  // Bellperson keys: each partition's proof blinded with these (r, s), in
  // partition order, for callers that draw their own randomness
  // (supraseal-c2's ABI); empty: fresh from the kernel's CSPRNG.
  std::vector<Blinding> blinding;
  Priority priority = Priority::kNormal;
  bool verify_after = false;
  std::string label;
  // Called once when the job ends (done, failed or cancelled), with no engine
  // lock held, from an engine thread or the caller of cancel(): lets a service
  // collect results without a thread per job. Must not block for long.
  std::function<void(uint64_t job_id)> on_finished;
  // Called as each partition enters a stage, with no engine lock held, from
  // the engine thread that moves it; `track` names that synthesis or backend
  // worker. For logs and status; must not block for long.
  std::function<void(uint64_t job_id, uint32_t partition, PartitionStage stage, const std::string& track)>
      on_stage;
};

enum class JobStatus { kQueued, kRunning, kDone, kFailed, kCancelled };
const char* job_status_name(JobStatus s);

// Why a job failed, for callers that answer differently (exit codes, gRPC
// status): its inputs (a witness that breaks the circuit, undecodable bytes,
// a key that does not fit), a proof that did not verify, the device, or
// anything else.
enum class Failure { kNone, kBadInput, kUnverified, kDevice, kInternal };
const char* failure_name(Failure f);
// The failure an exception thrown while proving stands for.
Failure failure_of(const std::exception& e);

// Proofs of one curve, one per partition in order, with the public inputs
// each verifies against (ONE excluded).
template <class E>
struct CurveProofs {
  std::vector<groth16::Proof<E>> proofs;
  std::vector<std::vector<typename E::Fr>> public_inputs;
};

struct JobResult {
  JobStatus status = JobStatus::kQueued;
  std::string error;  // for kFailed / kCancelled
  Failure failure = Failure::kNone;  // for kFailed
  // on the key's curve; empty unless kDone
  std::variant<CurveProofs<groth16::Bls12_381>, CurveProofs<groth16::Bn254>> outputs;
  std::vector<PartitionTimeline> timelines;
  double seconds = 0;  // submit to completion

  // Throws Error when the job's curve is not E.
  template <class E>
  const CurveProofs<E>& on() const {
    if (const auto* p = std::get_if<CurveProofs<E>>(&outputs)) return *p;
    throw Error(std::string("job result holds no ") + E::kName + " proofs");
  }
  template <class E>
  const std::vector<groth16::Proof<E>>& proofs() const { return on<E>().proofs; }
  template <class E>
  const std::vector<std::vector<typename E::Fr>>& public_inputs() const { return on<E>().public_inputs; }
  size_t proof_count() const {
    return std::visit([](const auto& c) { return c.proofs.size(); }, outputs);
  }
};

// A job as seen from outside while it runs: what ProvingEngine::snapshot() lists.
struct JobSnapshot {
  uint64_t id = 0;
  std::string label;
  std::string key_kind;  // engine/job_key.hpp key_kind()
  Priority priority = Priority::kNormal;
  JobStatus status = JobStatus::kQueued;
  double age_s = 0;  // since submission
  std::vector<PartitionStage> stages;          // one per partition
  std::vector<PartitionTimeline> timelines;    // of the partitions done so far
};

}  // namespace cuzk::engine
