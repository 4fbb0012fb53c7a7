// MemoryBudget: one account of the large host memory a process uses (pinned
// pool buffers, cached keys, in-flight reservations) so many proofs can run at
// once without running out. acquire() blocks, first asking evictors (idle pool
// buffers, then idle keys) to give memory back; try_acquire() never blocks.
// Waiters are served first come, first served. Reservations are RAII.
// A request that can never be granted (more than the total less what pinned
// reservations hold for good) is refused at once; every wait ends on its stop
// token or its deadline.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace cuzk::engine {

// A request the budget can never grant: larger than the total less the
// pinned reservations (which are never given back).
class BudgetExceeded : public Error {
 public:
  using Error::Error;
};

// A wait for memory that reached its deadline.
class BudgetTimeout : public Error {
 public:
  using Error::Error;
};

class MemoryBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // Holds `bytes` of the budget until destroyed or released.
  class Reservation {
   public:
    Reservation() = default;
    Reservation(Reservation&& o) noexcept;
    Reservation& operator=(Reservation&& o) noexcept;
    Reservation(const Reservation&) = delete;
    Reservation& operator=(const Reservation&) = delete;
    ~Reservation() { release(); }

    uint64_t bytes() const { return bytes_; }
    bool empty() const { return bytes_ == 0; }
    void release();
    // Gives back part of the reservation (e.g. a/b/c once they are on the device).
    void shrink_to(uint64_t bytes);
    // Moves `bytes` of this reservation into a new one (all-or-nothing
    // acquisitions are split among the buffers they pay for); a pinned
    // reservation's part stays pinned.
    Reservation split(uint64_t bytes);
    // Adds `extra` bytes, waiting like acquire(); refused at once when this
    // reservation and the extra together can never fit.
    void grow(uint64_t extra, const std::string& purpose, std::stop_token stop = {},
              std::optional<Clock::time_point> deadline = {});
    // Marks the bytes as held for good (a pinned key): from now on requests
    // that need them are refused instead of waiting.
    void pin();
    bool pinned() const { return pinned_; }

   private:
    friend class MemoryBudget;
    Reservation(MemoryBudget* b, uint64_t n) : budget_(b), bytes_(n) {}
    MemoryBudget* budget_ = nullptr;
    uint64_t bytes_ = 0;
    bool pinned_ = false;
  };

  // An evictor frees up to `need` bytes of idle memory it owns (by releasing
  // its reservations) and returns how much it freed. Called without the
  // budget's lock held, lowest `order` first.
  using Evictor = std::function<uint64_t(uint64_t need)>;

  struct Stats {
    uint64_t total, used, peak, available, pinned;
    size_t waiters;
    uint64_t acquired_count, evicted_bytes;
  };

  explicit MemoryBudget(uint64_t total_bytes);
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  // Total from the cgroup limit (v2 memory.max, v1 limit_in_bytes) or
  // MemAvailable, whichever is smaller, less max(margin_bytes, 1/16 of it).
  static uint64_t detect_total(uint64_t margin_bytes);

  // Blocks until `bytes` fit. Throws BudgetExceeded (naming `purpose`, the
  // bytes and the budget) when they never can, Cancelled when `stop` is
  // requested while waiting, BudgetTimeout when `deadline` passes first.
  Reservation acquire(uint64_t bytes, const std::string& purpose, std::stop_token stop = {},
                      std::optional<Clock::time_point> deadline = {});
  // Grants at once or returns nullopt; never evicts, never jumps the queue.
  std::optional<Reservation> try_acquire(uint64_t bytes);

  // Owners of evictable memory call this when something became idle (a pool
  // buffer returned, a key unpinned), so blocked acquirers retry eviction.
  void poke();

  int add_evictor(int order, Evictor fn);
  void remove_evictor(int id);

  Stats stats() const;
  uint64_t total() const { return total_; }

 private:
  void give_back(uint64_t bytes, bool pinned);
  uint64_t wait_and_take(uint64_t bytes, uint64_t held, const std::string& purpose, std::stop_token stop,
                         std::optional<Clock::time_point> deadline);
  void refuse_if_never_fits(uint64_t bytes, uint64_t held, const std::string& purpose) const;  // requires mu_
  void advance_queue();
  uint64_t run_evictors(uint64_t need);

  const uint64_t total_;
  mutable std::mutex mu_;
  std::condition_variable_any cv_;
  uint64_t used_ = 0, peak_ = 0, acquired_count_ = 0, evicted_bytes_ = 0;
  uint64_t pinned_ = 0;  // part of used_ held by pinned reservations
  uint64_t next_ticket_ = 0, serving_ticket_ = 0;  // FIFO among waiters
  size_t waiters_ = 0;
  std::set<uint64_t> abandoned_;  // tickets cancelled before their turn
  uint64_t poke_generation_ = 0;
  struct EvictorEntry {
    int id, order;
    Evictor fn;
  };
  std::vector<EvictorEntry> evictors_;
  int next_evictor_id_ = 0;
  std::mutex evict_mu_;  // one eviction round at a time
};

}  // namespace cuzk::engine
