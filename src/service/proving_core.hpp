// ProvingCore: what the daemon serves, independent of the transport. It owns
// the memory budget, the pinned pool, the key cache and the engine; turns
// requests into engine jobs (a built-in circuit per partition under a
// bellperson key, or a circom witness under a snarkjs key; key lease);
// records each job's result as the engine ends it (metrics, results kept for
// a while, the engine forgets them); status JSON and Prometheus metrics are
// rendered from them (proving_core_status.cpp).
// Request problems throw RequestError carrying the gRPC-style code to answer.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "circuits/builtin.hpp"
#include "engine/key_cache.hpp"
#include "engine/proving_host.hpp"
#include "service/metrics.hpp"

namespace cuzk::service {

class RequestError : public Error {
 public:
  enum Code { kInvalidArgument, kNotFound, kFailedPrecondition, kResourceExhausted, kUnavailable };
  RequestError(Code c, const std::string& what) : Error(what), code(c) {}
  Code code;
};

struct CoreConfig {
  uint64_t budget_bytes = 0;
  unsigned synthesis_threads = 1, max_ready = 2;
  unsigned max_partitions = 256, max_jobs = 10000;
  double result_ttl_s = 600;
};

struct ProveRequest {
  std::string key;  // key id or params path
  circuits::CircuitOptions circuit;
  engine::Priority priority = engine::Priority::kNormal;
  uint32_t partitions = 1;
  bool verify_after = false;
  std::string label;
  // A circom/snarkjs job when zkey_path is set (key, circuit, partitions unused).
  std::string zkey_path;
  std::vector<uint8_t> wtns;
};

// A finished job: the engine's result; snarkjs jobs answer in JSON instead.
struct JobOutcome {
  engine::JobResult result;
  std::string snarkjs_proof_json, snarkjs_public_json;
};

struct DrainReport {
  std::vector<uint64_t> finished, failed, cancelled;  // jobs in flight when draining began
};

class ProvingCore {
 public:
  // cfg.synthesis_threads / max_ready 0: the engine's automatic choice.
  ProvingCore(CoreConfig cfg, engine::BackendSet backends);
  ~ProvingCore();  // cancels what is left
  ProvingCore(const ProvingCore&) = delete;
  ProvingCore& operator=(const ProvingCore&) = delete;

  uint64_t submit(const ProveRequest& r);
  // Waits for the job to end; `give_up` is polled (client gone, deadline):
  // when it says true, returns nullopt. forget: drop the result once returned.
  std::optional<JobOutcome> await(uint64_t id, const std::function<bool()>& give_up, bool forget = false);
  // The job's state after the request (already-ended jobs keep theirs).
  engine::JobStatus cancel(uint64_t id);

  std::string preload_key(const std::string& path, const std::string& id, bool pin);
  uint64_t evict_key(const std::string& id);
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

  // Refuse new jobs; let in-flight ones finish for up to `timeout_s`, then
  // cancel the rest; returns what became of each.
  DrainReport drain(double timeout_s);

  std::string status_json() const;
  std::string metrics_text() const;
  Metrics& metrics() { return metrics_; }

 private:
  struct Record {
    uint64_t id = 0;
    std::string kind, key, label;
    engine::Priority priority{};
    uint32_t partitions = 0;
    bool finished = false;
    JobOutcome outcome;
    std::chrono::steady_clock::time_point ended;
  };
  void on_finished(uint64_t id);
  void expire_results_locked();  // requires mu_
  engine::JobSpec builtin_job(const ProveRequest& r);
  engine::JobSpec snarkjs_job(const ProveRequest& r);
  engine::JobKey lease_key(const std::string& id_or_path);
  void cancel_work(uint64_t id);

  CoreConfig cfg_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  engine::ProvingHost host_;
  engine::MemoryBudget& budget_;
  engine::PinnedPool& pool_;
  engine::KeyCache& keys_;
  engine::ProvingEngine& engine_;
  Metrics metrics_;

  mutable std::mutex mu_;  // records_, draining_
  std::condition_variable cv_;
  std::map<uint64_t, Record> records_;
  size_t in_flight_ = 0;
  bool draining_ = false;

};

}  // namespace cuzk::service
