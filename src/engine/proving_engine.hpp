// ProvingEngine: the one proving pipeline (docs/ARCHITECTURE.md), for jobs
// under any key (engine/job_key.hpp). Jobs are split into partitions;
// the Scheduler orders them; synthesis threads take pool buffers (blocking on
// the MemoryBudget) and synthesize straight into them (a snarkjs job's
// witness is decoded and its a/b evaluated there instead); backend workers (CPU,
// or two per GPU) compute H and the MSMs; the finalizer blinds with fresh
// r, s (and verifies if asked); results are collected per job. Cancellation
// reaches every stage and every buffer goes back to the pool.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "engine/backend.hpp"
#include "engine/pinned_pool.hpp"
#include "engine/scheduler.hpp"
#include "engine/timeline.hpp"

namespace cuzk::engine {

struct EngineConfig {
  unsigned synthesis_threads = 1;
  // Synthesized partitions allowed to wait for a backend (beyond those running).
  unsigned max_ready = 2;
};

// The configuration for `backends` where the user set 0 (automatic): with
// device backends, synthesis on every core but one (each thread synthesizes
// one partition; the memory budget, not this number, bounds how many are in
// flight), so synthesis keeps up with the GPUs; with the CPU backend, one
// more synthesis thread than workers (they share the cores). As many
// synthesized partitions may wait as there are backend workers.
EngineConfig automatic_engine_config(const std::vector<std::shared_ptr<ProverBackend>>& backends,
                                     unsigned synthesis_threads = 0, unsigned max_ready = 0);


struct EngineStats {
  size_t jobs_queued, jobs_running, jobs_done, jobs_failed, jobs_cancelled;
  size_t partitions_queued, partitions_ready, partitions_done;
};

class ProvingEngine {
 public:
  ProvingEngine(EngineConfig cfg, MemoryBudget& budget, PinnedPool& pool,
                std::vector<std::shared_ptr<ProverBackend>> backends);
  ~ProvingEngine();  // cancels what is queued, finishes nothing new, joins
  ProvingEngine(const ProvingEngine&) = delete;
  ProvingEngine& operator=(const ProvingEngine&) = delete;

  uint64_t submit(JobSpec spec);
  JobResult await(uint64_t job_id);  // blocks until done, failed or cancelled
  JobStatus status(uint64_t job_id) const;
  bool cancel(uint64_t job_id);
  EngineStats stats() const;
  // Every job the engine still holds, oldest first, with each partition's stage.
  std::vector<JobSnapshot> snapshot() const;
  // Drops a finished job (and its result) so a long-running service does not
  // accumulate them; false while it is still queued or running.
  bool forget(uint64_t job_id);
  const Timeline& timeline() const { return timeline_; }

 private:
  struct Job;
  struct ReadyItem {
    std::shared_ptr<Job> job;
    std::unique_ptr<PartitionData> data;
  };

  void synthesis_loop(std::stop_token stop, unsigned index);
  void backend_loop(std::stop_token stop, std::shared_ptr<ProverBackend> backend, std::string track);
  using AnyTerms = std::variant<groth16::ProofTerms<groth16::Bls12_381>, groth16::ProofTerms<groth16::Bn254>>;
  void finish_partition(const std::shared_ptr<Job>& job, uint32_t partition, AnyTerms terms, PartitionTimeline tl,
                        const std::string& track);
  void fail_job(const std::shared_ptr<Job>& job, const std::string& why, Failure failure, bool cancelled);
  std::shared_ptr<Job> find(uint64_t id) const;
  static void staged(const Job& job, uint32_t partition, PartitionStage stage, const std::string& track);

  EngineConfig cfg_;
  MemoryBudget& budget_;
  PinnedPool& pool_;
  std::vector<std::shared_ptr<ProverBackend>> backends_;
  bool zkey_on_device_;  // snarkjs partitions keep no a/b on the host (prove_zkey_on_device)
  bool products_on_device_;  // nor do bellperson partitions with matrices (every backend's products_on_device)
  Timeline timeline_;
  Scheduler scheduler_;

  mutable std::mutex mu_;
  std::condition_variable_any cv_;  // job completion, ready queue
  std::map<uint64_t, std::shared_ptr<Job>> jobs_;
  std::deque<ReadyItem> ready_;
  uint64_t next_job_ = 1, next_seq_ = 0;
  size_t partitions_done_ = 0;
  // Look-ahead: partitions synthesizing + ready are kept near what the backends
  // drain while one partition synthesizes (running averages of both times),
  // so synthesis starts one at a time as backends take work, not in bursts.
  unsigned in_synthesis_ = 0, backend_units_ = 0;
  std::atomic<size_t> next_stream_backend_{0};  // streams are offered to backends in turn
  double synthesis_s_ = 0, backend_s_ = 0;
  unsigned lookahead_locked() const;
  static void average_into(double& avg, double sample) { avg = avg > 0 ? 0.8 * avg + 0.2 * sample : sample; }

  std::vector<std::jthread> threads_;
};

}  // namespace cuzk::engine
