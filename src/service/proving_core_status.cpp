// ProvingCore's pages: /status as JSON and /metrics as Prometheus text,
// rendered from the records, the engine, the budget, the pool and the keys.
#include <nlohmann/json.hpp>

#include "service/proving_core.hpp"
#include "service/utf8.hpp"

namespace cuzk::service {

using namespace engine;
using Clock = std::chrono::steady_clock;

std::string ProvingCore::status_json() const {
  using nlohmann::json;
  json j;
  j["uptime_s"] = std::chrono::duration<double>(Clock::now() - started_).count();
  auto snap = engine_.snapshot();
  json jobs = json::array();
  {
    std::lock_guard lk(mu_);
    j["draining"] = draining_;
    j["jobs_in_flight"] = in_flight_;
    j["proofs_completed"] = completed_;
    j["proofs_failed"] = failed_;
    size_t held = 0;
    for (auto& [id, r] : records_) held += r.finished;
    j["results_held"] = held;
    for (const auto& s : snap) {
      auto eit = by_engine_id_.find(s.id);
      if (eit == by_engine_id_.end()) continue;
      const Record& rec = records_.at(eit->second);
      json jj;
      jj["id"] = rec.id;
      jj["kind"] = job_kind_name(rec.kind);
      jj["key"] = valid_utf8(rec.key);
      jj["label"] = s.label;
      jj["priority"] = priority_name(s.priority);
      jj["state"] = job_status_name(s.status);
      jj["key_kind"] = s.key_kind;
      jj["age_s"] = s.age_s;
      json parts = json::array();
      for (size_t p = 0; p < s.stages.size(); ++p) {
        json jp;
        jp["index"] = p;
        jp["stage"] = partition_stage_name(s.stages[p]);
        for (const auto& tl : s.timelines)
          if (tl.partition == p) {
            json st;
            for (const auto& sp : tl.spans) st[stage_name(sp.stage)] = sp.end_s - sp.start_s;
            jp["stage_seconds"] = st;
          }
        parts.push_back(jp);
      }
      jj["partitions"] = parts;
      jobs.push_back(jj);
    }
    // not queued yet: decoding, checking, counting, loading the key
    for (const auto& [id, r] : records_)
      if (r.preparing && !r.finished)
        jobs.push_back({{"id", r.id}, {"kind", job_kind_name(r.kind)}, {"key", r.key}, {"label", r.label},
                        {"priority", priority_name(r.priority)}, {"state", "preparing"},
                        {"partitions", json::array()}});
    j["queued_bytes"] = queued_bytes_;
  }
  j["jobs"] = jobs;
  json be = json::array();
  for (const auto& b : host_.backends()) be.push_back({{"name", b->name()}, {"workers", b->workers()}});
  j["backends"] = be;
  auto bs = budget_.stats();
  j["budget"] = {{"total", bs.total},   {"used", bs.used},           {"peak", bs.peak},
                 {"available", bs.available}, {"pinned", bs.pinned},   {"waiters", bs.waiters},
                 {"evicted_bytes", bs.evicted_bytes}};
  auto ps = pool_.stats();
  j["pool"] = {{"allocator", pool_.allocator().name()}, {"bytes_pinned", ps.bytes_pinned},
               {"bytes_in_use", ps.bytes_in_use},       {"bytes_idle", ps.bytes_idle},
               {"buffers_in_use", ps.buffers_in_use},   {"buffers_idle", ps.buffers_idle},
               {"hits", ps.hits},                       {"misses", ps.misses}};
  json keys = json::array();
  uint64_t key_bytes = 0;
  for (const auto& k : keys_.list()) {
    key_bytes += k.bytes;
    keys.push_back({{"id", valid_utf8(k.id)}, {"circuit_id", params_.circuit_id_of_path(k.path)}, {"path", valid_utf8(k.path)},
                    {"kind", k.kind}, {"bytes", k.bytes}, {"users", k.users}, {"pinned", k.pinned}, {"uses", k.uses},
                    {"idle_s", k.idle_s}});
  }
  j["param_folder"] = valid_utf8(params_.dir());
  j["keys"] = keys;
  j["key_bytes"] = key_bytes;
  auto es = engine_.stats();
  j["engine"] = {{"partitions_queued", es.partitions_queued}, {"partitions_ready", es.partitions_ready},
                 {"partitions_done", es.partitions_done}};
  // any other text that is not UTF-8 (a label, an error naming a file) is
  // replaced, never a reason for the page to fail
  return j.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

StatusSummary ProvingCore::status_summary() const {
  StatusSummary out;
  out.uptime_s = uint64_t(std::chrono::duration<double>(Clock::now() - started_).count());
  std::map<std::string, std::pair<std::string, JobKind>> busy;  // backend name -> a job proving on it
  {
    std::lock_guard lk(mu_);
    for (JobKind k : kAllJobKinds) out.queues.push_back({k, 0, 0});
    for (const auto& [id, r] : records_) {
      if (r.finished) continue;
      auto& q = out.queues[size_t(r.kind)];
      (r.started ? q.in_progress : q.pending) += 1;
      for (const auto& [p, track] : r.proving_on) busy.emplace(track.substr(0, track.find(' ')), std::pair(id, r.kind));
    }
    out.completed = completed_;
    out.failed = failed_;
  }
  for (const auto& b : host_.backends())
    if (auto info = b->device_info()) {
      StatusSummary::Gpu g{*info, "", ""};
      if (auto it = busy.find(b->name()); it != busy.end()) {
        g.job_id = it->second.first;
        g.job_kind = job_kind_name(it->second.second);
      }
      out.gpus.push_back(std::move(g));
    }
  for (const auto& k : keys_.list()) {
    std::string cid = params_.circuit_id_of_path(k.path);
    out.keys.push_back({valid_utf8(cid.empty() ? k.id : cid), valid_utf8(k.path), k.kind, k.bytes, k.users, k.pinned});
  }
  out.pinned_bytes = pool_.stats().bytes_pinned;
  out.budget_bytes = budget_.stats().total;
  return out;
}

std::string ProvingCore::metrics_text() const {
  std::string out;
  metrics_.render(out);
  auto g = [&](const std::string& name, const std::string& help, double v, const std::string& labels = "") {
    prom_help(out, name, "gauge", help);
    prom_sample(out, name, labels, v);
  };
  auto bs = budget_.stats();
  g("cuzk_budget_total_bytes", "Host memory budget.", double(bs.total));
  g("cuzk_budget_used_bytes", "Budget reserved now (pool, keys, in-flight work).", double(bs.used));
  g("cuzk_budget_peak_bytes", "Highest budget use so far.", double(bs.peak));
  g("cuzk_budget_waiters", "Acquirers blocked on the budget.", double(bs.waiters));
  auto ps = pool_.stats();
  g("cuzk_pool_pinned_bytes", "Pool buffers allocated (idle or in use).", double(ps.bytes_pinned));
  g("cuzk_pool_in_use_bytes", "Pool buffers held by partitions.", double(ps.bytes_in_use));
  g("cuzk_pool_idle_bytes", "Pool buffers idle (evictable).", double(ps.bytes_idle));
  prom_help(out, "cuzk_pool_takes_total", "counter", "Pool takes served from idle buffers (hit) or new ones (miss).");
  prom_sample(out, "cuzk_pool_takes_total", "result=\"hit\"", double(ps.hits));
  prom_sample(out, "cuzk_pool_takes_total", "result=\"miss\"", double(ps.misses));
  auto ks = keys_.stats();
  g("cuzk_keys_loaded", "Proving keys in the cache.", double(ks.keys));
  g("cuzk_keys_bytes", "Memory of the cached proving keys.", double(ks.bytes));
  prom_help(out, "cuzk_key_evictions_total", "counter", "Keys evicted (budget pressure or request).");
  prom_sample(out, "cuzk_key_evictions_total", "", double(ks.evictions));
  auto es = engine_.stats();
  g("cuzk_partitions_queued", "Partitions waiting for synthesis.", double(es.partitions_queued));
  g("cuzk_partitions_ready", "Synthesized partitions waiting for a backend.", double(es.partitions_ready));
  const auto sum = status_summary();
  uint32_t pending = 0, running = 0;
  for (const auto& q : sum.queues) {
    pending += q.pending;
    running += q.in_progress;
  }
  g("cuzk_jobs_in_flight", "Jobs queued or running.", double(pending + running));
  g("cuzk_queue_depth", "Jobs queued, no partition started.", double(pending));
  g("cuzk_running_jobs", "Jobs with a partition started.", double(running));
  unsigned gpu_workers = 0;
  for (const auto& b : host_.backends())
    if (b->name().rfind("gpu", 0) == 0) gpu_workers += b->workers();
  g("cuzk_gpu_workers", "GPU workers.", double(gpu_workers));
  g("cuzk_uptime_seconds", "Seconds since the daemon started.", double(sum.uptime_s));
  return out;
}

}  // namespace cuzk::service
