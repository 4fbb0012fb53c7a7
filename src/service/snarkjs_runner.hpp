// Proves the daemon's circom/snarkjs jobs: a .zkey on the daemon's disk (BN254
// or BLS12-381, parsed once and kept, its memory counted in the budget; idle
// zkeys are given back least recently used first when the budget needs room) and a
// circom witness (.wtns bytes). One job at a time, highest priority first
// (FIFO within), on the CPU with the zkey prover; outside the engine, whose
// pipeline is the bellperson BLS12-381 one. Results come back through `done`.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/memory_budget.hpp"
#include "engine/proof_job.hpp"

namespace cuzk::service {

struct SnarkjsOutput {
  engine::JobStatus status = engine::JobStatus::kQueued;
  std::string error;                     // kFailed / kCancelled
  std::string proof_json, public_json;   // kDone: snarkjs's proof.json and public.json
  double seconds = 0;                    // submit to end
};

class SnarkjsRunner {
 public:
  using Done = std::function<void(uint64_t id, SnarkjsOutput out)>;
  // evict_order: position among the budget's evictors (pool 0, bellperson keys 1).
  SnarkjsRunner(engine::MemoryBudget& budget, Done done, int evict_order = 2);
  ~SnarkjsRunner();  // cancels what is queued, finishes the job in hand
  SnarkjsRunner(const SnarkjsRunner&) = delete;
  SnarkjsRunner& operator=(const SnarkjsRunner&) = delete;

  void submit(uint64_t id, const std::string& zkey_path, std::vector<uint8_t> wtns, engine::Priority priority);
  // A queued job ends at once as cancelled; the running one is cancelled when
  // it ends (its proof is dropped). False for an id it does not hold.
  bool cancel(uint64_t id);
  size_t keys_loaded() const;
  uint64_t key_bytes() const;  // what the loaded zkeys hold of the budget

 private:
  struct Task {
    uint64_t id;
    std::string zkey_path;
    std::vector<uint8_t> wtns;
    engine::Priority priority;
    uint64_t seq;
    std::chrono::steady_clock::time_point submitted;
  };
  struct LoadedKey;
  void loop(std::stop_token stop);
  SnarkjsOutput prove(const Task& t);
  std::shared_ptr<LoadedKey> key_for(const std::string& path);
  uint64_t evict_idle(uint64_t need);  // the budget's evictor

  engine::MemoryBudget& budget_;
  Done done_;
  mutable std::mutex mu_;
  std::condition_variable_any cv_;
  std::deque<Task> queue_;
  uint64_t seq_ = 0, running_ = 0;
  bool running_cancelled_ = false;
  std::map<std::string, std::shared_ptr<LoadedKey>> keys_;  // by canonical path
  uint64_t tick_ = 0;
  int evictor_id_ = -1;
  std::jthread worker_;
};

}  // namespace cuzk::service
