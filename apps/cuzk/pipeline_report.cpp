#include "pipeline_report.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

namespace cuzk::app {

using namespace engine;

namespace {

double peak_rss_gb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_maxrss) * 1024 / 1e9;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

void print_pipeline_report(const std::vector<PartitionTimeline>& tls, double wall_s, double t_start, double t_end,
                           const MemoryBudget& budget, const PinnedPool& pool) {

  // stage medians; h2d rate; GPU busy = kernel time over the timed wall, and
  // over the span from its first kernel to its last (the steady state)
  std::map<Stage, std::vector<double>> per_stage;
  uint64_t h2d_bytes = 0;
  double h2d_secs = 0;
  std::vector<double> h2d_rates;  // GB/s of each copy
  std::map<std::string, std::pair<double, double>> dev_window;  // device -> first start, last end
  std::map<std::string, double> dev_busy;
  std::vector<double> host_gb[2];  // pool memory per partition: a/b kept, streamed
  std::vector<double> finished;    // when each partition's proof was done
  for (const auto& tl : tls) {
    uint64_t held = 0;
    bool streamed = false;
    double end = 0;
    for (const auto& s : tl.spans) {
      if (s.stage == Stage::kMemoryWait) held = s.bytes;
      if (s.stage == Stage::kSynthesis && s.bytes) streamed = true;
      end = std::max(end, s.end_s);
    }
    finished.push_back(end);
    host_gb[streamed].push_back(double(held) / 1e9);
    for (const auto& s : tl.spans) {
      per_stage[s.stage].push_back(s.end_s - s.start_s);
      if (s.stage == Stage::kH2D) {
        h2d_bytes += s.bytes;
        h2d_secs += s.end_s - s.start_s;
        if (s.end_s > s.start_s) h2d_rates.push_back(double(s.bytes) / (s.end_s - s.start_s) / 1e9);
      }
      if (s.stage == Stage::kNtt || s.stage == Stage::kMsm) {
        const std::string dev = s.track.substr(0, s.track.find(' '));
        auto [it, fresh] = dev_window.try_emplace(dev, s.start_s, s.end_s);
        if (!fresh) it->second = {std::min(it->second.first, s.start_s), std::max(it->second.second, s.end_s)};
        dev_busy[dev] += s.end_s - s.start_s;
      }
    }
  }
  std::printf("\n%-16s %10s\n", "stage", "median s");
  for (auto st : {Stage::kQueued, Stage::kMemoryWait, Stage::kSynthesis, Stage::kH2D, Stage::kNtt, Stage::kMsm, Stage::kFinalize})
    if (per_stage.count(st)) std::printf("%-16s %10.4f\n", stage_name(st), median(per_stage[st]));
  std::printf("\n%-28s %12s\n", "figure", "value");
  std::printf("%-28s %12.2f\n", "wall s", wall_s);
  std::printf("%-28s %12.3f\n", "partitions / s", double(tls.size()) / wall_s);
  // Between the first and the last proof: the rate once the pipeline is full,
  // without the ramp (the first partition's synthesis) that a short run over-weights.
  std::sort(finished.begin(), finished.end());
  if (finished.size() > 2 && finished.back() > finished.front())
    std::printf("%-28s %12.3f\n", "partitions / s (steady)",
                double(finished.size() - 1) / (finished.back() - finished.front()));
  if (h2d_secs > 0) {
    std::printf("%-28s %12.1f\n", "H2D GB/s (all bytes / time)", double(h2d_bytes) / h2d_secs / 1e9);
    std::printf("%-28s %12.1f\n", "H2D GB/s (median copy)", median(h2d_rates));
  }
  for (const auto& [dev, w] : dev_window) {
    std::printf("%-28s %12.1f\n", (dev + " busy % of wall").c_str(), 100.0 * dev_busy[dev] / std::max(1e-9, t_end - t_start));
    std::printf("%-28s %12.1f\n", (dev + " busy % while active").c_str(),
                100.0 * dev_busy[dev] / std::max(1e-9, w.second - w.first));
  }
  for (int k : {0, 1})
    if (!host_gb[k].empty())
      std::printf("%-28s %5zu, %6.2f\n", k ? "streamed: partitions, GB" : "kept a/b: partitions, GB", host_gb[k].size(),
                  median(host_gb[k]));
  std::printf("%-28s %12.2f\n", "peak RSS GB", peak_rss_gb());
  std::printf("%-28s %12.2f\n", "budget peak GB", double(budget.stats().peak) / 1e9);
  auto ps = pool.stats();
  std::printf("%-28s %12llu / %llu\n", "pool hits / misses", (unsigned long long)ps.hits, (unsigned long long)ps.misses);
  std::printf("%-28s %12.2f\n", "pool pinned GB", double(ps.bytes_pinned) / 1e9);
}

}  // namespace cuzk::app
