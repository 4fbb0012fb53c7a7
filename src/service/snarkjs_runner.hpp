// Proves the daemon's circom/snarkjs jobs: a .zkey on the daemon's disk (BN254
// or BLS12-381, parsed once and kept, its memory counted in the budget; idle
// zkeys are given back least recently used first when the budget needs room) and a
// circom witness (.wtns bytes). One job at a time, highest priority first
// (FIFO within), on an accelerator (a GPU) when given one, else on the CPU
// with the zkey prover; outside the engine, whose pipeline is the bellperson
// BLS12-381 one. Every accelerated proof is verified before it is returned
// (a failed one is made again on the CPU). Results come back through `done`.
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
#include "service/zkey_accelerator.hpp"

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
  SnarkjsRunner(engine::MemoryBudget& budget, Done done, int evict_order = 2,
                std::shared_ptr<ZkeyAccelerator> accelerator = nullptr);
  ~SnarkjsRunner();  // cancels what is queued, finishes the job in hand
  SnarkjsRunner(const SnarkjsRunner&) = delete;
  SnarkjsRunner& operator=(const SnarkjsRunner&) = delete;

  void submit(uint64_t id, const std::string& zkey_path, std::vector<uint8_t> wtns, engine::Priority priority);
  // A queued job ends at once as cancelled; the running one is cancelled when
  // it ends (its proof is dropped). False for an id it does not hold.
  bool cancel(uint64_t id);
  size_t keys_loaded() const;
  uint64_t key_bytes() const;  // what the loaded zkeys hold of the budget
  // Proofs made on the accelerator; made again on the CPU because the
  // accelerator's failed verification and the CPU's passed (rejected), or it
  // threw (failed); witnesses whose proofs failed on both (unsatisfied).
  struct AcceleratorStats {
    uint64_t proofs = 0, rejected = 0, failed = 0, unsatisfied = 0;
  };
  AcceleratorStats accelerator_stats() const;
  const ZkeyAccelerator* accelerator() const { return accel_.get(); }

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

  template <class E>
  groth16::Proof<E> prove_terms(const LoadedKey& key, const groth16::ZkeyProvingKey<E>& pk,
                                std::span<const typename E::Fr> w, std::span<const typename E::Fr> pub);

  engine::MemoryBudget& budget_;
  Done done_;
  std::shared_ptr<ZkeyAccelerator> accel_;
  AcceleratorStats accel_stats_;  // guarded by mu_
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
