// Per-partition stage timing (queued, memory wait, synthesis, h2d with GB/s,
// ntt, msm, finalize), collected by the engine and exportable as a Chrome
// trace (chrome://tracing, Perfetto): one track per worker thread.
#pragma once
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace cuzk::engine {

enum class Stage { kQueued, kMemoryWait, kSynthesis, kH2D, kNtt, kMsm, kFinalize, kVerify };
const char* stage_name(Stage s);

struct StageSpan {
  Stage stage;
  double start_s, end_s;  // seconds since the engine's epoch
  uint64_t bytes = 0;     // moved (h2d) or reserved
  std::string track;      // worker that ran it
};

struct PartitionTimeline {
  uint64_t job_id = 0;
  uint32_t partition = 0;
  std::vector<StageSpan> spans;
  double seconds(Stage s) const;
};

class Timeline {
 public:
  Timeline() : epoch_(std::chrono::steady_clock::now()) {}
  double now() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - epoch_).count(); }
  void record(const PartitionTimeline& t);
  std::vector<PartitionTimeline> snapshot() const;
  std::string chrome_trace_json() const;

 private:
  std::chrono::steady_clock::time_point epoch_;
  mutable std::mutex mu_;
  std::vector<PartitionTimeline> done_;
};

}  // namespace cuzk::engine
