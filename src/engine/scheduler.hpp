// Scheduler: the queue of partitions waiting to be proved. Order: priority
// (CRITICAL > HIGH > NORMAL > LOW), then the oldest job, then its lowest
// partition. pop() blocks until work arrives or the scheduler closes;
// cancel() removes a job's queued partitions.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>

namespace cuzk::engine {

enum class Priority : int { kLow = 0, kNormal = 1, kHigh = 2, kCritical = 3 };

const char* priority_name(Priority p);
// Parses "low", "normal", "high", "critical" (any case); throws cuzk::Error otherwise.
Priority parse_priority(const std::string& s);

struct PartitionTicket {
  uint64_t job_id;
  uint64_t job_seq;  // submission order of the job
  uint32_t partition;
  Priority priority;
};

class Scheduler {
 public:
  void push(const PartitionTicket& t);
  // Next partition to run; nullopt when closed (and drained) or stop requested.
  std::optional<PartitionTicket> pop(std::stop_token stop = {});
  std::optional<PartitionTicket> try_pop();
  // Removes the job's queued partitions; returns how many were removed.
  size_t cancel(uint64_t job_id);
  void close();  // pop() returns nullopt once the queue is empty
  size_t size() const;

 private:
  struct Order {
    bool operator()(const PartitionTicket& a, const PartitionTicket& b) const {
      if (a.priority != b.priority) return int(a.priority) > int(b.priority);
      if (a.job_seq != b.job_seq) return a.job_seq < b.job_seq;
      return a.partition < b.partition;
    }
  };
  mutable std::mutex mu_;
  std::condition_variable_any cv_;
  std::set<PartitionTicket, Order> queue_;
  bool closed_ = false;
};

}  // namespace cuzk::engine
