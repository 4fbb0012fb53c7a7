#include "service/proving_core.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "circuits/builtin_shape.hpp"
#include "engine/builtin_partition.hpp"
#include "engine/circuit_partition.hpp"
#include "engine/snarkjs_job.hpp"
#include "formats/bellperson_params_check.hpp"
#include "r1cs/matrix_recorder.hpp"
#include "service/log.hpp"

namespace cuzk::service {

using namespace engine;
using Clock = std::chrono::steady_clock;
using E = RequestError;
namespace fc = filecoin;
namespace fs = std::filesystem;

namespace {

// Partition `opts.seed` of a built-in circuit, built (witness and all) on the
// synthesis thread that proves it, not when the job is submitted; its shape
// was counted from the options.
class LazyBuiltinPartition final : public PartitionCircuit {
 public:
  LazyBuiltinPartition(circuits::CircuitOptions opts, r1cs::CircuitShape shape) : opts_(std::move(opts)), shape_(shape) {}
  r1cs::CircuitShape shape() const override { return shape_; }
  void synthesize(r1cs::ProvingAssignment<Fr>& cs) const override {
    const auto c = circuits::make_builtin_circuit(opts_);
    {
      std::lock_guard lk(mu_);
      inputs_ = c->public_inputs();
    }
    c->synthesize(cs);
  }
  // The engine reads them after synthesize(); before, they are computed here.
  std::vector<Fr> public_inputs() const override {
    {
      std::lock_guard lk(mu_);
      if (inputs_) return *inputs_;
    }
    return circuits::make_builtin_circuit(opts_)->public_inputs();
  }
  std::string describe_constraint(size_t i) const override {
    return circuits::make_builtin_circuit(opts_)->describe_constraint(i);
  }

 private:
  circuits::CircuitOptions opts_;
  r1cs::CircuitShape shape_;
  mutable std::mutex mu_;
  mutable std::optional<std::vector<Fr>> inputs_;
};

template <class Interrupt>
void throw_if_stopped(const Interrupt& stop, const std::string& where) {
  if (stop.requested()) throw Cancelled("cancelled while " + where);
}

// f(), the key cache's errors about key `name` turned into RequestErrors.
template <class F>
auto key_errors_as_requests(const std::string& name, F&& f) {
  try {
    return f();
  } catch (const KeyNotFound& e) {
    throw E(E::kNotFound, e.what());
  } catch (const BudgetExceeded& e) {
    throw E(E::kResourceExhausted, "key '" + name + "': " + e.what());
  } catch (const BudgetTimeout& e) {
    throw E(E::kResourceExhausted, "key '" + name + "': " + e.what());
  } catch (const Cancelled& e) {
    throw E(E::kUnavailable, "key '" + name + "': " + e.what());
  } catch (const Error& e) {
    throw E(E::kFailedPrecondition, "key '" + name + "': " + e.what());
  }
}

// What a request holds in memory until its job ends.
uint64_t payload_bytes(const ProveRequest& r) {
  uint64_t n = r.wtns.size() + r.filecoin.vanilla_proof.size();
  for (const auto& v : r.filecoin.vanilla_proofs) n += v.size();
  return n;
}

}  // namespace

ProvingCore::ProvingCore(CoreConfig cfg, BackendSet backends)
    : cfg_(cfg),
      host_(cfg.budget_bytes, std::move(backends), cfg.synthesis_threads, cfg.max_ready),
      budget_(host_.budget()),
      pool_(host_.pool()),
      keys_(host_.keys()),
      engine_(host_.engine()),
      params_(cfg.param_folders) {
  keys_.set_min_idle(cfg.key_min_idle_s);
  if (cfg_.max_queued_bytes == 0) cfg_.max_queued_bytes = std::max<uint64_t>(cfg_.budget_bytes / 4, 1);
  reaper_ = std::jthread([this](std::stop_token st) { reap(st); });
}

ProvingCore::~ProvingCore() {
  std::vector<uint64_t> open;
  {
    std::lock_guard lk(mu_);
    draining_ = true;
    for (auto& [id, r] : records_)
      if (!r.finished)
        if (const uint64_t e = cancel_locked(r, "the daemon is stopping")) open.push_back(e);
  }
  for (auto id : open) cancel_work(id);
  keys_.stop_loads("the daemon is shutting down");
  reaper_ = {};
  // on_finished needs the records: the engine stops while they are here
  host_.shutdown();
  std::vector<Loader> loaders;
  {
    std::lock_guard lk(load_mu_);
    loaders.swap(loaders_);
  }
  loaders.clear();  // joins key loads still running
}

ProvingCore::Record* ProvingCore::find_locked(const std::string& id) {
  auto it = records_.find(id);
  return it == records_.end() ? nullptr : &it->second;
}

ProvingCore::Record* ProvingCore::find_locked(const std::string& id, uint64_t serial) {
  Record* rec = find_locked(id);
  return rec && (serial == 0 || rec->serial == serial) ? rec : nullptr;
}

JobKey ProvingCore::lease_key(const std::string& id_or_path, std::optional<Clock::time_point> deadline) {
  return key_errors_as_requests(id_or_path, [&] { return keys_.get(id_or_path, {}, deadline); });
}

JobSpec ProvingCore::builtin_job(const ProveRequest& r, const Interrupt& stop) {
  if (r.partitions == 0) throw E(E::kInvalidArgument, "partitions must be at least 1");
  if (r.partitions > cfg_.max_partitions)
    throw E(E::kInvalidArgument, "partitions = " + std::to_string(r.partitions) + " exceeds the daemon's limit of " +
                                     std::to_string(cfg_.max_partitions));
  if (r.key.empty()) throw E(E::kInvalidArgument, "no key: set builtin.params_path or builtin.key_id");
  try {
    circuits::check_builtin_options(r.circuit);  // before any key is loaded
  } catch (const Error& e) {
    throw E(E::kInvalidArgument, e.what());
  }
  JobSpec spec;
  spec.key = load_key(r.key, r.key, stop, r.deadline);
  const auto* key = std::get_if<std::shared_ptr<const BellpersonKey>>(&spec.key);
  if (!key)
    throw E(E::kInvalidArgument, "key '" + r.key + "' is a " + key_kind(spec.key) +
                                     " key: built-in circuits need a bellperson .params key");
  // The circuit is counted, without a witness, only as far as the key
  // reaches, and refused before any partition is built if it does not fit.
  const auto& pk = **key;
  const std::string key_says = "key '" + r.key + "' (" + std::to_string(pk.vk.ic.size() - 1) + " public inputs, " +
                               std::to_string(pk.l.size()) + " aux)";
  r1cs::CircuitShape shape;
  try {
    shape = circuits::builtin_circuit_shape(r.circuit, {pk.vk.ic.size(), pk.l.size(), pk.h.size() + 1}, stop.token);
  } catch (const circuits::ShapeExceeds& e) {
    throw E(E::kInvalidArgument, std::string(e.what()) + ": it does not match " + key_says);
  } catch (const Cancelled&) {
    throw;
  } catch (const Error& e) {
    throw E(E::kInvalidArgument, e.what());
  }
  if (pk.l.size() != shape.num_aux || pk.vk.ic.size() != shape.num_inputs)
    throw E(E::kInvalidArgument, "circuit '" + r.circuit.name + "' (" + std::to_string(shape.num_inputs - 1) +
                                     " public inputs, " + std::to_string(shape.num_aux) + " aux) does not match " +
                                     key_says);
  for (uint32_t p = 0; p < r.partitions; ++p) {
    auto opts = r.circuit;
    opts.seed = r.circuit.seed + p;
    spec.partitions.push_back(std::make_shared<LazyBuiltinPartition>(std::move(opts), shape));
  }
  spec.verify_after = r.verify.value_or(cfg_.verify_proofs);
  return spec;
}

JobSpec ProvingCore::snarkjs_job(ProveRequest& r, const Interrupt& stop) {
  if (r.zkey_path.empty()) throw E(E::kInvalidArgument, "snarkjs job without snarkjs.zkey_path");
  if (r.wtns.empty()) throw E(E::kInvalidArgument, "snarkjs job without a witness (snarkjs.wtns is empty)");
  if (r.verify == false)
    throw E(E::kInvalidArgument, "snarkjs jobs are always verified (a circom key cannot check the witness before)");
  try {
    auto key = load_key(r.zkey_path, r.zkey_path, stop, r.deadline);
    return engine::snarkjs_job(std::move(key), std::make_shared<const std::vector<uint8_t>>(std::move(r.wtns)),
                               r.zkey_path);
  } catch (const RequestError&) {
    throw;
  } catch (const Cancelled&) {
    throw;
  } catch (const Error& e) {
    throw E(E::kInvalidArgument, e.what());
  }
}

// Counting a 32 GiB PoRep partition takes seconds: once per type, shared by
// concurrent first requests.
const ProvingCore::CountedCircuit& ProvingCore::counted(const fc::FilecoinProofType& type,
                                                         const std::string& key_path, const Interrupt& stop) {
  std::shared_future<CountedCircuit> f;
  std::promise<CountedCircuit> mine;
  bool count_here = false;
  {
    std::lock_guard lk(count_mu_);
    auto it = counted_.find(type.name);
    if (it == counted_.end()) {
      f = mine.get_future().share();
      counted_[type.name] = f;
      count_here = true;
    } else {
      f = it->second;
    }
  }
  if (count_here) {
    try {
      // the circuit's matrices hold its shape and densities: no separate count
      const auto m = filecoin_matrices(type, key_path);
      mine.set_value({m->shape, formats::bellperson::expected_params_counts(*m)});
    } catch (...) {
      mine.set_exception(std::current_exception());
      std::lock_guard lk(count_mu_);
      counted_.erase(type.name);
    }
  }
  while (f.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready)
    throw_if_stopped(stop, "waiting for the circuit to be counted");
  return f.get();
}

std::shared_ptr<const engine::Matrices> ProvingCore::filecoin_matrices(const fc::FilecoinProofType& type,
                                                                      const std::string& key_path) {
  engine::MatrixStore::Origin o;
  auto m = matrices_.get(
      type.name, std::filesystem::path(key_path).parent_path().string(),
      [&] {
        r1cs::MatrixRecorder<Fr> rec;
        fc::blank_filecoin_circuit(type).synthesize(rec);
        return std::move(rec).finish();
      },
      &o);
  if (!o.note.empty()) spdlog::warn("matrices of {}: {}", type.name, o.note);
  if (o.kind == engine::MatrixStore::Origin::Kind::kFile)
    spdlog::info("matrices of {}: read '{}' ({:.1f} MB) in {:.2f} s", type.name, o.path, double(m->bytes()) / 1e6,
                 o.seconds);
  else if (o.kind == engine::MatrixStore::Origin::Kind::kRecorded)
    spdlog::info("matrices of {}: recorded ({:.1f} MB) in {:.2f} s{}", type.name, double(m->bytes()) / 1e6, o.seconds,
                 o.path.empty() ? "" : ", cached as '" + o.path + "'");
  return m;
}

JobKey ProvingCore::lease_filecoin_key(const fc::FilecoinProofType& type, const std::string& path,
                                       const CountedCircuit& need, const Interrupt& stop,
                                       std::optional<Clock::time_point> deadline) {
  std::error_code ec;
  const std::string canon = fs::weakly_canonical(path, ec).string();
  for (const auto& k : keys_.list())
    if (k.path == canon && !k.kind.empty()) return lease_key(k.id);  // loaded (not loading)
  if (!fs::exists(path, ec))
    throw E(E::kFailedPrecondition, "no parameters for " + type.name + " (circuit " + circuit_id_of(type) + "): '" +
                                        path + "' does not exist (" + params_.searched() + ")");
  // a file for another circuit is named now, not after a load of minutes
  std::vector<std::string> mismatches;
  try {
    mismatches = formats::bellperson::params_mismatches(formats::bellperson::scan_params_counts_file(path), need.params);
  } catch (const Error& e) {
    throw E(E::kFailedPrecondition, e.what());
  }
  if (!mismatches.empty()) {
    std::string m = "parameters '" + path + "' do not fit the " + type.name + " circuit:";
    for (const auto& line : mismatches) m += " " + line + ";";
    throw E(E::kFailedPrecondition, m);
  }
  throw_if_stopped(stop, "checking the parameters");
  return load_key(path, circuit_id_of(type), stop, deadline);
}

JobKey ProvingCore::load_key(const std::string& id_or_path, const std::string& name, const Interrupt& stop,
                             std::optional<Clock::time_point> deadline) {
  std::error_code ec;
  const std::string canon = fs::weakly_canonical(id_or_path, ec).string();
  for (const auto& k : keys_.list())  // loaded (a loading key has no kind yet): leased at once
    if (!k.kind.empty() && (k.id == id_or_path || (!ec && k.path == canon))) return lease_key(id_or_path);
  // a key id (or no such file): the cache answers at once
  if (!fs::is_regular_file(id_or_path, ec)) return lease_key(id_or_path, deadline);
  bool mine = false;
  const auto f = shared_load(id_or_path, "", false, name, deadline, mine);
  return wait_load(f, name, id_or_path, mine, stop);
}

std::shared_future<JobKey> ProvingCore::shared_load(const std::string& file, const std::string& id, bool pin,
                                                    const std::string& name,
                                                    std::optional<Clock::time_point> deadline, bool& mine) {
  std::error_code ec;
  const std::string slot = fs::weakly_canonical(file, ec).string();
  std::lock_guard lk(load_mu_);
  if (auto it = loads_.find(slot); it != loads_.end()) {
    mine = false;
    return it->second;
  }
  mine = true;
  auto task = std::make_shared<std::packaged_task<JobKey()>>([this, file, id, pin, deadline] {
    return key_errors_as_requests(file, [&] { return keys_.get(keys_.preload(file, id, pin, {}, deadline)); });
  });
  auto f = task->get_future().share();
  loads_[slot] = f;
  std::erase_if(loaders_, [](const Loader& l) { return l.done->load(); });  // joins finished ones
  auto done = std::make_shared<std::atomic<bool>>(false);
  spdlog::info("key {}: loading '{}' ({:.2f} GB)", name, file, double(fs::file_size(file, ec)) / 1e9);
  loaders_.push_back({std::jthread([this, task, slot, name, done]() mutable {
                        const auto t0 = Clock::now();
                        (*task)();
                        task.reset();  // the lease stays with the waiters alone
                        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
                        {
                          std::lock_guard lk(load_mu_);
                          loads_.erase(slot);
                        }
                        spdlog::info("key {}: load ended after {:.2f} s", name, s);
                        *done = true;
                      }),
                      done});
  return f;
}

JobKey ProvingCore::wait_load(const std::shared_future<JobKey>& f, const std::string& name, const std::string& file,
                              bool mine, const Interrupt& stop) {
  // a long load reports itself while it runs
  const auto t0 = Clock::now();
  auto report = t0 + std::chrono::seconds(10);
  while (f.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
    throw_if_stopped(stop, "waiting for key " + name + " to load");
    if (mine && Clock::now() >= report) {
      spdlog::info("key {}: still loading '{}' ({:.0f} s so far)", name, file,
                   std::chrono::duration<double>(Clock::now() - t0).count());
      report += std::chrono::seconds(10);
    }
  }
  return f.get();
}

JobSpec ProvingCore::filecoin_job(const ProveRequest& r, const Interrupt& stop, std::string& key_path,
                                  double& key_load_s) {
  FilecoinJob job;
  try {
    job = prepare_filecoin_job(r.kind, r.filecoin);
  } catch (const BadFilecoinRequest& e) {
    throw E(E::kInvalidArgument, e.what());
  }
  for (size_t i = 0; i < std::min<size_t>(job.notes.size(), 5); ++i)
    spdlog::info("request {}: vanilla proof note: {}", r.request_id, job.notes[i]);
  throw_if_stopped(stop, "checking the vanilla proofs");
  key_path = r.params_path.empty() ? params_.params_path(job.type) : r.params_path;
  const auto& need = counted(job.type, key_path, stop);
  throw_if_stopped(stop, "counting the circuit");
  const auto t0 = Clock::now();
  JobSpec spec;
  spec.key = lease_filecoin_key(job.type, key_path, need, stop, r.deadline);
  key_load_s = std::chrono::duration<double>(Clock::now() - t0).count();
  if (!std::holds_alternative<std::shared_ptr<const BellpersonKey>>(spec.key))
    throw E(E::kFailedPrecondition, "'" + key_path + "' is a " + key_kind(spec.key) + " key, not bellperson params");
  const auto matrices = filecoin_matrices(job.type, key_path);
  if (matrices->shape != need.shape)
    throw Error("the recorded matrices of " + job.type.name + " are of another shape than its circuit");
  for (auto& c : job.circuits)
    spec.partitions.push_back(std::make_shared<CircuitPartition<fc::FilecoinCircuit>>(std::move(c), matrices));
  spec.verify_after = r.verify.value_or(cfg_.verify_proofs);
  if (spec.label.empty()) spec.label = job.type.name;
  return spec;
}

Submitted ProvingCore::submit(ProveRequest r, bool by_prove, const std::function<bool()>& gone) {
  // A retry (the same id and content) is the same job: it waits for it or
  // collects its result. The same id with other content supersedes the job;
  // a failed or cancelled job is proved anew.
  auto attach_locked = [&](Record& rec) {
    if (by_prove)
      ++rec.prove_waiters;
    else
      rec.by_submit = true;
    if (rec.finished)
      spdlog::info("job {}: a request with the same id and content collects its result (ended {:.1f} s ago)", rec.id,
                   std::chrono::duration<double>(Clock::now() - rec.ended).count());
    else
      spdlog::info("job {}: a request with the same id and content attaches to the {} job", rec.id,
                   rec.preparing ? "preparing" : rec.started ? "running" : "queued");
    return Submitted{rec.id, 0, true, rec.serial, false};
  };
  const uint64_t payload = payload_bytes(r);
  std::string id = r.request_id;
  const bool anonymous = id.empty();
  // a job that outlives its Prove caller loads its key whatever that caller's deadline
  if (by_prove && !anonymous && !cfg_.cancel_on_disconnect) r.deadline.reset();
  std::stop_token stop;
  uint64_t serial = 0;
  {
    // a superseded job's work is cancelled once mu_ is released
    struct CancelAfter {
      ProvingCore& core;
      uint64_t engine_id = 0;
      ~CancelAfter() {
        if (engine_id) core.cancel_work(engine_id);
      }
    } superseded{*this};
    std::lock_guard lk(mu_);
    if (draining_) throw E(E::kUnavailable, "the daemon is shutting down and accepts no new jobs");
    expire_results_locked();
    Record* old = nullptr;  // superseded once this request is known to fit
    if (!anonymous)
      if (Record* rec = find_locked(id)) {
        if (rec->finished && rec->outcome.result.status != JobStatus::kDone) {
          spdlog::info("job {}: the id's earlier job {}; this request is proved anew", id,
                       rec->outcome.result.status == JobStatus::kFailed ? "failed" : "was cancelled");
          records_.erase(id);
        } else if (r.fingerprint.empty() || rec->fingerprint.empty() || r.fingerprint == rec->fingerprint) {
          return attach_locked(*rec);
        } else {
          old = rec;
        }
      }
    // the limits as they stand once the old job is gone: a request refused
    // here leaves the job it would have superseded untouched
    const bool old_live = old && !old->finished;
    const size_t jobs_left = in_flight_ - (old_live ? 1 : 0);
    const uint64_t bytes_left = queued_bytes_ - (old_live ? old->payload_bytes : 0);
    if (jobs_left >= cfg_.max_jobs)
      throw E(E::kResourceExhausted, "queue full: " + std::to_string(jobs_left) + " jobs queued or running (limit " +
                                         std::to_string(cfg_.max_jobs) + ")");
    if (bytes_left + payload > cfg_.max_queued_bytes)
      throw E(E::kResourceExhausted, "queue full: jobs in flight hold " + std::to_string(bytes_left) +
                                         " bytes of witnesses and vanilla proofs; this request's " +
                                         std::to_string(payload) + " bytes would pass the limit of " +
                                         std::to_string(cfg_.max_queued_bytes) + " ([jobs] max_queued_bytes)");
    if (old) superseded.engine_id = supersede_locked(*old);
    if (anonymous) {
      do id = "job-" + std::to_string(next_id_++);
      while (records_.count(id));
    }
    // the job exists from here on: CancelProof reaches its preparation
    Record rec;
    rec.id = id;
    rec.serial = serial = next_serial_++;
    rec.fingerprint = r.fingerprint;
    rec.kind = r.kind;
    rec.key = r.kind == JobKind::kSnarkjs ? r.zkey_path : r.kind == JobKind::kBuiltin ? r.key : r.params_path;
    rec.label = r.label;
    rec.priority = r.priority.value_or(default_priority(r.kind));
    rec.preparing = true;
    rec.payload_bytes = payload;
    rec.anonymous = anonymous;
    rec.submit_pending = !by_prove;
    rec.prove_waiters = by_prove ? 1 : 0;
    stop = rec.prepare_stop.get_token();
    records_[id] = std::move(rec);
    ++in_flight_;
    queued_bytes_ += payload;
    spdlog::debug("job {}: preparing ({})", id, job_kind_name(r.kind));
  }
  // the caller going away while the job is prepared (caller_left_locked
  // decides whether the job goes on)
  bool left = false;
  auto caller_left = [&] {
    if (left || !gone || !gone()) return false;
    left = true;
    Record* rec = find_locked(id, serial);
    if (!rec || rec->finished) return false;
    caller_left_locked(*rec, by_prove);  // a preparing job has no engine work to cancel
    return rec->finished;
  };
  Interrupt interrupt{stop, {}};
  if (gone)
    interrupt.gone = [&] {
      std::lock_guard lk(mu_);
      return caller_left();
    };
  std::string key_name;
  double key_load_s = 0;
  JobSpec spec;
  try {
    spec = prepare(r, interrupt, key_name, key_load_s);
    throw_if_stopped(interrupt, "being prepared");
  } catch (...) {
    std::lock_guard lk(mu_);
    Record* rec = find_locked(id, serial);
    if (rec && rec->preparing && !rec->finished) {
      // refused: the caller hears why; callers that attached to the job
      // meanwhile find it FAILED with the reason, else no job is left
      rec->finished = true;
      rec->ended = Clock::now();
      --in_flight_;
      queued_bytes_ -= rec->payload_bytes;
      const bool others = rec->prove_waiters > (by_prove && !left ? 1 : 0) || rec->by_submit;
      if (others) {
        rec->outcome.result.status = JobStatus::kFailed;
        rec->outcome.result.failure = Failure::kBadInput;
        try {
          throw;
        } catch (const std::exception& e) {
          rec->outcome.result.error = e.what();
        } catch (...) {
          rec->outcome.result.error = "refused while being prepared";
        }
      } else {
        records_.erase(id);
      }
      cv_.notify_all();
      throw;
    }
    // cancelled (or drained, or superseded) while being prepared: its record says so
    return Submitted{id, 0, false, serial, left};
  }
  const size_t partitions = spec.partitions.empty() ? spec.witnesses.size() : spec.partitions.size();
  spec.on_finished = [this](uint64_t id) { on_finished(id); };
  spec.on_stage = [this](uint64_t id, uint32_t p, PartitionStage s, const std::string& track) { on_stage(id, p, s, track); };

  std::lock_guard lk(mu_);
  Record* rec = find_locked(id, serial);
  if (!rec || rec->finished) return Submitted{id, 0, false, serial, left};  // ended meanwhile; the spec and its key lease go
  if (!by_prove) {
    // a SubmitProof caller gone at the last moment never learns the id either
    if (caller_left() || rec->finished) return Submitted{id, 0, false, serial, left};
    rec->submit_pending = false;
    if (!left) rec->by_submit = true;
  }
  const engine::Priority priority = rec->priority;
  spec.priority = priority;
  if (!r.label.empty()) spec.label = r.label;
  rec->preparing = false;
  rec->key = key_name;
  rec->label = spec.label;
  rec->partitions = uint32_t(partitions);
  rec->verified = rec->outcome.verified = spec.verify_after;
  rec->outcome.key_load_s = key_load_s;
  rec->engine_id = engine_.submit(std::move(spec));  // callbacks wait for mu_: they find the record
  by_engine_id_[rec->engine_id] = id;
  Submitted out{id, 0, false, serial, left};
  for (const auto& [oid, o] : records_)
    if (oid != id && !o.finished && !o.preparing && !o.started && int(o.priority) >= int(priority)) ++out.queue_position;
  spdlog::info("job {}: queued ({}, {} partition{}, priority {}, key '{}', position {})", id, job_kind_name(r.kind),
               partitions, partitions == 1 ? "" : "s", priority_name(priority), key_name, out.queue_position);
  return out;
}

JobSpec ProvingCore::prepare(ProveRequest& r, const Interrupt& stop, std::string& key_name, double& key_load_s) {
  switch (r.kind) {
    case JobKind::kSnarkjs: key_name = r.zkey_path; return snarkjs_job(r, stop);
    case JobKind::kBuiltin: key_name = r.key; return builtin_job(r, stop);
    default: return filecoin_job(r, stop, key_name, key_load_s);
  }
}

void ProvingCore::on_stage(uint64_t engine_id, uint32_t partition, PartitionStage stage, const std::string& track) {
  std::lock_guard lk(mu_);
  auto it = by_engine_id_.find(engine_id);
  if (it == by_engine_id_.end()) return;
  Record* rec = find_locked(it->second);
  if (!rec) return;
  spdlog::debug("job {}: partition {} {} ({})", rec->id, partition, partition_stage_name(stage), track);
  if (stage == PartitionStage::kMemoryWait && !rec->started) {
    rec->started = true;
    spdlog::info("job {}: synthesis started", rec->id);
  }
  if (stage == PartitionStage::kProving) {
    rec->proving_on[partition] = track;
    if (!rec->proving) {
      rec->proving = true;
      spdlog::info("job {}: proving started ({})", rec->id, track);
    }
  }
  if (stage == PartitionStage::kDone) rec->proving_on.erase(partition);
}

// Runs on the engine thread that ended the job (or the canceller's), with no
// engine lock held: the result goes straight into the job's record and its
// waiters wake.
void ProvingCore::on_finished(uint64_t engine_id) {
  JobResult res = engine_.await(engine_id);  // already ended: returns at once
  engine_.forget(engine_id);                 // its key lease goes with it
  std::lock_guard lk(mu_);
  auto eit = by_engine_id_.find(engine_id);
  if (eit == by_engine_id_.end()) return;
  const std::string id = eit->second;
  by_engine_id_.erase(eit);
  Record* rec = find_locked(id);
  if (!rec) return;
  metrics_.record_job(job_kind_label(rec->kind), res, rec->partitions);
  if (rec->kind == JobKind::kSnarkjs && res.status == JobStatus::kDone) {
    auto json = snarkjs_json(res);
    rec->outcome.snarkjs_proof_json = std::move(json.proof);
    rec->outcome.snarkjs_public_json = std::move(json.public_signals);
  }
  switch (res.status) {
    case JobStatus::kDone:
      ++completed_;
      spdlog::info("job {}: done in {:.3f} s ({} partition{}, {})", id, res.seconds, rec->partitions,
                   rec->partitions == 1 ? "" : "s", rec->verified ? "verified" : "NOT verified");
      break;
    case JobStatus::kFailed:
      ++failed_;
      spdlog::warn("job {}: failed ({}): {}", id, failure_name(res.failure), res.error);
      break;
    default: spdlog::info("job {}: cancelled: {}", id, res.error);
  }
  rec->outcome.result = std::move(res);
  rec->finished = true;
  rec->proving_on.clear();
  rec->ended = Clock::now();
  --in_flight_;
  queued_bytes_ -= rec->payload_bytes;
  cv_.notify_all();
  expire_results_locked();
}

void ProvingCore::end_preparing_locked(Record& rec, const std::string& why) {
  rec.prepare_stop.request_stop();
  rec.finished = true;
  rec.outcome.result.status = JobStatus::kCancelled;
  rec.outcome.result.error = why;
  rec.ended = Clock::now();
  --in_flight_;
  queued_bytes_ -= rec.payload_bytes;
  metrics_.record_job(job_kind_label(rec.kind), rec.outcome.result, 0);
  spdlog::info("job {}: cancelled: {}", rec.id, why);
  cv_.notify_all();
}

uint64_t ProvingCore::caller_left_locked(Record& rec, bool prove_caller) {
  if (prove_caller)
    rec.prove_waiters = std::max(0, rec.prove_waiters - 1);
  else
    rec.submit_pending = false;
  if (rec.finished) return 0;
  if (rec.prove_waiters > 0 || rec.by_submit || rec.submit_pending) {
    spdlog::info("job {}: a caller went away; the job goes on for the others waiting on it", rec.id);
    return 0;
  }
  std::string why;
  if (!prove_caller)
    why = "its caller went away before it learned the job id; not started";
  else if (rec.anonymous)
    why = "its caller went away, and without a request id nobody can collect its result";
  else if (cfg_.cancel_on_disconnect)
    why = "its caller went away ([jobs] cancel_on_disconnect = true)";
  if (why.empty()) {
    spdlog::info("job {}: its caller went away; the job goes on, and a request with the same id and content "
                 "collects its result up to {:.0f} s after it ends ([jobs] result_ttl_s; cancel_on_disconnect = true "
                 "cancels instead)",
                 rec.id, cfg_.result_ttl_s);
    return 0;
  }
  if (rec.preparing) {
    end_preparing_locked(rec, why);
    return 0;
  }
  spdlog::info("job {}: {}; cancelling", rec.id, why);
  return rec.engine_id;
}

uint64_t ProvingCore::supersede_locked(Record& rec) {
  const std::string id = rec.id;
  const char* was = rec.finished ? "finished" : rec.preparing ? "preparing" : rec.started ? "running" : "queued";
  spdlog::info("job {}: a request with the same id and other content supersedes the {} job{}", id, was,
               rec.finished ? "; its result is dropped" : "; cancelling it");
  const std::string why = "superseded by a new request with the same id ('" + id + "') and other content";
  uint64_t engine_id = 0;
  if (!rec.finished && rec.preparing) {
    end_preparing_locked(rec, why);
  } else if (!rec.finished) {
    // its waiters hear now; the engine's end of the work finds no record
    engine_id = rec.engine_id;
    by_engine_id_.erase(engine_id);
    rec.outcome.result = JobResult{};
    rec.outcome.result.status = JobStatus::kCancelled;
    rec.outcome.result.error = why;
    rec.finished = true;
    rec.proving_on.clear();
    rec.ended = Clock::now();
    --in_flight_;
    queued_bytes_ -= rec.payload_bytes;
    metrics_.record_job(job_kind_label(rec.kind), rec.outcome.result, rec.partitions);
    spdlog::info("job {}: cancelled: {}", id, why);
    cv_.notify_all();
  }
  superseded_[rec.serial] = {std::move(rec.outcome), rec.ended};
  records_.erase(id);
  return engine_id;
}

uint64_t ProvingCore::cancel_locked(Record& rec, const std::string& why) {
  if (rec.finished) return 0;
  if (rec.preparing) {
    end_preparing_locked(rec, why + " while being prepared");
    return 0;
  }
  return rec.engine_id;
}

void ProvingCore::reap(std::stop_token stop) {
  const auto period = std::chrono::duration<double>(std::clamp(cfg_.result_ttl_s / 2, 0.05, 10.0));
  std::unique_lock lk(mu_);
  while (!cv_.wait_for(lk, stop, std::chrono::duration_cast<Clock::duration>(period), [] { return false; }) &&
         !stop.stop_requested())
    expire_results_locked();
}

// Results nobody fetched within the TTL go whenever a job is submitted,
// awaited or ends, and on the reaper's timer, so neither a steady load nor
// an idle daemon holds them.
void ProvingCore::expire_results_locked() {
  // draining: the drain report and the last waiters read every record
  if (draining_) return;
  const auto now = Clock::now();
  std::erase_if(records_, [&](const auto& kv) {
    return kv.second.finished && std::chrono::duration<double>(now - kv.second.ended).count() > cfg_.result_ttl_s;
  });
  std::erase_if(superseded_, [&](const auto& kv) {
    return std::chrono::duration<double>(now - kv.second.ended).count() > cfg_.result_ttl_s;
  });
}

Awaited ProvingCore::await(const std::string& id, const std::function<bool()>& give_up,
                           std::optional<std::chrono::milliseconds> timeout, uint64_t serial) {
  const auto deadline = timeout ? std::optional(Clock::now() + *timeout) : std::nullopt;
  std::unique_lock lk(mu_);
  expire_results_locked();
  for (;;) {
    Record* rec = find_locked(id, serial);
    if (!rec) {
      if (auto it = superseded_.find(serial); it != superseded_.end()) return {Awaited::kEnded, it->second.outcome};
      throw E(E::kNotFound, "unknown job '" + id + "' (never submitted, or its result expired)");
    }
    serial = rec->serial;  // a job superseded while we wait answers as it ended
    if (rec->finished) return {Awaited::kEnded, rec->outcome};
    if (give_up && give_up()) return {Awaited::kGaveUp, {}};
    if (deadline && Clock::now() >= *deadline) return {Awaited::kTimeout, {}};
    auto wake = Clock::now() + std::chrono::milliseconds(100);
    if (deadline) wake = std::min(wake, *deadline);
    cv_.wait_until(lk, wake);
  }
}

void ProvingCore::leave(const std::string& id, uint64_t serial) {
  uint64_t engine_id = 0;
  {
    std::lock_guard lk(mu_);
    Record* rec = find_locked(id, serial);
    if (!rec) return;
    engine_id = caller_left_locked(*rec, true);
  }
  if (engine_id) cancel_work(engine_id);
}

CancelOutcome ProvingCore::cancel(const std::string& id) {
  uint64_t engine_id = 0;
  {
    std::lock_guard lk(mu_);
    Record* rec = find_locked(id);
    if (!rec) throw E(E::kNotFound, "unknown job '" + id + "'");
    if (rec->finished) return {false, rec->outcome.result.status};
    spdlog::info("job {}: cancel requested", id);
    engine_id = cancel_locked(*rec, "cancelled by request");
    if (!engine_id) return {true, rec->outcome.result.status};
  }
  cancel_work(engine_id);
  // the engine ends a cancelled job at once, and on_finished records it
  std::unique_lock lk(mu_);
  cv_.wait_for(lk, std::chrono::seconds(5), [&] {
    Record* rec = find_locked(id);
    return !rec || rec->finished;
  });
  Record* rec = find_locked(id);
  return {true, rec ? rec->outcome.result.status : JobStatus::kCancelled};
}

void ProvingCore::cancel_work(uint64_t engine_id) {
  try {
    engine_.cancel(engine_id);
  } catch (const Error&) {
    // ended and forgotten by the engine meanwhile: the record says how
  }
}

ProvingCore::KeyLoad ProvingCore::preload_key(const std::string& circuit_id, const std::string& path, bool pin,
                                              std::stop_token stop) {
  std::string file = path, id;
  if (path.empty()) {
    const auto type = circuit_type(circuit_id);
    if (!type)
      throw E(E::kInvalidArgument, "unknown circuit id '" + circuit_id +
                                       "' (porep-, wpost-, winning-, snap- with 2k, 8m, 512m, 32g, 64g; or give params_path)");
    file = params_.params_path(*type);
    std::error_code ec;
    if (!fs::exists(file, ec))
      throw E(E::kFailedPrecondition, "no parameters for " + circuit_id + ": no file '" +
                                          fs::path(file).filename().string() + "' in the " + params_.searched());
  } else {
    id = circuit_id;
  }
  const std::string name = !id.empty() ? id : !circuit_id.empty() ? circuit_id : file;
  KeyLoad out;
  std::error_code ec;
  const std::string canon = fs::weakly_canonical(file, ec).string();
  for (const auto& k : keys_.list())
    if (!k.kind.empty() && (k.path == canon || (!id.empty() && k.id == id))) out.already_loaded = true;
  const auto t0 = Clock::now();
  // a load under way (a job's, another preload's) is joined, not repeated
  if (!out.already_loaded && fs::is_regular_file(file, ec)) {
    bool mine = false;
    const auto f = shared_load(file, id, pin, name, std::nullopt, mine);
    Interrupt interrupt{stop, {}};
    try {
      wait_load(f, name, file, mine, interrupt);
    } catch (const Cancelled& e) {
      throw E(E::kUnavailable, "preloading key '" + name + "' stopped: " + e.what());
    }
  }
  // this request's id and pin (at once: the key is cached now)
  out.id = key_errors_as_requests(name, [&] { return keys_.preload(file, id, pin); });
  out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  for (const auto& k : keys_.list())
    if (k.id == out.id) {
      out.path = k.path;
      out.bytes = k.bytes;
    }
  if (path.empty()) out.id = circuit_id;  // the parameter folder's keys go by their circuit ids
  if (!out.already_loaded)
    spdlog::info("key '{}' loaded from '{}' in {:.2f} s ({:.2f} GB{})", out.id, out.path, out.seconds,
                 double(out.bytes) / 1e9, pin ? ", pinned" : "");
  return out;
}

std::vector<KeyLoadStatus> ProvingCore::key_loads() const {
  std::vector<KeyLoadStatus> out;
  for (const auto& l : keys_.loads()) {
    using S = KeyCache::LoadInfo::State;
    const std::string cid = params_.circuit_id_of_path(l.path);
    out.push_back({cid.empty() ? l.id : cid, l.path,
                   l.state == S::kLoading ? "loading" : l.state == S::kLoaded ? "loaded" : "failed", l.error,
                   l.bytes_read, l.bytes_total, l.seconds});
  }
  return out;
}

ProvingCore::Prewarmed ProvingCore::prewarm_witness_buffers(const std::string& key_id, unsigned partitions) {
  Prewarmed p;
  p.bytes_each = witness_elements(keys_.get(key_id)) * sizeof(Fr);  // what the engine takes for a partition's witness
  p.buffers = pool_.prewarm(p.bytes_each, partitions);
  return p;
}

std::optional<uint64_t> ProvingCore::evict_key(const std::string& name) {
  std::string id;
  std::string file;
  if (auto type = circuit_type(name)) file = fs::weakly_canonical(params_.params_path(*type)).string();
  for (const auto& k : keys_.list())
    if (k.id == name || (!file.empty() && k.path == file)) id = k.id;
  if (id.empty()) return std::nullopt;
  try {
    const uint64_t freed = keys_.evict(id);
    spdlog::info("key '{}' evicted ({:.2f} GB freed)", id, double(freed) / 1e9);
    return freed;
  } catch (const KeyNotFound&) {
    return std::nullopt;
  } catch (const Error& e) {
    throw E(E::kFailedPrecondition, e.what());
  }
}

bool ProvingCore::healthy() const {
  std::lock_guard lk(mu_);
  return !draining_;
}

DrainReport ProvingCore::drain(double timeout_s) {
  keys_.stop_loads("the daemon is shutting down");  // handlers waiting for memory return now
  std::vector<std::string> open;
  std::unique_lock lk(mu_);
  draining_ = true;
  for (auto& [id, r] : records_)
    if (!r.finished) open.push_back(id);
  cv_.wait_for(lk, std::chrono::duration<double>(timeout_s), [&] { return in_flight_ == 0; });
  std::vector<uint64_t> left;
  for (auto& [id, r] : records_)
    if (const uint64_t e = cancel_locked(r, "the drain timeout passed")) left.push_back(e);
  lk.unlock();
  for (auto id : left) cancel_work(id);
  lk.lock();
  cv_.wait_for(lk, std::chrono::seconds(10), [&] { return in_flight_ == 0; });
  DrainReport rep;
  for (const auto& id : open) {
    Record* rec = find_locked(id);
    if (!rec) continue;  // nothing removes records while draining
    if (rec->outcome.result.status == JobStatus::kDone)
      rep.finished.push_back(id);
    else if (rec->outcome.result.status == JobStatus::kFailed)
      rep.failed.push_back(id);
    else
      rep.cancelled.push_back(id);
  }
  return rep;
}

}  // namespace cuzk::service
