#include "engine/proving_engine.hpp"

#include <algorithm>
#include <cmath>

#include "formats/snarkjs/wtns.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_prover.hpp"

namespace cuzk::engine {

namespace {

size_t partition_count(const JobSpec& s) { return s.partitions.size() + s.witnesses.size(); }

// How each key kind's partitions are planned and prepared: a bellperson
// partition is synthesized from its circuit; a snarkjs partition's witness is
// decoded and a = A w, b = B w are evaluated from the key's matrices.
PartitionPlan plan_partition(const BellpersonKey&, const JobSpec& spec, uint32_t p) {
  const auto shape = spec.partitions[p]->shape();
  PartitionPlan plan;
  plan.witness_elems = shape.num_inputs + shape.num_aux;
  plan.ab_elems = shape.abc_length();
  plan.log_n = ntt::Domain<Fr>::log_size_for(plan.ab_elems);
  plan.shape = shape;
  return plan;
}

template <class E>
PartitionPlan plan_partition(const ZkeyKey<E>& pk, const JobSpec&, uint32_t) {
  PartitionPlan plan;
  plan.snarkjs = true;
  plan.witness_elems = pk.n_vars;
  plan.ab_elems = pk.domain_size;
  plan.log_n = pk.log_n();
  return plan;
}

// Synthesizes into the partition's buffers (or its a/b stream); a circuit
// with recorded matrices has its witness synthesized alone and a, b made from
// the matrices, here or by the backend (plan.ab_on_device). Throws
// UnsatisfiedError naming the first broken constraint found here.
void prepare_partition(const BellpersonKey&, const JobSpec& spec, PartitionData& d, std::stop_token stop) {
  const auto& circuit = *spec.partitions[d.partition];
  const auto& shape = *d.plan.shape;
  Fr* w = d.witness.as<Fr>();
  const std::span<Fr> inputs{w, shape.num_inputs}, aux{w + shape.num_inputs, shape.num_aux};
  const auto describe = [&circuit](size_t i) { return circuit.describe_constraint(i); };
  const std::string what = "partition " + std::to_string(d.partition) + " witness";
  if (auto m = circuit.matrices()) {
    if (m->shape != shape) throw Error("partition's matrices are of another shape than it declared");
    r1cs::WitnessAssignment<Fr> wa(inputs, aux, shape.num_constraints);
    wa.set_stop_token(stop);
    circuit.synthesize_witness(wa);
    if (wa.shape() != shape) throw Error("partition synthesized to a different shape than it declared");
    std::span<Fr> a, b;
    if (!d.plan.ab_on_device) {
      a = d.a<Fr>();
      b = d.b<Fr>();
    }
    d.assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(r1cs::AssignmentBuffers<Fr>{inputs, aux, a, b});
    d.assignment->complete_from(*m, d.plan.ab_on_device);
    if (d.plan.ab_on_device) {
      d.matrices = std::move(m);
      d.describe = [keep = spec.partitions[d.partition]](size_t i) { return keep->describe_constraint(i); };
    } else {
      groth16::require_satisfied<Fr>(*d.assignment, describe, what);
    }
    return;
  }
  if (d.abc_stream) {
    d.assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(inputs, aux, *d.abc_stream);
  } else {
    Fr* ab = d.abc.as<Fr>();
    const size_t alen = d.plan.ab_elems;
    d.assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(
        r1cs::AssignmentBuffers<Fr>{inputs, aux, {ab, alen}, {ab + alen, alen}});
  }
  d.assignment->set_stop_token(stop);
  circuit.synthesize(*d.assignment);
  d.assignment->finish();
  if (d.assignment->shape() != shape) throw Error("partition synthesized to a different shape than it declared");
  groth16::require_satisfied<Fr>(*d.assignment, describe, what);
}

template <class E>
void prepare_partition(const ZkeyKey<E>& pk, const JobSpec& spec, PartitionData& d, std::stop_token stop) {
  using F = typename E::Fr;
  // decoded straight into the partition's buffer (the wire count checked against the key's first)
  formats::snarkjs::read_wtns_into<E>(*spec.witnesses[d.partition],
                                      "witness of partition " + std::to_string(d.partition),
                                      std::span<F>(d.witness.as<F>(), pk.n_vars));
  if (stop.stop_requested()) throw Cancelled("cancelled while decoding the witness");
  if (!d.plan.ab_on_device) groth16::evaluate_ab(pk, d.wires<F>(), d.a<F>(), d.b<F>());
}

// The proof from the backend's terms, with the job's r, s for the partition
// or fresh ones. A snarkjs key's points are checked on the proof
// (finalize_zkey_proof): bad key points would leak witness bits.
groth16::Proof<groth16::Bls12_381> blind(const BellpersonKey& pk, const groth16::ProofTerms<groth16::Bls12_381>& t,
                                         const JobSpec& spec, uint32_t partition) {
  if (spec.blinding.empty()) return groth16::blind_proof(pk.vk, t);
  const Blinding& b = spec.blinding[partition];
  return groth16::assemble_proof(pk.vk, t, b.r, b.s);
}
template <class E>
groth16::Proof<E> blind(const ZkeyKey<E>& pk, const groth16::ProofTerms<E>& t, const JobSpec&, uint32_t) {
  return groth16::finalize_zkey_proof(pk, t);
}

// What the proof verifies against (ONE excluded).
std::vector<Fr> public_inputs_of(const BellpersonKey&, const JobSpec& spec, const PartitionData& d) {
  return spec.partitions[d.partition]->public_inputs();
}
template <class E>
std::vector<typename E::Fr> public_inputs_of(const ZkeyKey<E>& pk, const JobSpec&, const PartitionData& d) {
  return groth16::public_signals(pk, d.wires<typename E::Fr>());
}

}  // namespace

EngineConfig automatic_engine_config(const std::vector<std::shared_ptr<ProverBackend>>& backends,
                                     unsigned synthesis_threads, unsigned max_ready) {
  unsigned units = 0;
  bool host_bound = false;
  for (const auto& b : backends) {
    units += b->workers();
    host_bound |= b->uses_host_cores();
  }
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  EngineConfig c;
  c.synthesis_threads = synthesis_threads ? synthesis_threads : host_bound ? units + 1 : std::max(1u, hw - 1);
  c.max_ready = max_ready ? max_ready : std::max(2u, units);
  return c;
}

const char* job_status_name(JobStatus s) {
  switch (s) {
    case JobStatus::kQueued: return "queued";
    case JobStatus::kRunning: return "running";
    case JobStatus::kDone: return "done";
    case JobStatus::kFailed: return "failed";
    case JobStatus::kCancelled: return "cancelled";
  }
  return "?";
}

const char* failure_name(Failure f) {
  switch (f) {
    case Failure::kNone: return "none";
    case Failure::kBadInput: return "bad_input";
    case Failure::kUnverified: return "unverified";
    case Failure::kDevice: return "device";
    case Failure::kInternal: return "internal";
  }
  return "?";
}

Failure failure_of(const std::exception& e) {
  if (dynamic_cast<const VerificationFailed*>(&e)) return Failure::kUnverified;
  if (dynamic_cast<const CudaError*>(&e)) return Failure::kDevice;
  // what the engine and the layers below throw about their inputs
  if (dynamic_cast<const Error*>(&e)) return Failure::kBadInput;
  return Failure::kInternal;
}

const char* partition_stage_name(PartitionStage s) {
  switch (s) {
    case PartitionStage::kQueued: return "queued";
    case PartitionStage::kMemoryWait: return "memory_wait";
    case PartitionStage::kSynthesis: return "synthesis";
    case PartitionStage::kReady: return "ready";
    case PartitionStage::kProving: return "proving";
    case PartitionStage::kDone: return "done";
  }
  return "?";
}

struct ProvingEngine::Job {
  uint64_t id, seq;
  JobSpec spec;
  std::stop_source stop;
  double submitted_s;
  // guarded by the engine's mu_
  JobResult result;
  size_t remaining;
  bool finished = false;
  std::vector<PartitionStage> stages;
};

ProvingEngine::ProvingEngine(EngineConfig cfg, MemoryBudget& budget, PinnedPool& pool,
                             std::vector<std::shared_ptr<ProverBackend>> backends)
    : cfg_(cfg), budget_(budget), pool_(pool), backends_(backends), zkey_on_device_(prove_zkey_on_device(backends_)),
      products_on_device_(!backends_.empty() && std::all_of(backends_.begin(), backends_.end(), [](const auto& b) {
                            return b->products_on_device();
                          })) {
  if (backends.empty()) throw Error("proving engine: no backend");
  for (const auto& b : backends_) backend_units_ += b->workers();
  for (unsigned i = 0; i < std::max(1u, cfg_.synthesis_threads); ++i)
    threads_.emplace_back([this, i](std::stop_token st) { synthesis_loop(st, i); });
  for (auto& b : backends)
    for (unsigned w = 0; w < std::max(1u, b->workers()); ++w)
      threads_.emplace_back(
          [this, b, w](std::stop_token st) { backend_loop(st, b, b->name() + " worker " + std::to_string(w)); });
}

ProvingEngine::~ProvingEngine() {
  {
    std::lock_guard lk(mu_);
    for (auto& [id, job] : jobs_) job->stop.request_stop();
  }
  scheduler_.close();
  for (auto& t : threads_) t.request_stop();
  cv_.notify_all();
  threads_.clear();  // joins
}

uint64_t ProvingEngine::submit(JobSpec spec) {
  if (!has_key(spec.key)) throw Error("submit: job has no proving key");
  const bool snarkjs = !std::holds_alternative<std::shared_ptr<const BellpersonKey>>(spec.key);
  if (snarkjs && !spec.partitions.empty())
    throw Error("submit: a " + key_kind(spec.key) + " key proves circom witnesses, not circuits");
  if (!snarkjs && !spec.witnesses.empty())
    throw Error("submit: a " + key_kind(spec.key) + " key proves circuits, not circom witnesses");
  const size_t count = partition_count(spec);
  if (count == 0) throw Error("submit: job has no partitions");
  for (const auto& w : spec.witnesses)
    if (!w) throw Error("submit: a partition has no witness");
  if (!spec.blinding.empty() && (snarkjs || spec.blinding.size() != count))
    throw Error("submit: " + std::to_string(spec.blinding.size()) + " blinding pairs for " + std::to_string(count) +
                (snarkjs ? " partitions of a snarkjs key (which draws its own)" : " partitions"));
  auto job = std::make_shared<Job>();
  job->spec = std::move(spec);
  job->submitted_s = timeline_.now();
  job->remaining = count;
  std::visit(
      [&](const auto& key) {
        using E = curve_of_key<decltype(*key)>;
        CurveProofs<E> out;
        out.proofs.resize(count);
        out.public_inputs.resize(count);
        job->result.outputs = std::move(out);
      },
      job->spec.key);
  job->stages.assign(count, PartitionStage::kQueued);
  {
    std::lock_guard lk(mu_);
    job->id = next_job_++;
    job->seq = next_seq_++;
    jobs_[job->id] = job;
  }
  for (uint32_t p = 0; p < count; ++p) scheduler_.push({job->id, job->seq, p, job->spec.priority});
  return job->id;
}

std::shared_ptr<ProvingEngine::Job> ProvingEngine::find(uint64_t id) const {
  std::lock_guard lk(mu_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) throw Error("unknown job " + std::to_string(id));
  return it->second;
}

JobResult ProvingEngine::await(uint64_t job_id) {
  auto job = find(job_id);
  std::unique_lock lk(mu_);
  cv_.wait(lk, [&] { return job->finished; });
  return job->result;
}

JobStatus ProvingEngine::status(uint64_t job_id) const {
  auto job = find(job_id);
  std::lock_guard lk(mu_);
  return job->result.status;
}

bool ProvingEngine::cancel(uint64_t job_id) {
  auto job = find(job_id);
  scheduler_.cancel(job_id);
  fail_job(job, "cancelled by request", Failure::kNone, true);
  return true;
}

void ProvingEngine::fail_job(const std::shared_ptr<Job>& job, const std::string& why, Failure failure,
                             bool cancelled) {
  job->stop.request_stop();
  scheduler_.cancel(job->id);
  {
    std::lock_guard lk(mu_);
    if (job->finished) return;
    job->finished = true;
    job->result.status = cancelled ? JobStatus::kCancelled : JobStatus::kFailed;
    job->result.error = why;
    job->result.failure = cancelled ? Failure::kNone : failure;
    std::visit(
        [](auto& out) {  // a failed job returns no proofs, not some of them
          out.proofs.clear();
          out.public_inputs.clear();
        },
        job->result.outputs);
    job->result.seconds = timeline_.now() - job->submitted_s;
    // drop its partitions that wait for a backend: their buffers go back now
    std::erase_if(ready_, [&](const ReadyItem& r) { return r.job == job; });
  }
  cv_.notify_all();
  if (job->spec.on_finished) job->spec.on_finished(job->id);
}

unsigned ProvingEngine::lookahead_locked() const {
  const unsigned threads = std::max(1u, cfg_.synthesis_threads);
  // nothing measured yet: one partition per backend unit, as the rates may
  // show a fast synthesis that needs no more (and each holds its buffers)
  if (synthesis_s_ <= 0 || backend_s_ <= 0) return std::min(threads, backend_units_) + cfg_.max_ready;
  const double keep_busy = std::ceil(double(backend_units_) * synthesis_s_ / backend_s_);
  return unsigned(std::clamp(keep_busy, 1.0, double(threads))) + cfg_.max_ready;
}

void ProvingEngine::synthesis_loop(std::stop_token stop, unsigned index) {
  const std::string track = "synthesis " + std::to_string(index);
  while (auto t = scheduler_.pop(stop)) {
    std::shared_ptr<Job> job;
    try {
      job = find(t->job_id);
    } catch (const Error&) {
      continue;
    }
    if (job->stop.get_token().stop_requested()) continue;
    {
      // bounded look-ahead: don't synthesize far beyond what backends consume
      std::unique_lock lk(mu_);
      cv_.wait(lk, stop, [&] {
        return ready_.size() + in_synthesis_ < lookahead_locked() || job->stop.get_token().stop_requested();
      });
      if (stop.stop_requested()) return;
      ++in_synthesis_;
      if (job->result.status == JobStatus::kQueued) job->result.status = JobStatus::kRunning;
      job->stages[t->partition] = PartitionStage::kMemoryWait;
    }
    staged(*job, t->partition, PartitionStage::kMemoryWait, track);
    struct Synthesizing {  // leaves the look-ahead count on every path out of this iteration
      ProvingEngine& e;
      ~Synthesizing() {
        {
          std::lock_guard lk(e.mu_);
          --e.in_synthesis_;
        }
        e.cv_.notify_all();
      }
    } synthesizing{*this};
    auto data = std::make_unique<PartitionData>();
    data->job_id = job->id;
    data->partition = t->partition;
    data->timeline.job_id = job->id;
    data->timeline.partition = t->partition;
    data->timeline.spans.push_back({Stage::kQueued, job->submitted_s, timeline_.now(), 0, "queue"});
    try {
      const JobKey& key = job->spec.key;
      data->plan = std::visit([&](const auto& k) { return plan_partition(*k, job->spec, t->partition); }, key);
      const bool has_matrices = !data->plan.snarkjs && job->spec.partitions[t->partition]->matrices();
      data->plan.ab_on_device = data->plan.snarkjs ? zkey_on_device_ : has_matrices && products_on_device_;
      const PartitionPlan& plan = data->plan;
      double t0 = timeline_.now();
      std::stop_token jstop = job->stop.get_token();
      uint64_t scratch = 0;
      for (const auto& b : backends_) scratch = std::max(scratch, b->scratch_bytes(plan));
      // a bellperson partition's a/b go to a backend with room for them while
      // synthesis runs, else into the pool (with matrices, they are made after it)
      if (const auto* bk = std::get_if<std::shared_ptr<const BellpersonKey>>(&key); bk && !has_matrices)
        for (size_t k = 0, first = next_stream_backend_++; k < backends_.size() && !data->abc_stream; ++k) {
          auto& b = backends_[(first + k) % backends_.size()];
          if ((data->abc_stream = b->open_stream(**bk, *plan.shape))) data->streamed_to = b.get();
        }
      std::vector<uint64_t> sizes{plan.witness_elems * sizeof(Fr)};
      const bool host_ab = !data->abc_stream && !plan.ab_on_device;
      if (host_ab) sizes.push_back(2 * plan.ab_elems * sizeof(Fr));
      auto group = pool_.take_group(sizes, scratch,
                                    "partition " + std::to_string(t->partition) + " of job " + std::to_string(job->id), jstop);
      data->witness = std::move(group.buffers[0]);
      if (host_ab) data->abc = std::move(group.buffers[1]);
      data->scratch = std::move(group.extra);
      double t1 = timeline_.now();
      {
        std::lock_guard lk(mu_);
        job->stages[t->partition] = PartitionStage::kSynthesis;
      }
      staged(*job, t->partition, PartitionStage::kSynthesis, track);
      data->timeline.spans.push_back(
          {Stage::kMemoryWait, t0, t1, data->witness.capacity() + data->abc.capacity() + data->scratch.bytes(), track});
      std::visit([&](const auto& k) { prepare_partition(*k, job->spec, *data, jstop); }, key);
      // streamed bytes went to the device during this span
      data->timeline.spans.push_back(
          {Stage::kSynthesis, t1, timeline_.now(), data->abc_stream ? 2 * plan.ab_elems * sizeof(Fr) : 0, track});
      // what the proof will verify against, read while the witness is here
      using AnyInputs = std::variant<std::vector<groth16::Bls12_381::Fr>, std::vector<groth16::Bn254::Fr>>;
      AnyInputs inputs = std::visit([&](const auto& k) -> AnyInputs { return public_inputs_of(*k, job->spec, *data); }, key);
      {
        std::lock_guard lk(mu_);
        average_into(synthesis_s_, timeline_.now() - t1);
        if (job->finished) continue;  // failed or cancelled meanwhile: buffers return here
        std::visit(
            [&](auto& out) {
              using V = typename std::decay_t<decltype(out.public_inputs)>::value_type;
              out.public_inputs[t->partition] = std::get<V>(std::move(inputs));
            },
            job->result.outputs);
        job->stages[t->partition] = PartitionStage::kReady;
        ready_.push_back({job, std::move(data)});
        // oldest job's lowest partition first among the ready ones
        std::stable_sort(ready_.begin(), ready_.end(), [](const ReadyItem& a, const ReadyItem& b) {
          if (a.job->spec.priority != b.job->spec.priority) return int(a.job->spec.priority) > int(b.job->spec.priority);
          if (a.job->seq != b.job->seq) return a.job->seq < b.job->seq;
          return a.data->partition < b.data->partition;
        });
      }
      cv_.notify_all();
      staged(*job, t->partition, PartitionStage::kReady, track);
    } catch (const Cancelled& e) {
      fail_job(job, e.what(), Failure::kNone, true);
    } catch (const std::exception& e) {
      if (job->stop.get_token().stop_requested())
        fail_job(job, "cancelled", Failure::kNone, true);
      else
        fail_job(job, e.what(), failure_of(e), false);
    }
  }
}

void ProvingEngine::backend_loop(std::stop_token stop, std::shared_ptr<ProverBackend> backend, std::string track) {
  for (;;) {
    ReadyItem item;
    {
      // the first ready partition this backend may prove: any but those streamed to another
      std::unique_lock lk(mu_);
      auto mine = [&] {
        return std::find_if(ready_.begin(), ready_.end(), [&](const ReadyItem& r) {
          return !r.data->streamed_to || r.data->streamed_to == backend.get();
        });
      };
      if (!cv_.wait(lk, stop, [&] { return mine() != ready_.end(); })) return;
      auto it = mine();
      item = std::move(*it);
      ready_.erase(it);
      item.job->stages[item.data->partition] = PartitionStage::kProving;
    }
    cv_.notify_all();  // room in the ready queue for synthesis
    auto& job = item.job;
    staged(*job, item.data->partition, PartitionStage::kProving, track);
    try {
      const double b0 = timeline_.now();
      auto terms = std::visit(
          [&](const auto& k) -> AnyTerms {
            return backend->compute(*k, *item.data, job->stop.get_token(), timeline_, track);
          },
          job->spec.key);
      {
        std::lock_guard lk(mu_);
        average_into(backend_s_, timeline_.now() - b0);
      }
      auto tl = std::move(item.data->timeline);
      const uint32_t partition = item.data->partition;
      item.data.reset();  // every buffer back to the pool before finalizing
      finish_partition(job, partition, std::move(terms), std::move(tl), track);
    } catch (const Cancelled& e) {
      fail_job(job, e.what(), Failure::kNone, true);
    } catch (const std::exception& e) {
      if (job->stop.get_token().stop_requested())
        fail_job(job, "cancelled", Failure::kNone, true);
      else
        fail_job(job, std::string(backend->name()) + ": " + e.what(), failure_of(e), false);
    }
  }
}

void ProvingEngine::finish_partition(const std::shared_ptr<Job>& job, uint32_t partition, AnyTerms terms,
                                     PartitionTimeline tl, const std::string& track) {
  std::visit(
      [&](const auto& key) {
        using E = curve_of_key<decltype(*key)>;
        double t0 = timeline_.now();
        const auto proof = blind(*key, std::get<groth16::ProofTerms<E>>(terms), job->spec, partition);
        double t1 = timeline_.now();
        tl.spans.push_back({Stage::kFinalize, t0, t1, 0, track});
        if (job->spec.verify_after) {
          std::vector<typename E::Fr> inputs;
          {
            std::lock_guard lk(mu_);
            if (job->finished) return;
            inputs = std::get<CurveProofs<E>>(job->result.outputs).public_inputs[partition];
          }
          groth16::PreparedVerifyingKey<E> pvk(key->vk);
          const bool ok = groth16::verify_proof(pvk, proof, std::span<const typename E::Fr>(inputs));
          tl.spans.push_back({Stage::kVerify, t1, timeline_.now(), 0, track});
          if (!ok)
            throw VerificationFailed("partition " + std::to_string(partition) +
                                     ": the proof does not verify (a witness that breaks the circuit, or a prover fault)");
        }
        timeline_.record(tl);
        bool complete = false;
        {
          std::lock_guard lk(mu_);
          if (job->finished) return;
          std::get<CurveProofs<E>>(job->result.outputs).proofs[partition] = proof;
          job->result.timelines.push_back(std::move(tl));
          job->stages[partition] = PartitionStage::kDone;
          ++partitions_done_;
          if (--job->remaining == 0) {
            job->finished = complete = true;
            job->result.status = JobStatus::kDone;
            job->result.seconds = timeline_.now() - job->submitted_s;
          }
        }
        staged(*job, partition, PartitionStage::kDone, track);
        if (complete) {
          cv_.notify_all();
          if (job->spec.on_finished) job->spec.on_finished(job->id);
        }
      },
      job->spec.key);
}

void ProvingEngine::staged(const Job& job, uint32_t partition, PartitionStage stage, const std::string& track) {
  if (job.spec.on_stage) job.spec.on_stage(job.id, partition, stage, track);
}

EngineStats ProvingEngine::stats() const {
  std::lock_guard lk(mu_);
  EngineStats s{};
  for (auto& [id, j] : jobs_) {
    switch (j->result.status) {
      case JobStatus::kQueued: ++s.jobs_queued; break;
      case JobStatus::kRunning: ++s.jobs_running; break;
      case JobStatus::kDone: ++s.jobs_done; break;
      case JobStatus::kFailed: ++s.jobs_failed; break;
      case JobStatus::kCancelled: ++s.jobs_cancelled; break;
    }
  }
  s.partitions_queued = scheduler_.size();
  s.partitions_ready = ready_.size();
  s.partitions_done = partitions_done_;
  return s;
}

std::vector<JobSnapshot> ProvingEngine::snapshot() const {
  std::lock_guard lk(mu_);
  std::vector<JobSnapshot> out;
  out.reserve(jobs_.size());
  const double now = timeline_.now();
  for (const auto& [id, j] : jobs_) {
    JobSnapshot s;
    s.id = id;
    s.label = j->spec.label;
    s.key_kind = key_kind(j->spec.key);
    s.priority = j->spec.priority;
    s.status = j->result.status;
    s.age_s = now - j->submitted_s;
    s.stages = j->stages;
    s.timelines = j->result.timelines;
    out.push_back(std::move(s));
  }
  return out;
}

bool ProvingEngine::forget(uint64_t job_id) {
  auto job = find(job_id);
  std::lock_guard lk(mu_);
  if (!job->finished) return false;
  jobs_.erase(job_id);
  return true;
}

}  // namespace cuzk::engine
