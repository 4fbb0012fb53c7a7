// ProvingCore's pages: /status as JSON and /metrics as Prometheus text,
// rendered from the records, the engine, the budget, the pool and the keys.
#include <nlohmann/json.hpp>

#include <algorithm>

#include "service/proving_core.hpp"
#include "service/utf8.hpp"

namespace cuzk::service {

using namespace engine;
using Clock = std::chrono::steady_clock;

namespace {

// Curio's partition states (cuzk-core/src/status.rs PartitionPhase).
const char* curio_partition_state(PartitionStage s) {
  switch (s) {
    case PartitionStage::kQueued:
    case PartitionStage::kMemoryWait: return "pending";
    case PartitionStage::kSynthesis: return "synthesizing";
    case PartitionStage::kReady: return "synth_done";
    case PartitionStage::kProving: return "gpu";
    case PartitionStage::kDone: return "done";
  }
  return "pending";
}

}  // namespace

std::string ProvingCore::status_json() const {
  using nlohmann::json;
  json j;
  j["uptime_s"] = std::chrono::duration<double>(Clock::now() - started_).count();
  auto snap = engine_.snapshot();
  json jobs = json::array();
  // Curio's document (cuzk-core/src/status.rs StatusSnapshot), filled below
  json pipelines = json::array();
  size_t synthesizing = 0, ready = 0, on_backend = 0, queued_jobs = 0;
  std::map<std::string, std::pair<std::string, uint32_t>> worker_job;  // backend worker -> job, partition
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
      json cparts = json::array();
      size_t done = 0;
      for (size_t p = 0; p < s.stages.size(); ++p) {
        const PartitionStage st = s.stages[p];
        done += st == PartitionStage::kDone;
        synthesizing += st == PartitionStage::kSynthesis;
        ready += st == PartitionStage::kReady;
        on_backend += st == PartitionStage::kProving;
        // durations of finished stages only: the engine keeps no start time
        // of a stage under way (Curio's count the running one up to now)
        json synth_ms, gpu_ms;
        for (const auto& tl : s.timelines)
          if (tl.partition == p) {
            synth_ms = uint64_t(tl.seconds(Stage::kSynthesis) * 1e3);
            gpu_ms = uint64_t((tl.seconds(Stage::kH2D) + tl.seconds(Stage::kNtt) + tl.seconds(Stage::kMsm) +
                               tl.seconds(Stage::kFinalize)) * 1e3);
          }
        cparts.push_back({{"index", p}, {"state", curio_partition_state(st)}, {"synth_ms", synth_ms}, {"gpu_ms", gpu_ms}});
      }
      pipelines.push_back({{"job_id", rec.id}, {"proof_kind", job_kind_name(rec.kind)}, {"started_secs_ago", s.age_s},
                           {"total_partitions", s.stages.size()}, {"partitions_done", done}, {"partitions", cparts}});
    }
    for (const auto& [id, r] : records_) {
      if (r.finished) continue;
      queued_jobs += !r.preparing && !r.started;
      for (const auto& [p, track] : r.proving_on) worker_job[track] = {r.id, p};
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
  json matrices = json::array();
  uint64_t matrix_bytes = 0;
  for (const auto& m : matrices_.list()) {
    matrix_bytes += m.bytes;
    matrices.push_back({{"circuit", valid_utf8(m.id)}, {"bytes", m.bytes}, {"users", m.users}});
  }
  j["matrices"] = matrices;
  j["matrix_bytes"] = matrix_bytes;
  json loads = json::array();
  for (const auto& l : key_loads())
    loads.push_back({{"key", valid_utf8(l.key)}, {"path", valid_utf8(l.path)}, {"state", l.state},
                     {"error", valid_utf8(l.error)}, {"bytes_read", l.bytes_read}, {"bytes_total", l.bytes_total},
                     {"seconds", l.seconds}});
  j["key_loads"] = loads;
  auto es = engine_.stats();
  j["engine"] = {{"partitions_queued", es.partitions_queued}, {"partitions_ready", es.partitions_ready},
                 {"partitions_done", es.partitions_done}};
  // Curio's keys, with this daemon's values; where the engines differ the
  // nearest quantity stands in (synthesis.max_concurrent: the synthesis
  // threads, where Curio divides its budget by a SnapDeals partition's size;
  // buffers: partitions by stage, where Curio counts its buffer kinds;
  // gpu_workers[].busy_secs: null, the start of a proving stage under way is
  // not kept; allocations.pce: empty, there is no pre-compiled circuit cache)
  j["uptime_secs"] = j["uptime_s"];
  j["memory"] = {{"total_bytes", bs.total}, {"used_bytes", bs.used}, {"available_bytes", bs.available}};
  j["synthesis"] = {{"max_concurrent", engine_config().synthesis_threads}, {"active", synthesizing}};
  j["pipelines"] = pipelines;
  json workers = json::array();
  for (const auto& b : host_.backends()) {
    const auto info = b->device_info();
    if (!info) continue;  // Curio lists GPU workers only
    for (unsigned w = 0; w < b->workers(); ++w) {
      const auto it = worker_job.find(b->name() + " worker " + std::to_string(w));
      const bool busy = it != worker_job.end();
      workers.push_back({{"worker_id", workers.size()},
                         {"gpu_ordinal", info->ordinal},
                         {"state", busy ? "proving" : "idle"},
                         {"current_job", busy ? json(it->second.first) : json()},
                         {"current_partition", busy ? json(it->second.second) : json()},
                         {"busy_secs", json()}});
    }
  }
  j["gpu_workers"] = workers;
  json srs = json::array();
  for (const auto& k : keys_.list()) {
    const std::string cid = params_.circuit_id_of_path(k.path);
    srs.push_back({{"circuit_id", valid_utf8(cid.empty() ? k.id : cid)},
                   {"bytes", k.bytes},
                   {"last_used_secs_ago", k.users > 0 ? 0.0 : k.idle_s},
                   {"evictable", k.users == 0 && !k.pinned}});
  }
  j["allocations"] = {{"srs", srs}, {"pce", json::array()}};
  // Curio's kind names (porep-c2, ...) from the metrics' labels (porep_c2, ...)
  auto by_kind = [](const std::map<std::string, uint64_t>& counts) {
    json o = json::object();
    for (const auto& [label, n] : counts) {
      std::string name = label;
      std::replace(name.begin(), name.end(), '_', '-');
      o[name] = n;
    }
    return o;
  };
  j["counters"] = {{"total_completed", j["proofs_completed"]},
                   {"total_failed", j["proofs_failed"]},
                   {"completed_by_kind", by_kind(metrics_.completed_by_kind())},
                   {"failed_by_kind", by_kind(metrics_.failed_by_kind())},
                   {"queue_depth", queued_jobs}};
  j["buffers"] = {{"synth_in_flight", synthesizing},
                  {"provers_in_flight", ready},
                  {"aux_in_flight", ready + on_backend},
                  {"shells_in_flight", on_backend},
                  {"pending_handles", on_backend}};
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
  // cuzk_queue_depth and cuzk_running_jobs mean what they mean in Curio's
  // daemon (cuzk-server/src/service.rs): jobs in the scheduler's queue (taken
  // and checked, no partition started; Curio loads keys after its queue, so
  // jobs still being prepared are not in it) and workers proving now (Curio
  // counts GPU workers with a job; here every backend worker with a partition)
  uint32_t preparing = 0, queued = 0, started = 0, proving = 0;
  {
    std::lock_guard lk(mu_);
    for (const auto& [id, r] : records_) {
      if (r.finished) continue;
      if (r.preparing)
        ++preparing;
      else if (!r.started)
        ++queued;
      else
        ++started;
      proving += uint32_t(r.proving_on.size());
    }
  }
  g("cuzk_jobs_in_flight", "Jobs accepted and not ended (being prepared, queued or running).",
    double(preparing + queued + started));
  g("cuzk_jobs_preparing", "Jobs being decoded and checked, or waiting for their key.", double(preparing));
  g("cuzk_jobs_running", "Jobs with a partition started.", double(started));
  g("cuzk_queue_depth", "Jobs queued for synthesis, no partition started (Curio's meaning).", double(queued));
  g("cuzk_running_jobs", "Backend workers proving a partition now (Curio's meaning: busy GPU workers).",
    double(proving));
  unsigned gpu_workers = 0;
  for (const auto& b : host_.backends())
    if (b->name().rfind("gpu", 0) == 0) gpu_workers += b->workers();
  g("cuzk_gpu_workers", "GPU workers.", double(gpu_workers));
  g("cuzk_uptime_seconds", "Seconds since the daemon started.",
    double(uint64_t(std::chrono::duration<double>(Clock::now() - started_).count())));
  return out;
}

}  // namespace cuzk::service
