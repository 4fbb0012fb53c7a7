// ProvingCore: what the daemon serves, independent of the transport. It owns
// the memory budget, the pinned pool, the key cache and the engine; turns
// requests into engine jobs (Filecoin proofs from vanilla proofs, keys from
// the parameter folder; built-in circuits under a bellperson key; circom
// witnesses under a snarkjs key); names jobs by their request id; logs each
// job's stage changes; records each job's result as the engine ends it
// (metrics, results kept for a while); renders status and metrics
// (proving_core_status.cpp).
// A job exists from the moment it is submitted: its preparation (decoding,
// the vanilla check, counting the circuit, loading the key) is its first
// stage, cancellable like the others; a key is loaded once however many
// requests wait for it. Request payloads in flight are bounded in bytes, and
// results past their TTL are collected on a timer.
// Request problems throw RequestError (service/prove_request.hpp).
#pragma once
#include <chrono>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "circuits/builtin.hpp"
#include "engine/key_cache.hpp"
#include "engine/proving_host.hpp"
#include "formats/bellperson_params_header.hpp"
#include "service/filecoin_job.hpp"
#include "service/job_kind.hpp"
#include "service/metrics.hpp"
#include "service/param_folder.hpp"
#include "service/prove_request.hpp"

namespace cuzk::service {

struct CoreConfig {
  uint64_t budget_bytes = 0;
  unsigned synthesis_threads = 1, max_ready = 2;
  unsigned max_partitions = 256, max_jobs = 10000;
  double result_ttl_s = 600;
  // request payloads (witnesses, vanilla proofs) held by jobs in flight; 0:
  // a quarter of the budget
  uint64_t max_queued_bytes = 0;
  bool verify_proofs = true;
  std::vector<std::string> param_folders;  // searched in order (ParamFolder)
  double key_min_idle_s = 0;  // an idle key is evicted for memory only after this long
};

// A finished job: the engine's result; snarkjs jobs answer in JSON too.
struct JobOutcome {
  engine::JobResult result;
  std::string snarkjs_proof_json, snarkjs_public_json;
  double key_load_s = 0;  // loading the key before the job was queued
  bool verified = false;  // its proofs are verified before they are returned
};

struct Submitted {
  std::string id;
  uint32_t queue_position = 0;  // queued jobs that go first
  bool existing = false;        // the id named a live job: this is it
};

struct Awaited {
  enum { kEnded, kTimeout, kGaveUp } how = kEnded;
  JobOutcome outcome;  // kEnded
};

struct CancelOutcome {
  bool was_running = false;  // queued or running when asked
  engine::JobStatus status = engine::JobStatus::kCancelled;
};

struct DrainReport {
  std::vector<std::string> finished, failed, cancelled;  // jobs in flight when draining began
};

// What GetStatus lists besides the JSON document.
struct StatusSummary {
  struct Queue {
    JobKind kind;
    uint32_t pending = 0, in_progress = 0;
  };
  struct Gpu {
    engine::ProverBackend::DeviceInfo info;
    std::string job_id, job_kind;  // a job proving on it now
  };
  struct Key {
    std::string circuit_id, path, kind;
    uint64_t bytes = 0;
    long users = 0;
    bool pinned = false;
  };
  std::vector<Queue> queues;
  std::vector<Gpu> gpus;
  std::vector<Key> keys;
  uint64_t completed = 0, failed = 0, uptime_s = 0, pinned_bytes = 0, budget_bytes = 0;
};

class ProvingCore {
 public:
  // cfg.synthesis_threads / max_ready 0: the engine's automatic choice.
  ProvingCore(CoreConfig cfg, engine::BackendSet backends);
  ~ProvingCore();  // cancels what is left
  ProvingCore(const ProvingCore&) = delete;
  ProvingCore& operator=(const ProvingCore&) = delete;

  // by_prove: a Prove caller waits for it (and leave()s if it goes away).
  // Returns once the job is queued, or ended while being prepared (cancelled);
  // a request refused while being prepared throws and leaves no job.
  // `gone` is polled while the job is prepared: a Prove caller that went away
  // (client gone, deadline) ends its job unless others wait for it too.
  Submitted submit(ProveRequest r, bool by_prove = false, const std::function<bool()>& gone = {});
  // Waits for the job to end, for `timeout` at most; `give_up` is polled
  // (client gone, deadline).
  Awaited await(const std::string& id, const std::function<bool()>& give_up,
                std::optional<std::chrono::milliseconds> timeout = std::nullopt);
  // A Prove caller went away: the job is cancelled when it was the last one
  // and nobody submitted it for AwaitProof.
  void leave(const std::string& id);
  CancelOutcome cancel(const std::string& id);

  struct KeyLoad {
    std::string id, path;
    bool already_loaded = false;
    double seconds = 0;
    uint64_t bytes = 0;
  };
  // By circuit id ("porep-32g": the parameter folder's file) or by path
  // (loaded under `id`, default its canonical path).
  KeyLoad preload_key(const std::string& circuit_id, const std::string& path, bool pin);
  // Returns the bytes freed; nullopt when the key is not loaded.
  std::optional<uint64_t> evict_key(const std::string& circuit_id_or_key_id);
  // Pins the witness buffers (inputs + aux) of up to `partitions` partitions
  // of the key's circuit, so that the first jobs do not wait for pinning: as
  // many as the budget has room for now. Returns how many, and their size.
  struct Prewarmed {
    size_t buffers = 0;
    uint64_t bytes_each = 0;
  };
  Prewarmed prewarm_witness_buffers(const std::string& key_id, unsigned partitions);
  engine::KeyCache& keys() { return keys_; }
  const engine::EngineConfig& engine_config() const { return host_.config(); }
  const ParamFolder& param_folder() const { return params_; }

  // Refuse new jobs; let in-flight ones finish for up to `timeout_s`, then
  // cancel the rest; returns what became of each.
  DrainReport drain(double timeout_s);

  StatusSummary status_summary() const;
  std::string status_json() const;
  std::string metrics_text() const;
  Metrics& metrics() { return metrics_; }
  // Ready to take jobs (not draining).
  bool healthy() const;

 private:
  struct Record {
    std::string id, fingerprint, key, label;
    uint64_t engine_id = 0;
    JobKind kind = JobKind::kBuiltin;
    engine::Priority priority{};
    uint32_t partitions = 0;
    bool verified = false;    // its proofs are verified before they are returned
    bool by_submit = false;   // someone may AwaitProof it: never cancelled for a leaving caller
    int prove_waiters = 0;
    bool preparing = false;   // not yet queued (engine_id 0)
    std::stop_source prepare_stop;  // cancels the preparation
    uint64_t payload_bytes = 0;     // the request's witness / vanilla proofs, held until the job ends
    bool started = false;     // a partition left the queue
    bool proving = false;     // a partition reached a backend
    std::map<uint32_t, std::string> proving_on;  // partition -> backend worker
    bool finished = false;
    JobOutcome outcome;
    std::chrono::steady_clock::time_point ended;
  };
  // The shape and .params counts of a Filecoin type's circuit, counted once.
  struct CountedCircuit {
    r1cs::CircuitShape shape;
    formats::bellperson::ParamsCounts params;
  };
  void on_finished(uint64_t engine_id);
  void on_stage(uint64_t engine_id, uint32_t partition, engine::PartitionStage stage, const std::string& track);
  void expire_results_locked();  // requires mu_
  // What ends a preparation: the job's stop token, or `gone` (polled).
  struct Interrupt {
    std::stop_token token;
    std::function<bool()> gone;
    bool requested() const { return token.stop_requested() || (gone && gone()); }
  };
  // The job's preparation; throws RequestError, or Cancelled once interrupted.
  engine::JobSpec prepare(ProveRequest& r, const Interrupt& stop, std::string& key_name, double& key_load_s);
  engine::JobSpec builtin_job(const ProveRequest& r, const Interrupt& stop);
  engine::JobSpec snarkjs_job(ProveRequest& r, const Interrupt& stop);
  engine::JobSpec filecoin_job(const ProveRequest& r, const Interrupt& stop, std::string& key_path, double& key_load_s);
  const CountedCircuit& counted(const filecoin::FilecoinProofType& type, const filecoin::FilecoinCircuit& sample,
                                const Interrupt& stop);
  engine::JobKey lease_key(const std::string& id_or_path,
                           std::optional<std::chrono::steady_clock::time_point> deadline = {});
  // Leases the key, loading it on a loader thread if it is not cached (one
  // load per key, logged once, however many requests wait for it); `stop`
  // ends the wait (the load goes on for the cache); the first caller's
  // `deadline` bounds the load's wait for memory. `name` is for the log.
  engine::JobKey load_key(const std::string& id_or_path, const std::string& name, const Interrupt& stop,
                          std::optional<std::chrono::steady_clock::time_point> deadline);
  engine::JobKey lease_filecoin_key(const filecoin::FilecoinProofType& type, const std::string& path,
                                    const CountedCircuit& need, const Interrupt& stop,
                                    std::optional<std::chrono::steady_clock::time_point> deadline);
  // Ends the job: a preparing one is recorded CANCELLED here (returns 0),
  // a queued or running one's engine id is returned for cancel_work.
  uint64_t cancel_locked(Record& rec, const std::string& why);  // requires mu_
  void end_preparing_locked(Record& rec, const std::string& why);  // requires mu_
  void cancel_work(uint64_t engine_id);
  Record* find_locked(const std::string& id);  // requires mu_
  void reap(std::stop_token stop);  // collects expired results on a timer

  CoreConfig cfg_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  engine::ProvingHost host_;
  engine::MemoryBudget& budget_;
  engine::PinnedPool& pool_;
  engine::KeyCache& keys_;
  engine::ProvingEngine& engine_;
  ParamFolder params_;
  Metrics metrics_;

  std::mutex count_mu_;  // counted_
  std::map<std::string, std::shared_future<CountedCircuit>> counted_;

  struct Loader {
    std::jthread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::mutex load_mu_;  // loads_, loaders_
  std::map<std::string, std::shared_future<engine::JobKey>> loads_;  // in progress, by id or canonical path
  std::vector<Loader> loaders_;

  mutable std::mutex mu_;  // everything below but reaper_
  std::condition_variable_any cv_;
  std::map<std::string, Record> records_;
  std::map<uint64_t, std::string> by_engine_id_;
  uint64_t next_id_ = 1;
  uint64_t completed_ = 0, failed_ = 0;
  size_t in_flight_ = 0;
  uint64_t queued_bytes_ = 0;  // payload_bytes of the jobs in flight
  bool draining_ = false;
  std::jthread reaper_;  // last: stops before the records go
};

}  // namespace cuzk::service
