#include "service/metrics.hpp"

#include <cstdio>

namespace cuzk::service {

using engine::Stage;

void prom_help(std::string& out, const std::string& name, const std::string& type, const std::string& help) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

void prom_sample(std::string& out, const std::string& name, const std::string& labels, double v) {
  char num[64];
  std::snprintf(num, sizeof num, "%.17g", v);
  out += name;
  if (!labels.empty()) out += "{" + labels + "}";
  out += " ";
  out += num;
  out += "\n";
}

namespace {
// Label values come from our own enums and circuit names, but escape anyway.
std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (c == '\n') {
      o += "\\n";
      continue;
    }
    o += c;
  }
  return o;
}
}  // namespace

void Metrics::Histogram::observe(double v) {
  for (size_t i = 0; i < kBuckets.size(); ++i)
    if (v <= kBuckets[i]) ++counts[i];
  ++count;
  sum += v;
}

void Metrics::record_job(const std::string& kind, const engine::JobResult& r, size_t partitions) {
  const std::string outcome = engine::job_status_name(r.status);
  std::lock_guard lk(mu_);
  ++jobs_[{kind, outcome}];
  // a failed or cancelled job's partitions count as failed / cancelled proofs
  proofs_[{kind, outcome}] += r.status == engine::JobStatus::kDone ? r.proof_count() : partitions;
  // Curio's families: per proof kind, one count per job
  if (r.status == engine::JobStatus::kDone) {
    ++completed_[kind];
    auto& d = durations_[kind];
    ++d.first;
    d.second += r.seconds;
  } else if (r.status == engine::JobStatus::kFailed) {
    ++failed_[kind];
  }
  for (const auto& tl : r.timelines)
    for (const auto& s : tl.spans) {
      const double d = s.end_s - s.start_s;
      stages_[engine::stage_name(s.stage)].observe(d);
      if (s.stage == Stage::kH2D) {
        h2d_bytes_ += s.bytes;
        h2d_s_ += d;
      }
      if (s.stage == Stage::kNtt || s.stage == Stage::kMsm) busy_s_[s.track.substr(0, s.track.find(' '))] += d;
    }
}

void Metrics::record_rpc_error(const std::string& method, const std::string& code) {
  std::lock_guard lk(mu_);
  ++rpc_errors_[{method, code}];
}

std::map<std::string, uint64_t> Metrics::completed_by_kind() const {
  std::lock_guard lk(mu_);
  return completed_;
}

std::map<std::string, uint64_t> Metrics::failed_by_kind() const {
  std::lock_guard lk(mu_);
  return failed_;
}

void Metrics::render(std::string& out) const {
  std::lock_guard lk(mu_);
  prom_help(out, "cuzk_jobs_total", "counter", "Jobs ended, by circuit kind and outcome.");
  for (const auto& [k, v] : jobs_)
    prom_sample(out, "cuzk_jobs_total", "kind=\"" + esc(k.first) + "\",outcome=\"" + k.second + "\"", double(v));
  prom_help(out, "cuzk_proofs_total", "counter", "Partition proofs ended, by circuit kind and outcome.");
  for (const auto& [k, v] : proofs_)
    prom_sample(out, "cuzk_proofs_total", "kind=\"" + esc(k.first) + "\",outcome=\"" + k.second + "\"", double(v));
  // The families Curio's daemon exports (its dashboards read them), by proof_kind.
  prom_help(out, "cuzk_proofs_completed", "counter", "Jobs completed, by proof kind.");
  for (const auto& [k, v] : completed_) prom_sample(out, "cuzk_proofs_completed", "proof_kind=\"" + esc(k) + "\"", double(v));
  prom_help(out, "cuzk_proofs_failed", "counter", "Jobs failed, by proof kind.");
  for (const auto& [k, v] : failed_) prom_sample(out, "cuzk_proofs_failed", "proof_kind=\"" + esc(k) + "\"", double(v));
  prom_help(out, "cuzk_proof_duration_seconds", "summary", "Submit-to-end seconds of completed jobs, by proof kind.");
  for (const auto& [k, v] : durations_) {
    prom_sample(out, "cuzk_proof_duration_seconds_count", "proof_kind=\"" + esc(k) + "\"", double(v.first));
    prom_sample(out, "cuzk_proof_duration_seconds_sum", "proof_kind=\"" + esc(k) + "\"", v.second);
  }
  uint64_t done = 0, bad = 0;
  for (const auto& [k, v] : completed_) done += v;
  for (const auto& [k, v] : failed_) bad += v;
  prom_help(out, "cuzk_proofs_completed_total", "counter", "Jobs completed.");
  prom_sample(out, "cuzk_proofs_completed_total", "", double(done));
  prom_help(out, "cuzk_proofs_failed_total", "counter", "Jobs failed.");
  prom_sample(out, "cuzk_proofs_failed_total", "", double(bad));
  prom_help(out, "cuzk_stage_seconds", "histogram", "Per-partition stage durations of finished proofs.");
  for (const auto& [stage, h] : stages_) {
    for (size_t i = 0; i < kBuckets.size(); ++i) {
      char le[32];
      std::snprintf(le, sizeof le, "%g", kBuckets[i]);
      prom_sample(out, "cuzk_stage_seconds_bucket", "stage=\"" + stage + "\",le=\"" + le + "\"", double(h.counts[i]));
    }
    prom_sample(out, "cuzk_stage_seconds_bucket", "stage=\"" + stage + "\",le=\"+Inf\"", double(h.count));
    prom_sample(out, "cuzk_stage_seconds_sum", "stage=\"" + stage + "\"", h.sum);
    prom_sample(out, "cuzk_stage_seconds_count", "stage=\"" + stage + "\"", double(h.count));
  }
  prom_help(out, "cuzk_h2d_bytes_total", "counter", "Bytes copied host to device for finished proofs.");
  prom_sample(out, "cuzk_h2d_bytes_total", "", double(h2d_bytes_));
  prom_help(out, "cuzk_h2d_seconds_total", "counter", "Seconds spent in those copies.");
  prom_sample(out, "cuzk_h2d_seconds_total", "", h2d_s_);
  if (h2d_s_ > 0) {
    prom_help(out, "cuzk_h2d_gbps", "gauge", "Mean host-to-device rate so far, GB/s.");
    prom_sample(out, "cuzk_h2d_gbps", "", double(h2d_bytes_) / h2d_s_ / 1e9);
  }
  prom_help(out, "cuzk_backend_busy_seconds_total", "counter",
            "Seconds each backend spent in NTT and MSM work (rate() of it is the busy fraction).");
  for (const auto& [b, s] : busy_s_) prom_sample(out, "cuzk_backend_busy_seconds_total", "backend=\"" + esc(b) + "\"", s);
  prom_help(out, "cuzk_rpc_errors_total", "counter", "gRPC calls answered with an error, by method and code.");
  for (const auto& [k, v] : rpc_errors_)
    prom_sample(out, "cuzk_rpc_errors_total", "method=\"" + k.first + "\",code=\"" + k.second + "\"", double(v));
}

}  // namespace cuzk::service
