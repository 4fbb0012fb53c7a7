#include "engine/scheduler.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"

namespace cuzk::engine {

const char* priority_name(Priority p) {
  switch (p) {
    case Priority::kLow: return "low";
    case Priority::kNormal: return "normal";
    case Priority::kHigh: return "high";
    case Priority::kCritical: return "critical";
  }
  return "?";
}

Priority parse_priority(const std::string& s) {
  std::string l = s;
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (l == "low") return Priority::kLow;
  if (l == "normal") return Priority::kNormal;
  if (l == "high") return Priority::kHigh;
  if (l == "critical") return Priority::kCritical;
  throw Error("unknown priority '" + s + "' (expected low, normal, high or critical)");
}

void Scheduler::push(const PartitionTicket& t) {
  {
    std::lock_guard lk(mu_);
    if (closed_) throw Error("scheduler is closed");
    queue_.insert(t);
  }
  cv_.notify_one();
}

std::optional<PartitionTicket> Scheduler::pop(std::stop_token stop) {
  std::unique_lock lk(mu_);
  if (!cv_.wait(lk, stop, [&] { return !queue_.empty() || closed_; })) return std::nullopt;
  if (queue_.empty()) return std::nullopt;
  auto t = *queue_.begin();
  queue_.erase(queue_.begin());
  return t;
}

std::optional<PartitionTicket> Scheduler::try_pop() {
  std::lock_guard lk(mu_);
  if (queue_.empty()) return std::nullopt;
  auto t = *queue_.begin();
  queue_.erase(queue_.begin());
  return t;
}

size_t Scheduler::cancel(uint64_t job_id) {
  std::lock_guard lk(mu_);
  return std::erase_if(queue_, [&](const PartitionTicket& t) { return t.job_id == job_id; });
}

void Scheduler::close() {
  {
    std::lock_guard lk(mu_);
    closed_ = true;
  }
  cv_.notify_all();
}

size_t Scheduler::size() const {
  std::lock_guard lk(mu_);
  return queue_.size();
}

}  // namespace cuzk::engine
