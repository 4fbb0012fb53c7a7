#include "engine/memory_budget.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace cuzk::engine {

MemoryBudget::Reservation::Reservation(Reservation&& o) noexcept
    : budget_(std::exchange(o.budget_, nullptr)), bytes_(std::exchange(o.bytes_, 0)),
      pinned_(std::exchange(o.pinned_, false)) {}

MemoryBudget::Reservation& MemoryBudget::Reservation::operator=(Reservation&& o) noexcept {
  if (this != &o) {
    release();
    budget_ = std::exchange(o.budget_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
    pinned_ = std::exchange(o.pinned_, false);
  }
  return *this;
}

void MemoryBudget::Reservation::release() {
  if (budget_ && bytes_) budget_->give_back(bytes_, pinned_);
  budget_ = nullptr;
  bytes_ = 0;
  pinned_ = false;
}

void MemoryBudget::Reservation::shrink_to(uint64_t bytes) {
  if (bytes >= bytes_) return;
  if (budget_) budget_->give_back(bytes_ - bytes, pinned_);
  bytes_ = bytes;
}

MemoryBudget::Reservation MemoryBudget::Reservation::split(uint64_t bytes) {
  if (bytes > bytes_) throw Error("memory budget: cannot split more than a reservation holds");
  bytes_ -= bytes;
  Reservation r(budget_, bytes);
  r.pinned_ = pinned_;
  return r;
}

void MemoryBudget::Reservation::grow(uint64_t extra, const std::string& purpose, std::stop_token stop,
                                     std::optional<Clock::time_point> deadline) {
  if (!budget_) throw Error("memory budget: cannot grow an empty reservation");
  if (extra == 0) return;
  budget_->wait_and_take(extra, pinned_ ? 0 : bytes_, purpose, std::move(stop), deadline);
  bytes_ += extra;
  if (pinned_) {
    std::lock_guard lk(budget_->mu_);
    budget_->pinned_ += extra;
  }
}

void MemoryBudget::Reservation::pin() {
  if (!budget_ || pinned_) return;
  pinned_ = true;
  {
    std::lock_guard lk(budget_->mu_);
    budget_->pinned_ += bytes_;
  }
  budget_->cv_.notify_all();  // waiters that can no longer fit find out now
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

void MemoryBudget::give_back(uint64_t bytes, bool pinned) {
  {
    std::lock_guard lk(mu_);
    used_ -= bytes;
    if (pinned) pinned_ -= bytes;
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

namespace {

std::string size_text(uint64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%llu bytes (%.1f MiB)", static_cast<unsigned long long>(bytes),
                double(bytes) / double(1 << 20));
  return buf;
}

}  // namespace

void MemoryBudget::refuse_if_never_fits(uint64_t bytes, uint64_t held, const std::string& purpose) const {
  // used_ >= pinned_, so total_ - pinned_ is what could ever be free
  if (bytes <= total_ - pinned_ && held <= total_ - pinned_ - bytes) return;
  std::string m = "memory budget: " + purpose + " needs " + size_text(bytes);
  if (held) m += " more than the " + size_text(held) + " it holds";
  m += ", but the budget is " + size_text(total_);
  if (pinned_) m += ", of which pinned keys hold " + size_text(pinned_) + " for good";
  throw BudgetExceeded(m + ": it can never fit (raise [memory] total_budget, or unpin keys)");
}

MemoryBudget::Reservation MemoryBudget::acquire(uint64_t bytes, const std::string& purpose, std::stop_token stop,
                                                std::optional<Clock::time_point> deadline) {
  wait_and_take(bytes, 0, purpose, std::move(stop), deadline);
  return Reservation(this, bytes);
}

uint64_t MemoryBudget::wait_and_take(uint64_t bytes, uint64_t held, const std::string& purpose, std::stop_token stop,
                                     std::optional<Clock::time_point> deadline) {
  std::unique_lock lk(mu_);
  refuse_if_never_fits(bytes, held, purpose);
  // Waits for pred; throws when stopped or past the deadline.
  const auto wait = [&](auto pred) {
    const bool ok = deadline ? cv_.wait_until(lk, stop, *deadline, pred) : cv_.wait(lk, stop, pred);
    if (ok) return;
    if (stop.stop_requested()) throw Cancelled("memory budget: request for " + purpose + " cancelled");
    throw BudgetTimeout("memory budget: " + purpose + " waited for " + size_text(bytes) +
                        " past its deadline (budget " + size_text(total_) + ", " + size_text(used_) + " in use)");
  };
  const uint64_t ticket = next_ticket_++;
  ++waiters_;
  try {
    wait([&] { return serving_ticket_ == ticket; });
  } catch (...) {
    // cancelled before our turn: leave a mark so the queue skips this ticket
    --waiters_;
    abandoned_.insert(ticket);
    throw;
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
    refuse_if_never_fits(bytes, held, purpose);  // a key pinned meanwhile
    if (used_ + bytes <= total_) {
      used_ += bytes;
      peak_ = std::max(peak_, used_);
      ++acquired_count_;
      return bytes;
    }
    const uint64_t need = used_ + bytes - total_;
    const uint64_t seen = poke_generation_;
    const uint64_t pinned_seen = pinned_;
    lk.unlock();
    run_evictors(need);
    lk.lock();
    if (used_ + bytes <= total_) continue;
    // Nothing idle enough to evict: wait for memory to come back, or for an
    // owner to say something became idle (poke), then try evicting again.
    wait([&] { return used_ + bytes <= total_ || poke_generation_ != seen || pinned_ != pinned_seen; });
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
  return {total_, used_, peak_, total_ - used_, pinned_, waiters_, acquired_count_, evicted_bytes_};
}

}  // namespace cuzk::engine
