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
// requests (and preloads) wait for it. Request payloads in flight are bounded
// in bytes, and results past their TTL are collected on a timer.
// A request id names one job at a time, as Curio's retries need: the same
// content attaches to it or collects its result; other content supersedes
// it. A Prove caller that goes away leaves its job running (unless
// cancel_on_disconnect, or the job has no request id to be collected by).
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
#include "engine/matrix_store.hpp"
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
  bool cancel_on_disconnect = false;  // a leaving Prove caller cancels its job (else the job goes on)
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
  uint64_t serial = 0;          // this job, not a later one under the same id (await, leave)
  bool caller_left = false;     // the caller went away while the job was prepared
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

// A key load under way, or the last one of a file: `key` is its circuit id
// ("porep-32g") or key id; bytes_read counts the file's bytes read into
// memory (a load reads the file, then decodes and checks its points).
struct KeyLoadStatus {
  std::string key, path;
  std::string state;  // loading, loaded, failed
  std::string error;  // failed: why
  uint64_t bytes_read = 0, bytes_total = 0;
  double seconds = 0;  // so far, or the whole load
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
  // A live id with the same content is that job; with other content the old
  // job is superseded (its waiters get CANCELLED saying so) and this one runs.
  // `gone` is polled while the job is prepared (client gone, deadline): a
  // SubmitProof caller that never learned the id ends its job; a Prove
  // caller leaves it as leave() says. Either way not while others wait on it.
  Submitted submit(ProveRequest r, bool by_prove = false, const std::function<bool()>& gone = {});
  // Waits for the job to end, for `timeout` at most; `give_up` is polled
  // (client gone, deadline). serial 0: the job the id names now; a job
  // superseded meanwhile answers as it ended (CANCELLED).
  Awaited await(const std::string& id, const std::function<bool()>& give_up,
                std::optional<std::chrono::milliseconds> timeout = std::nullopt, uint64_t serial = 0);
  // A Prove caller went away: when nobody else waits, the job is cancelled
  // if it has no request id or cancel_on_disconnect is set; else it goes on
  // for a retry under the same id to collect.
  void leave(const std::string& id, uint64_t serial);
  CancelOutcome cancel(const std::string& id);

  struct KeyLoad {
    std::string id, path;
    bool already_loaded = false;
    double seconds = 0;
    uint64_t bytes = 0;
  };
  // By circuit id ("porep-32g": the parameter folder's file) or by path
  // (loaded under `id`, default its canonical path). A load of the file
  // under way (a job's) is joined; `stop` ends the wait (UNAVAILABLE), not
  // the load.
  KeyLoad preload_key(const std::string& circuit_id, const std::string& path, bool pin, std::stop_token stop = {});
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
  // Never waits for a load: status pages answer while keys load.
  std::vector<KeyLoadStatus> key_loads() const;
  std::string status_json() const;
  std::string metrics_text() const;
  Metrics& metrics() { return metrics_; }
  // Ready to take jobs (not draining).
  bool healthy() const;

 private:
  struct Record {
    std::string id, fingerprint, key, label;
    uint64_t serial = 0;      // tells jobs under one id apart
    uint64_t engine_id = 0;
    JobKind kind = JobKind::kBuiltin;
    engine::Priority priority{};
    uint32_t partitions = 0;
    bool verified = false;    // its proofs are verified before they are returned
    bool by_submit = false;   // a SubmitProof caller learned its id: never cancelled for a leaving caller
    bool submit_pending = false;  // the SubmitProof that made it has not answered yet
    bool anonymous = false;   // no request id: nobody can collect it once its callers are gone
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
  // The shape and .params counts of a Filecoin type's circuit, from its
  // matrices (recorded or read once per type).
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
  const CountedCircuit& counted(const filecoin::FilecoinProofType& type, const std::string& key_path,
                                const Interrupt& stop);
  engine::JobKey lease_key(const std::string& id_or_path,
                           std::optional<std::chrono::steady_clock::time_point> deadline = {});
  // Leases the key, loading it on a loader thread if it is not cached (one
  // load per key, logged once, however many requests wait for it); `stop`
  // ends the wait (the load goes on for the cache); the first caller's
  // `deadline` bounds the load's wait for memory. `name` is for the log.
  engine::JobKey load_key(const std::string& id_or_path, const std::string& name, const Interrupt& stop,
                          std::optional<std::chrono::steady_clock::time_point> deadline);
  // The load of `file` on a loader thread, shared by every job and preload
  // that asks for it while it runs (under the first asker's `id`, `pin` and
  // `deadline`); its value is a lease on the key, its errors RequestErrors.
  // `mine`: this call started it.
  std::shared_future<engine::JobKey> shared_load(const std::string& file, const std::string& id, bool pin,
                                                 const std::string& name,
                                                 std::optional<std::chrono::steady_clock::time_point> deadline,
                                                 bool& mine);
  // Waits for a shared load, within `stop`; the load's starter logs progress.
  engine::JobKey wait_load(const std::shared_future<engine::JobKey>& f, const std::string& name,
                           const std::string& file, bool mine, const Interrupt& stop);
  // The recorded matrices of a Filecoin type's circuit, cached beside its key.
  std::shared_ptr<const engine::Matrices> filecoin_matrices(const filecoin::FilecoinProofType& type,
                                                            const std::string& key_path);
  engine::JobKey lease_filecoin_key(const filecoin::FilecoinProofType& type, const std::string& path,
                                    const CountedCircuit& need, const Interrupt& stop,
                                    std::optional<std::chrono::steady_clock::time_point> deadline);
  // Ends the job: a preparing one is recorded CANCELLED here (returns 0),
  // a queued or running one's engine id is returned for cancel_work.
  uint64_t cancel_locked(Record& rec, const std::string& why);  // requires mu_
  void end_preparing_locked(Record& rec, const std::string& why);  // requires mu_
  // One of the job's callers went away (a Prove waiter, or the SubmitProof
  // that made it before it answered): decides whether the job goes on (and
  // logs it); returns an engine id for cancel_work, like cancel_locked.
  uint64_t caller_left_locked(Record& rec, bool prove_caller);  // requires mu_
  // A request under rec's id with other content: rec ends (CANCELLED for its
  // waiters, who find it in superseded_) and its record goes; returns an
  // engine id for cancel_work.
  uint64_t supersede_locked(Record& rec);  // requires mu_
  Record* find_locked(const std::string& id, uint64_t serial);  // requires mu_; serial 0: any
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
  // Filecoin circuits' recorded matrices (partitions are synthesized from the
  // witness alone), cached beside their parameter files.
  engine::MatrixStore matrices_{&budget_};

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
  struct Superseded {
    JobOutcome outcome;
    std::chrono::steady_clock::time_point ended;
  };
  std::map<uint64_t, Superseded> superseded_;  // by serial: what their waiters read, kept result_ttl_s
  uint64_t next_id_ = 1, next_serial_ = 1;
  uint64_t completed_ = 0, failed_ = 0;
  size_t in_flight_ = 0;
  uint64_t queued_bytes_ = 0;  // payload_bytes of the jobs in flight
  bool draining_ = false;
  std::jthread reaper_;  // last: stops before the records go
};

}  // namespace cuzk::service
