// ProvingHost: everything a process needs to prove, composed once: the
// memory budget, the pinned pool on it, the key cache (keys of every kind,
// their memory in the same budget), the backends, and the one engine over
// them. Keys evicted from the cache leave every backend's device. The daemon
// (service/proving_core), the CLI's one-shot commands and the C API each hold
// one.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/backend_set.hpp"
#include "engine/key_cache.hpp"
#include "engine/memory_budget.hpp"
#include "engine/pinned_pool.hpp"
#include "engine/proving_engine.hpp"

namespace cuzk::engine {

class ProvingHost {
 public:
  // synthesis_threads / max_ready 0: automatic_engine_config's choice.
  ProvingHost(uint64_t budget_bytes, BackendSet set, unsigned synthesis_threads = 0, unsigned max_ready = 0);
  ~ProvingHost();  // the engine stops first (cancelling what is queued), then the keys go
  ProvingHost(const ProvingHost&) = delete;
  ProvingHost& operator=(const ProvingHost&) = delete;

  // Submits and waits.
  JobResult prove(JobSpec spec);
  // Stops the engine now (queued work is cancelled, its callbacks run, its
  // threads are joined), for an owner whose callbacks need state that goes
  // before the host does. Nothing may use the engine afterwards.
  void shutdown() { engine_.reset(); }

  MemoryBudget& budget() { return budget_; }
  const MemoryBudget& budget() const { return budget_; }
  PinnedPool& pool() { return pool_; }
  const PinnedPool& pool() const { return pool_; }
  KeyCache& keys() { return keys_; }
  const KeyCache& keys() const { return keys_; }
  ProvingEngine& engine() { return *engine_; }
  const ProvingEngine& engine() const { return *engine_; }
  const std::vector<std::shared_ptr<ProverBackend>>& backends() const { return backends_; }
  const EngineConfig& config() const { return config_; }
  bool on_gpu() const { return on_gpu_; }
  // How its key cache holds a .zkey's query points: encoded when every
  // backend proves .zkey keys on its device (GPUs check and convert them).
  groth16::PointStorage zkey_points() const { return zkey_points_; }

 private:
  MemoryBudget budget_;
  PinnedPool pool_;
  groth16::PointStorage zkey_points_;
  KeyCache keys_;
  std::vector<std::shared_ptr<ProverBackend>> backends_;
  bool on_gpu_;
  EngineConfig config_;
  std::unique_ptr<ProvingEngine> engine_;
};

// A host for one process's own proofs: the budget from the machine (its
// memory less a margin), the backends make_backends picks from `opts`.
std::unique_ptr<ProvingHost> make_local_host(const BackendOptions& opts = {});
// Reads a key file while another thread builds the local host of `opts`
// (its CUDA start-up overlaps the read), in the form that host's backends
// prove from: guessed before they start, read again in the host's own
// (zkey_points()) if the guess was wrong. `wait_host` returns the host once
// it is built.
JobKey load_key_while_host_starts(const std::string& path, const BackendOptions& opts,
                                  const std::function<const ProvingHost&()>& wait_host);

}  // namespace cuzk::engine
