// ProvingCore's pages: /status as JSON and /metrics as Prometheus text,
// rendered from the records, the engine, the budget, the pool and the keys.
#include <nlohmann/json.hpp>

#include "service/proving_core.hpp"

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
    size_t held = 0;
    for (auto& [id, r] : records_) held += r.finished;
    j["results_held"] = held;
    for (const auto& s : snap) {
      json jj;
      jj["id"] = s.id;
      jj["label"] = s.label;
      jj["priority"] = priority_name(s.priority);
      jj["state"] = job_status_name(s.status);
      jj["key_kind"] = s.key_kind;
      jj["age_s"] = s.age_s;
      if (auto it = records_.find(s.id); it != records_.end()) {
        jj["circuit"] = it->second.kind;
        jj["key"] = it->second.key;
      }
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
  }
  j["jobs"] = jobs;
  json be = json::array();
  for (const auto& b : host_.backends()) be.push_back({{"name", b->name()}, {"workers", b->workers()}});
  j["backends"] = be;
  auto bs = budget_.stats();
  j["budget"] = {{"total", bs.total},   {"used", bs.used},           {"peak", bs.peak},
                 {"available", bs.available}, {"waiters", bs.waiters}, {"evicted_bytes", bs.evicted_bytes}};
  auto ps = pool_.stats();
  j["pool"] = {{"allocator", pool_.allocator().name()}, {"bytes_pinned", ps.bytes_pinned},
               {"bytes_in_use", ps.bytes_in_use},       {"bytes_idle", ps.bytes_idle},
               {"buffers_in_use", ps.buffers_in_use},   {"buffers_idle", ps.buffers_idle},
               {"hits", ps.hits},                       {"misses", ps.misses}};
  json keys = json::array();
  uint64_t key_bytes = 0;
  for (const auto& k : keys_.list()) {
    key_bytes += k.bytes;
    keys.push_back({{"id", k.id}, {"path", k.path}, {"kind", k.kind}, {"bytes", k.bytes}, {"users", k.users},
                    {"pinned", k.pinned}, {"uses", k.uses}, {"idle_s", k.idle_s}});
  }
  j["keys"] = keys;
  j["key_bytes"] = key_bytes;
  auto es = engine_.stats();
  j["engine"] = {{"partitions_queued", es.partitions_queued}, {"partitions_ready", es.partitions_ready},
                 {"partitions_done", es.partitions_done}};
  return j.dump(1) + "\n";
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
  {
    std::lock_guard lk(mu_);
    g("cuzk_jobs_in_flight", "Jobs queued or running.", double(in_flight_));
  }
  return out;
}

}  // namespace cuzk::service
