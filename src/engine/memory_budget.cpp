#include "engine/memory_budget.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace cuzk::engine {

MemoryBudget::Reservation::Reservation(Reservation&& o) noexcept : budget_(o.budget_), bytes_(o.bytes_) {
  o.budget_ = nullptr;
  o.bytes_ = 0;
}

MemoryBudget::Reservation& MemoryBudget::Reservation::operator=(Reservation&& o) noexcept {
  if (this != &o) {
    release();
    budget_ = o.budget_;
    bytes_ = o.bytes_;
    o.budget_ = nullptr;
    o.bytes_ = 0;
  }
  return *this;
}

void MemoryBudget::Reservation::release() {
  if (budget_ && bytes_) budget_->give_back(bytes_);
  budget_ = nullptr;
  bytes_ = 0;
}

void MemoryBudget::Reservation::shrink_to(uint64_t bytes) {
  if (bytes >= bytes_) return;
  if (budget_) budget_->give_back(bytes_ - bytes);
  bytes_ = bytes;
}

MemoryBudget::Reservation MemoryBudget::Reservation::split(uint64_t bytes) {
  if (bytes > bytes_) throw Error("memory budget: cannot split more than a reservation holds");
  bytes_ -= bytes;
  return Reservation(budget_, bytes);
}

MemoryBudget::MemoryBudget(uint64_t total_bytes) : total_(total_bytes) {
  if (total_bytes == 0) throw Error("memory budget: total must be positive");
}

static std::optional<uint64_t> read_number_file(const char* path) {
  std::ifstream f(path);
  std::string s;
  if (!(f >> s) || s == "max") return std::nullopt;
  try {
    return std::stoull(s);
  } catch (...) {
    return std::nullopt;
  }
}

uint64_t MemoryBudget::detect_total(uint64_t margin_bytes) {
  uint64_t avail = 0;
  {
    std::ifstream f("/proc/meminfo");
    std::string key;
    uint64_t kb;
    std::string unit;
    while (f >> key >> kb >> unit) {
      if (key == "MemAvailable:") {
        avail = kb * 1024;
        break;
      }
    }
  }
  uint64_t limit = avail ? avail : UINT64_MAX;
  for (const char* p : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    if (auto v = read_number_file(p); v && *v < (uint64_t(1) << 60)) limit = std::min(limit, *v);
  }
  if (limit == UINT64_MAX) throw Error("memory budget: cannot read MemAvailable or a cgroup limit; set the total in config");
  // Memory outside the budget (CUDA contexts, index lists, gathered scalars,
  // the key while it loads) grows with the machine: keep at least 1/16 back.
  const uint64_t margin = std::max(margin_bytes, limit / 16);
  if (limit <= margin) throw Error("memory budget: available memory is below the safety margin");
  return limit - margin;
}

void MemoryBudget::give_back(uint64_t bytes) {
  {
    std::lock_guard lk(mu_);
    used_ -= bytes;
  }
  cv_.notify_all();
}

uint64_t MemoryBudget::run_evictors(uint64_t need) {
  std::lock_guard ek(evict_mu_);
  std::vector<EvictorEntry> evs;
  {
    std::lock_guard lk(mu_);
    evs = evictors_;
  }
  std::sort(evs.begin(), evs.end(), [](auto& a, auto& b) { return a.order < b.order; });
  uint64_t freed = 0;
  for (auto& e : evs) {
    if (freed >= need) break;
    freed += e.fn(need - freed);
  }
  std::lock_guard lk(mu_);
  evicted_bytes_ += freed;
  return freed;
}

void MemoryBudget::advance_queue() {
  ++serving_ticket_;
  while (abandoned_.erase(serving_ticket_)) ++serving_ticket_;
}

void MemoryBudget::poke() {
  {
    std::lock_guard lk(mu_);
    ++poke_generation_;
  }
  cv_.notify_all();
}

MemoryBudget::Reservation MemoryBudget::acquire(uint64_t bytes, const std::string& purpose, std::stop_token stop) {
  if (bytes > total_)
    throw Error("memory budget: " + purpose + " needs " + std::to_string(bytes) + " bytes, more than the whole budget of " +
                std::to_string(total_));
  std::unique_lock lk(mu_);
  const uint64_t ticket = next_ticket_++;
  ++waiters_;
  if (!cv_.wait(lk, stop, [&] { return serving_ticket_ == ticket; })) {
    // cancelled before our turn: leave a mark so the queue skips this ticket
    --waiters_;
    abandoned_.insert(ticket);
    throw Error("memory budget: request for " + purpose + " cancelled");
  }
  struct Leave {
    MemoryBudget& b;
    ~Leave() {
      --b.waiters_;
      b.advance_queue();
      b.cv_.notify_all();
    }
  } leave{*this};
  for (;;) {
    if (used_ + bytes <= total_) {
      used_ += bytes;
      peak_ = std::max(peak_, used_);
      ++acquired_count_;
      return Reservation(this, bytes);
    }
    const uint64_t need = used_ + bytes - total_;
    const uint64_t seen = poke_generation_;
    lk.unlock();
    run_evictors(need);
    lk.lock();
    if (used_ + bytes <= total_) continue;
    // Nothing idle enough to evict: wait for memory to come back, or for an
    // owner to say something became idle (poke), then try evicting again.
    if (!cv_.wait(lk, stop, [&] { return used_ + bytes <= total_ || poke_generation_ != seen; }))
      throw Error("memory budget: request for " + purpose + " cancelled");
  }
}

std::optional<MemoryBudget::Reservation> MemoryBudget::try_acquire(uint64_t bytes) {
  std::lock_guard lk(mu_);
  if (waiters_ > 0 || used_ + bytes > total_) return std::nullopt;
  used_ += bytes;
  peak_ = std::max(peak_, used_);
  ++acquired_count_;
  return Reservation(this, bytes);
}

int MemoryBudget::add_evictor(int order, Evictor fn) {
  std::lock_guard lk(mu_);
  evictors_.push_back({next_evictor_id_, order, std::move(fn)});
  return next_evictor_id_++;
}

void MemoryBudget::remove_evictor(int id) {
  std::lock_guard ek(evict_mu_);  // not while an eviction round may call it
  std::lock_guard lk(mu_);
  std::erase_if(evictors_, [&](auto& e) { return e.id == id; });
}

MemoryBudget::Stats MemoryBudget::stats() const {
  std::lock_guard lk(mu_);
  return {total_, used_, peak_, total_ - used_, waiters_, acquired_count_, evicted_bytes_};
}

}  // namespace cuzk::engine
