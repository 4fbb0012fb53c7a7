#include "service/proving_core.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <nlohmann/json.hpp>

#include "engine/builtin_partition.hpp"
#include "ff/field_io.hpp"
#include "formats/snarkjs/json.hpp"

namespace cuzk::service {

using namespace engine;
using Clock = std::chrono::steady_clock;


ProvingCore::ProvingCore(CoreConfig cfg, BackendSet backends)
    : cfg_(cfg),
      host_(cfg.budget_bytes, std::move(backends), cfg.synthesis_threads, cfg.max_ready),
      budget_(host_.budget()),
      pool_(host_.pool()),
      keys_(host_.keys()),
      engine_(host_.engine()) {
  collector_ = std::jthread([this](std::stop_token st) { collector_loop(st); });
}

ProvingCore::~ProvingCore() {
  std::vector<uint64_t> open;
  {
    std::lock_guard lk(mu_);
    draining_ = true;
    for (auto& [id, r] : records_)
      if (!r.finished) open.push_back(id);
  }
  for (auto id : open) cancel_work(id);
  collector_.request_stop();
  done_cv_.notify_all();
  collector_ = {};  // joins; the host then stops the engine before its key cache goes
}

JobKey ProvingCore::lease_key(const std::string& id_or_path) {
  using E = RequestError;
  try {
    return keys_.get(id_or_path);
  } catch (const KeyNotFound& e) {
    throw E(E::kNotFound, e.what());
  } catch (const Error& e) {
    throw E(E::kFailedPrecondition, "key '" + id_or_path + "': " + e.what());
  }
}

JobSpec ProvingCore::builtin_job(const ProveRequest& r) {
  using E = RequestError;
  if (r.partitions == 0) throw E(E::kInvalidArgument, "partitions must be at least 1");
  if (r.partitions > cfg_.max_partitions)
    throw E(E::kInvalidArgument, "partitions = " + std::to_string(r.partitions) + " exceeds the daemon's limit of " +
                                     std::to_string(cfg_.max_partitions));
  if (r.key.empty()) throw E(E::kInvalidArgument, "no key: set key.params_path or key.key_id");
  JobSpec spec;
  try {
    std::optional<r1cs::CircuitShape> shape;
    for (uint32_t p = 0; p < r.partitions; ++p) {
      auto opts = r.circuit;
      opts.seed = r.circuit.seed + p;
      auto c = circuits::make_builtin_circuit(opts);
      if (!shape) shape = shape_of(*c);
      spec.partitions.push_back(std::make_shared<BuiltinPartition>(std::move(c), *shape));
    }
  } catch (const Error& e) {
    throw E(E::kInvalidArgument, e.what());
  }
  spec.key = lease_key(r.key);
  const auto* key = std::get_if<std::shared_ptr<const BellpersonKey>>(&spec.key);
  if (!key)
    throw E(E::kInvalidArgument, "key '" + r.key + "' is a " + key_kind(spec.key) +
                                     " key: built-in circuits need a bellperson .params key");
  // refuse a circuit the key cannot prove before queueing it
  const auto shape = spec.partitions[0]->shape();
  const auto& pk = **key;
  if (pk.l.size() != shape.num_aux || pk.vk.ic.size() != shape.num_inputs)
    throw E(E::kInvalidArgument, "circuit '" + r.circuit.name + "' (" + std::to_string(shape.num_inputs - 1) +
                                     " public inputs, " + std::to_string(shape.num_aux) +
                                     " aux) does not match key '" + r.key + "' (" +
                                     std::to_string(pk.vk.ic.size() - 1) + " public inputs, " +
                                     std::to_string(pk.l.size()) + " aux)");
  spec.verify_after = r.verify_after;
  return spec;
}

JobSpec ProvingCore::snarkjs_job(const ProveRequest& r) {
  using E = RequestError;
  if (r.wtns.empty()) throw E(E::kInvalidArgument, "snarkjs job without a witness (snarkjs.wtns is empty)");
  JobSpec spec;
  spec.key = lease_key(r.zkey_path);
  if (std::holds_alternative<std::shared_ptr<const BellpersonKey>>(spec.key))
    throw E(E::kInvalidArgument, "'" + r.zkey_path + "' is a bellperson .params key: snarkjs jobs need a .zkey");
  spec.witnesses.push_back(std::make_shared<const std::vector<uint8_t>>(r.wtns));
  // A circom key carries no C matrix, so the witness cannot be checked
  // against the constraints before proving: verifying the proof is the check.
  spec.verify_after = true;
  return spec;
}

uint64_t ProvingCore::submit(const ProveRequest& r) {
  using E = RequestError;
  const bool snarkjs = !r.zkey_path.empty();
  {
    std::lock_guard lk(mu_);
    if (draining_) throw E(E::kUnavailable, "the daemon is shutting down and accepts no new jobs");
    if (in_flight_ >= cfg_.max_jobs)
      throw E(E::kResourceExhausted, "queue full: " + std::to_string(in_flight_) + " jobs queued or running (limit " +
                                         std::to_string(cfg_.max_jobs) + ")");
  }
  JobSpec spec = snarkjs ? snarkjs_job(r) : builtin_job(r);
  spec.priority = r.priority;
  spec.label = r.label;
  spec.on_finished = [this](uint64_t id) { on_finished(id); };
  std::lock_guard lk(mu_);
  if (draining_) throw E(E::kUnavailable, "the daemon is shutting down and accepts no new jobs");
  const uint64_t id = engine_.submit(std::move(spec));  // on_finished cannot run before we hold the record
  Record rec;
  rec.id = id;
  rec.kind = snarkjs ? "snarkjs" : r.circuit.name;
  rec.key = snarkjs ? r.zkey_path : r.key;
  rec.label = r.label;
  rec.priority = r.priority;
  rec.partitions = snarkjs ? 1 : r.partitions;
  records_[id] = std::move(rec);
  ++in_flight_;
  return id;
}

void ProvingCore::on_finished(uint64_t id) {
  {
    std::lock_guard lk(done_mu_);
    done_.push_back(id);
  }
  done_cv_.notify_one();
}

void ProvingCore::collector_loop(std::stop_token stop) {
  for (;;) {
    uint64_t id;
    {
      std::unique_lock lk(done_mu_);
      const bool got = done_cv_.wait_for(lk, stop, std::chrono::seconds(1), [&] { return !done_.empty(); });
      if (!got) {
        if (stop.stop_requested()) return;
        // idle: drop results nobody fetched within the TTL
        std::lock_guard lk2(mu_);
        const auto now = Clock::now();
        std::erase_if(records_, [&](const auto& kv) {
          return kv.second.finished &&
                 std::chrono::duration<double>(now - kv.second.ended).count() > cfg_.result_ttl_s;
        });
        continue;
      }
      id = done_.front();
      done_.pop_front();
    }
    JobResult res = engine_.await(id);  // already ended: returns at once
    engine_.forget(id);                 // its key lease goes with it
    std::lock_guard lk(mu_);
    auto it = records_.find(id);
    if (it == records_.end()) continue;
    metrics_.record_job(it->second.kind, res, it->second.partitions);
    if (it->second.kind == "snarkjs" && res.status == JobStatus::kDone)
      std::visit(
          [&](const auto& out) {
            it->second.outcome.snarkjs_proof_json = formats::snarkjs::proof_to_json(out.proofs.at(0));
            using F = typename std::decay_t<decltype(out.public_inputs)>::value_type::value_type;
            it->second.outcome.snarkjs_public_json = formats::snarkjs::public_to_json<F>(out.public_inputs.at(0));
          },
          res.outputs);
    it->second.outcome.result = std::move(res);
    it->second.finished = true;
    it->second.ended = Clock::now();
    --in_flight_;
    cv_.notify_all();
  }
}

std::optional<JobOutcome> ProvingCore::await(uint64_t id, const std::function<bool()>& give_up, bool forget) {
  std::unique_lock lk(mu_);
  for (;;) {
    auto it = records_.find(id);
    if (it == records_.end())
      throw RequestError(RequestError::kNotFound,
                         "unknown job " + std::to_string(id) + " (never submitted, or its result expired)");
    if (it->second.finished) {
      JobOutcome r = it->second.outcome;
      if (forget) records_.erase(it);
      return r;
    }
    if (give_up && give_up()) return std::nullopt;
    cv_.wait_for(lk, std::chrono::milliseconds(100));
  }
}

JobStatus ProvingCore::cancel(uint64_t id) {
  {
    std::lock_guard lk(mu_);
    auto it = records_.find(id);
    if (it == records_.end()) throw RequestError(RequestError::kNotFound, "unknown job " + std::to_string(id));
    if (it->second.finished) return it->second.outcome.result.status;
  }
  cancel_work(id);
  // the engine ends a cancelled job at once; the collector records it next
  std::unique_lock lk(mu_);
  cv_.wait_for(lk, std::chrono::seconds(5), [&] {
    auto it = records_.find(id);
    return it == records_.end() || it->second.finished;
  });
  auto it = records_.find(id);
  return it == records_.end() ? JobStatus::kCancelled : it->second.outcome.result.status;
}

void ProvingCore::cancel_work(uint64_t id) {
  try {
    engine_.cancel(id);
  } catch (const Error&) {
    // ended and forgotten by the engine meanwhile: the record says how
  }
}

std::string ProvingCore::preload_key(const std::string& path, const std::string& id, bool pin) {
  try {
    return keys_.preload(path, id, pin);
  } catch (const KeyNotFound& e) {
    throw RequestError(RequestError::kNotFound, e.what());
  } catch (const Error& e) {
    throw RequestError(RequestError::kFailedPrecondition, e.what());
  }
}

ProvingCore::Prewarmed ProvingCore::prewarm_witness_buffers(const std::string& key_id, unsigned partitions) {
  Prewarmed p;
  {
    const JobKey key = keys_.get(key_id);
    // what the engine takes for a partition's witness: inputs (ONE included,
    // one IC point each) and aux variables (one L point each); a zkey's wires
    p.bytes_each = std::visit(
        [](const auto& k) -> uint64_t {
          if constexpr (std::is_same_v<std::decay_t<decltype(*k)>, BellpersonKey>)
            return (k->vk.ic.size() + k->l.size()) * sizeof(Fr);
          else
            return uint64_t(k->n_vars) * sizeof(Fr);
        },
        key);
  }
  p.buffers = pool_.prewarm(p.bytes_each, partitions);
  return p;
}

uint64_t ProvingCore::evict_key(const std::string& id) {
  try {
    return keys_.evict(id);
  } catch (const KeyNotFound& e) {
    throw RequestError(RequestError::kNotFound, e.what());
  } catch (const Error& e) {
    throw RequestError(RequestError::kFailedPrecondition, e.what());
  }
}

DrainReport ProvingCore::drain(double timeout_s) {
  std::vector<uint64_t> open;
  std::unique_lock lk(mu_);
  draining_ = true;
  for (auto& [id, r] : records_)
    if (!r.finished) open.push_back(id);
  cv_.wait_for(lk, std::chrono::duration<double>(timeout_s), [&] { return in_flight_ == 0; });
  std::vector<uint64_t> left;
  for (auto& [id, r] : records_)
    if (!r.finished) left.push_back(id);
  lk.unlock();
  for (auto id : left) cancel_work(id);
  lk.lock();
  cv_.wait_for(lk, std::chrono::seconds(10), [&] { return in_flight_ == 0; });
  DrainReport rep;
  for (auto id : open) {
    auto it = records_.find(id);
    // a Prove caller already took (and dropped) its result: it finished
    if (it == records_.end() || it->second.outcome.result.status == JobStatus::kDone)
      rep.finished.push_back(id);
    else if (it->second.outcome.result.status == JobStatus::kFailed)
      rep.failed.push_back(id);
    else
      rep.cancelled.push_back(id);
  }
  return rep;
}

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
