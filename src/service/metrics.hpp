// Counters the daemon accumulates from finished jobs (outcomes, stage
// durations, H2D traffic, backend busy time), rendered with the live gauges
// (budget, pool, keys, queue) as Prometheus text exposition format 0.0.4.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "engine/proof_job.hpp"

namespace cuzk::service {

class Metrics {
 public:
  // One finished job: its kind (job_kind_label), outcome and (for done jobs) timelines.
  void record_job(const std::string& kind, const engine::JobResult& r, size_t partitions);
  void record_rpc_error(const std::string& method, const std::string& code);
  // Jobs completed / failed so far, by kind label (porep_c2, ...).
  std::map<std::string, uint64_t> completed_by_kind() const;
  std::map<std::string, uint64_t> failed_by_kind() const;
  // Appends the counters to `out` (gauges are written by the caller).
  void render(std::string& out) const;

  static constexpr std::array<double, 14> kBuckets = {0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                                      0.5,   1,     2.5,  5,     10,   30,  120};

 private:
  struct Histogram {
    std::array<uint64_t, kBuckets.size()> counts{};
    uint64_t count = 0;
    double sum = 0;
    void observe(double v);
  };
  mutable std::mutex mu_;
  std::map<std::pair<std::string, std::string>, uint64_t> jobs_, proofs_;  // (kind, outcome)
  std::map<std::pair<std::string, std::string>, uint64_t> rpc_errors_;     // (method, code)
  std::map<std::string, Histogram> stages_;
  std::map<std::string, uint64_t> completed_, failed_;                   // by kind
  std::map<std::string, std::pair<uint64_t, double>> durations_;        // by kind: count, seconds
  std::map<std::string, double> busy_s_;  // backend (gpu0, cpu) -> seconds in ntt + msm
  uint64_t h2d_bytes_ = 0;
  double h2d_s_ = 0;
};

// "name{label="value"} number\n" helpers, shared with the gauge writer.
void prom_help(std::string& out, const std::string& name, const std::string& type, const std::string& help);
void prom_sample(std::string& out, const std::string& name, const std::string& labels, double v);

}  // namespace cuzk::service
