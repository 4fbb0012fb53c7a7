// KeyCache: proving keys of every kind (bellperson .params, snarkjs .zkey;
// engine/job_key.hpp) loaded once by path and shared by every job that names
// them. Each key holds a MemoryBudget reservation for its
// in-memory size; idle keys (no job holds them, not pinned) are evicted least
// recently used first when the budget needs room (a budget evictor), or on
// request. A key a job holds is never evicted: jobs hold leases (shared_ptrs
// whose release pokes the budget so blocked acquirers retry eviction).
// Pinned keys hold pinned reservations, so a key that can never fit beside
// them is refused at once; a load's wait for memory ends on the caller's stop
// token, on stop_loads() (the daemon's drain) and after load_wait_limit.
// Loads report their progress (loads()) without waiting for them.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/memory_budget.hpp"
#include "core/error.hpp"
#include "engine/job_key.hpp"

namespace cuzk::engine {

// A key the cache does not know (by id), or a path that is not there.
class KeyNotFound : public Error {
 public:
  using Error::Error;
};

class KeyCache {
 public:
  // Reads a key file; the default is load_key_file (either format).
  using Loader = std::function<JobKey(const std::string& path)>;

  struct Info {
    std::string id, path;
    std::string kind;  // key_kind(): "bellperson bls12_381", "snarkjs bn254", ...
    uint64_t bytes = 0;
    long users = 0;       // jobs holding it now
    bool pinned = false;  // never evicted
    uint64_t uses = 0;    // leases handed out
    double idle_s = 0;    // since last handed out
  };
  struct Stats {
    size_t keys = 0;
    uint64_t bytes = 0, loads = 0, hits = 0, evictions = 0;
  };
  // A load this cache ran: under way, or the last one of its file.
  struct LoadInfo {
    enum class State { kLoading, kLoaded, kFailed };
    std::string id, path;
    State state = State::kLoading;
    std::string error;         // kFailed: why
    uint64_t bytes_total = 0;  // the file's size
    // kLoading: the file's bytes in memory (estimated from a sample of its
    // pages): how far the read has come; the points are checked after it.
    // kLoaded: bytes_total.
    uint64_t bytes_read = 0;
    double seconds = 0;  // so far, or the whole load
  };

  // evict_order: position among the budget's evictors (after the pool's 0).
  explicit KeyCache(MemoryBudget& budget, Loader loader = {}, int evict_order = 1);
  ~KeyCache();  // leases handed out must be gone (the engine is destroyed first)
  KeyCache(const KeyCache&) = delete;
  KeyCache& operator=(const KeyCache&) = delete;

  // Loads `path` (once, even when several callers ask at the same time) under
  // `id` (default: the canonical path) and returns its id. Throws KeyNotFound
  // for a missing file, BudgetExceeded for a key that can never fit the
  // budget, Cancelled when `stop` or stop_loads() ends its wait,
  // BudgetTimeout when the wait passes load_wait_limit or `deadline` (the
  // caller's), Error for a malformed file or for an id that is the path of
  // another file (it would hide that file).
  std::string preload(const std::string& path, const std::string& id = "", bool pin = false,
                      std::stop_token stop = {}, std::optional<MemoryBudget::Clock::time_point> deadline = {});
  // A lease on the key named by id, or by path (loaded on first use).
  JobKey get(const std::string& id_or_path, std::stop_token stop = {},
             std::optional<MemoryBudget::Clock::time_point> deadline = {});
  // Drops an idle key now; throws KeyNotFound for an unknown id and Error when
  // a job holds it. Returns the bytes given back to the budget.
  uint64_t evict(const std::string& id);
  // Frees idle unpinned keys, least recently used first, until `need` bytes
  // are freed; what the budget's evictor calls.
  uint64_t evict_idle(uint64_t need);

  // The longest a load waits for memory (or for another caller's load of the
  // same file to wait for it); default 10 minutes.
  void set_load_wait_limit(double seconds) { load_wait_s_ = seconds; }
  // Ends every load's wait now and refuses new loads with Cancelled(why):
  // a draining daemon's handlers return instead of waiting for memory.
  void stop_loads(const std::string& why);

  // Keys used less than this long ago are not evicted for memory (a
  // request still evicts them): mixed loads keep their keys.
  void set_min_idle(double seconds) { min_idle_s_ = seconds; }
  // From now on no key is evicted, for memory or by request; `why` goes into
  // the error evict() throws.
  void disable_eviction(const std::string& why);
  // Called with each key as it is evicted, before its memory goes (backends
  // drop their device copies: ProverBackend::forget_key). Set before use.
  void on_evict(std::function<void(const JobKey&)> fn) { on_evict_ = std::move(fn); }

  std::vector<Info> list() const;
  Stats stats() const;
  // Loads under way, then the latest ended load of each file (kLoadsKept of them).
  std::vector<LoadInfo> loads() const;
  static constexpr size_t kLoadsKept = 32;

 private:
  struct Entry;
  std::shared_ptr<Entry> find_locked(const std::string& id_or_path) const;  // requires mu_
  JobKey lease(Entry& e);                                                    // requires mu_
  // Waits for another caller's load, within our stop token and wait limit.
  void wait_loaded(const std::shared_future<void>& loaded, const std::string& name, std::stop_token stop,
                   MemoryBudget::Clock::time_point deadline);
  // Now plus the wait limit, or the caller's deadline if sooner.
  MemoryBudget::Clock::time_point wait_deadline(std::optional<MemoryBudget::Clock::time_point> caller) const;

  MemoryBudget& budget_;
  Loader loader_;
  int evictor_id_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Entry>> by_id_;
  std::map<std::string, std::string> id_by_path_;  // canonical path -> id
  struct LoadRecord {
    LoadInfo info;
    MemoryBudget::Clock::time_point started, ended;
  };
  std::map<std::string, LoadRecord> load_log_;  // canonical path -> its latest load
  void load_ended_locked(const std::string& path, const std::string& error);  // requires mu_
  uint64_t tick_ = 0;
  std::string no_eviction_;  // why eviction is off; empty: on
  std::function<void(const JobKey&)> on_evict_;
  std::atomic<double> min_idle_s_{0};
  std::atomic<double> load_wait_s_{600};
  std::stop_source loads_stop_;
  std::string loads_stop_why_;  // under mu_
  uint64_t loads_ = 0, hits_ = 0, evictions_ = 0;
};

}  // namespace cuzk::engine
