#include "engine/timeline.hpp"

#include <map>
#include <nlohmann/json.hpp>

namespace cuzk::engine {

const char* stage_name(Stage s) {
  switch (s) {
    case Stage::kQueued: return "queued";
    case Stage::kMemoryWait: return "memory wait";
    case Stage::kSynthesis: return "synthesis";
    case Stage::kH2D: return "h2d";
    case Stage::kNtt: return "ntt";
    case Stage::kMsm: return "msm";
    case Stage::kFinalize: return "finalize";
    case Stage::kVerify: return "verify";
  }
  return "?";
}

double PartitionTimeline::seconds(Stage s) const {
  double t = 0;
  for (const auto& sp : spans)
    if (sp.stage == s) t += sp.end_s - sp.start_s;
  return t;
}

// A long-running service proves without end: the trace keeps the most recent
// partitions only (each job's result carries its own timelines).
constexpr size_t kKeptPartitions = 8192;

void Timeline::record(const PartitionTimeline& t) {
  std::lock_guard lk(mu_);
  if (done_.size() >= kKeptPartitions)  // drop the older half: amortized O(1) per partition
    done_.erase(done_.begin(), done_.begin() + std::ptrdiff_t(done_.size() / 2));
  done_.push_back(t);
}

std::vector<PartitionTimeline> Timeline::snapshot() const {
  std::lock_guard lk(mu_);
  return done_;
}

std::string Timeline::chrome_trace_json() const {
  auto parts = snapshot();
  std::map<std::string, int> tids;
  nlohmann::json events = nlohmann::json::array();
  for (const auto& p : parts) {
    for (const auto& s : p.spans) {
      auto [it, fresh] = tids.try_emplace(s.track.empty() ? "queue" : s.track, int(tids.size()) + 1);
      nlohmann::json e = {{"name", stage_name(s.stage)},
                          {"cat", "partition"},
                          {"ph", "X"},
                          {"pid", 1},
                          {"tid", it->second},
                          {"ts", s.start_s * 1e6},
                          {"dur", (s.end_s - s.start_s) * 1e6},
                          {"args", {{"job", p.job_id}, {"partition", p.partition}}}};
      if (s.bytes) {
        e["args"]["bytes"] = s.bytes;
        if (s.stage == Stage::kH2D && s.end_s > s.start_s) e["args"]["GB/s"] = double(s.bytes) / (s.end_s - s.start_s) / 1e9;
      }
      events.push_back(std::move(e));
    }
  }
  for (const auto& [name, tid] : tids)
    events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", 1}, {"tid", tid}, {"args", {{"name", name}}}});
  return nlohmann::json{{"traceEvents", events}, {"displayTimeUnit", "ms"}}.dump();
}

}  // namespace cuzk::engine
