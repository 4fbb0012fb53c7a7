#include "service/proving_core.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "engine/builtin_partition.hpp"
#include "ff/field_io.hpp"
#include "engine/snarkjs_job.hpp"

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
  // on_finished needs the records: the engine stops while they are here
  host_.shutdown();
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
  try {
    return engine::snarkjs_job(lease_key(r.zkey_path), std::make_shared<const std::vector<uint8_t>>(r.wtns), r.zkey_path);
  } catch (const RequestError&) {
    throw;
  } catch (const Error& e) {
    throw E(E::kInvalidArgument, e.what());
  }
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
  expire_results_locked();
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

// Runs on the engine thread that ended the job (or the canceller's), with no
// engine lock held: the result goes straight into the job's record and its
// waiters wake.
void ProvingCore::on_finished(uint64_t id) {
  JobResult res = engine_.await(id);  // already ended: returns at once
  engine_.forget(id);                 // its key lease goes with it
  std::lock_guard lk(mu_);
  expire_results_locked();
  auto it = records_.find(id);
  if (it == records_.end()) return;
  metrics_.record_job(it->second.kind, res, it->second.partitions);
  if (it->second.kind == "snarkjs" && res.status == JobStatus::kDone) {
    auto json = snarkjs_json(res);
    it->second.outcome.snarkjs_proof_json = std::move(json.proof);
    it->second.outcome.snarkjs_public_json = std::move(json.public_signals);
  }
  it->second.outcome.result = std::move(res);
  it->second.finished = true;
  it->second.ended = Clock::now();
  --in_flight_;
  cv_.notify_all();
}

// Results nobody fetched within the TTL go whenever a job is submitted or
// ends, so a steady load cannot pile them up.
void ProvingCore::expire_results_locked() {
  const auto now = Clock::now();
  std::erase_if(records_, [&](const auto& kv) {
    return kv.second.finished && std::chrono::duration<double>(now - kv.second.ended).count() > cfg_.result_ttl_s;
  });
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
  // the engine ends a cancelled job at once, and on_finished records it
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
  p.bytes_each = witness_elements(keys_.get(key_id)) * sizeof(Fr);  // what the engine takes for a partition's witness
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

}  // namespace cuzk::service
