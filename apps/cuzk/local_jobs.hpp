// The CLI's one-shot commands (prove, prover, demo) prove through a process-
// local engine (engine/proving_host.hpp), the same pipeline as the daemon's:
// what they share to run a job and report it.
#pragma once
#include <cstdio>
#include <memory>
#include <string>

#include "core/timer.hpp"
#include "engine/proving_host.hpp"

namespace cuzk::app {

// A host on the GPUs when there are any (unless cpu_only), else the CPU; its
// partition buffers are not pinned (host_memory "staged": one proof a process).
std::unique_ptr<engine::ProvingHost> local_host(bool cpu_only = false);
// A local host and one key file read while its backends start (their CUDA
// start-up overlaps the read); the key's memory is held in the host's budget
// for the life of the returned object.
struct HostAndKey {
  std::unique_ptr<engine::ProvingHost> host;
  engine::JobKey key;
  engine::MemoryBudget::Reservation key_memory;
};
HostAndKey local_host_with_key(const std::string& key_path, bool cpu_only, PhaseTimer& t);
// "the GPU (gpu0 x2)" / "the CPU (16 threads)"
std::string where(const engine::ProvingHost& host);

// Runs the job. A job that fails throws what its failure stands for: bad
// input as cuzk::Error (exit 2), a proof that does not verify as
// VerificationFailed (exit 1), anything else as InternalFailure (exit 3).
engine::JobResult run_job(engine::ProvingHost& host, engine::JobSpec spec);

class InternalFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Each stage's seconds, summed over the job's partitions, into `t`.
void add_stages(PhaseTimer& t, const engine::JobResult& r);

}  // namespace cuzk::app
