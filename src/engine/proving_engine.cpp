#include "engine/proving_engine.hpp"

#include <algorithm>
#include <cmath>

#include "groth16/verifier.hpp"

namespace cuzk::engine {

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
    : cfg_(cfg), budget_(budget), pool_(pool), backends_(backends) {
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
  if (!spec.key) throw Error("submit: job has no proving key");
  if (spec.partitions.empty()) throw Error("submit: job has no partitions");
  auto job = std::make_shared<Job>();
  job->spec = std::move(spec);
  job->submitted_s = timeline_.now();
  job->remaining = job->spec.partitions.size();
  job->result.proofs.resize(job->remaining);
  job->result.public_inputs.resize(job->remaining);
  job->stages.assign(job->remaining, PartitionStage::kQueued);
  {
    std::lock_guard lk(mu_);
    job->id = next_job_++;
    job->seq = next_seq_++;
    jobs_[job->id] = job;
  }
  for (uint32_t p = 0; p < job->spec.partitions.size(); ++p)
    scheduler_.push({job->id, job->seq, p, job->spec.priority});
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
  fail_job(job, "cancelled by request", true);
  return true;
}

void ProvingEngine::fail_job(const std::shared_ptr<Job>& job, const std::string& why, bool cancelled) {
  job->stop.request_stop();
  scheduler_.cancel(job->id);
  {
    std::lock_guard lk(mu_);
    if (job->finished) return;
    job->finished = true;
    job->result.status = cancelled ? JobStatus::kCancelled : JobStatus::kFailed;
    job->result.error = why;
    job->result.proofs.clear();  // a failed job returns no proofs, not some of them
    job->result.public_inputs.clear();
    job->result.seconds = timeline_.now() - job->submitted_s;
    // drop its partitions that wait for a backend: their buffers go back now
    std::erase_if(ready_, [&](const ReadyItem& r) { return r.job == job; });
  }
  cv_.notify_all();
  if (job->spec.on_finished) job->spec.on_finished(job->id);
}

unsigned ProvingEngine::lookahead_locked() const {
  const unsigned threads = std::max(1u, cfg_.synthesis_threads);
  if (synthesis_s_ <= 0 || backend_s_ <= 0) return threads + cfg_.max_ready;  // nothing measured yet
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
      const auto& circuit = *job->spec.partitions[t->partition];
      const auto shape = circuit.shape();
      const size_t wlen = shape.num_inputs + shape.num_aux, alen = shape.abc_length();
      double t0 = timeline_.now();
      std::stop_token jstop = job->stop.get_token();
      uint64_t scratch = 0;
      for (const auto& b : backends_) scratch = std::max(scratch, b->scratch_bytes(shape));
      // a/b go to a backend with room for them while synthesis runs, else into the pool
      for (size_t k = 0, first = next_stream_backend_++; k < backends_.size() && !data->abc_stream; ++k) {
        auto& b = backends_[(first + k) % backends_.size()];
        if ((data->abc_stream = b->open_stream(*job->spec.key, shape))) data->streamed_to = b.get();
      }
      std::vector<uint64_t> sizes{wlen * sizeof(Fr)};
      if (!data->abc_stream) sizes.push_back(2 * alen * sizeof(Fr));
      auto group = pool_.take_group(sizes, scratch,
                                    "partition " + std::to_string(t->partition) + " of job " + std::to_string(job->id), jstop);
      data->witness = std::move(group.buffers[0]);
      if (!data->abc_stream) data->abc = std::move(group.buffers[1]);
      data->scratch = std::move(group.extra);
      double t1 = timeline_.now();
      {
        std::lock_guard lk(mu_);
        job->stages[t->partition] = PartitionStage::kSynthesis;
      }
      data->timeline.spans.push_back(
          {Stage::kMemoryWait, t0, t1, data->witness.capacity() + data->abc.capacity() + data->scratch.bytes(), track});
      Fr* w = data->witness.as<Fr>();
      const std::span<Fr> inputs{w, shape.num_inputs}, aux{w + shape.num_inputs, shape.num_aux};
      if (data->abc_stream) {
        data->assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(inputs, aux, *data->abc_stream);
      } else {
        Fr* ab = data->abc.as<Fr>();
        data->assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(
            r1cs::AssignmentBuffers<Fr>{inputs, aux, {ab, alen}, {ab + alen, alen}});
      }
      data->assignment->set_stop_token(jstop);
      circuit.synthesize(*data->assignment);
      data->assignment->finish();
      if (data->assignment->shape() != shape) throw Error("partition synthesized to a different shape than it declared");
      const auto describe = [&](size_t i) { return circuit.describe_constraint(i); };
      const std::string what = "partition " + std::to_string(t->partition) + " witness";
      groth16::require_satisfied<Fr>(*data->assignment, describe, what);
      // streamed bytes went to the device during this span
      data->timeline.spans.push_back(
          {Stage::kSynthesis, t1, timeline_.now(), data->abc_stream ? 2 * alen * sizeof(Fr) : 0, track});
      {
        std::lock_guard lk(mu_);
        average_into(synthesis_s_, timeline_.now() - t1);
        if (job->finished) continue;  // failed or cancelled meanwhile: buffers return here
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
    } catch (const Cancelled& e) {
      fail_job(job, e.what(), true);
    } catch (const std::exception& e) {
      if (job->stop.get_token().stop_requested())
        fail_job(job, "cancelled", true);
      else
        fail_job(job, e.what(), false);
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
    try {
      const double b0 = timeline_.now();
      auto terms = backend->compute(*job->spec.key, *item.data, job->stop.get_token(), timeline_, track);
      {
        std::lock_guard lk(mu_);
        average_into(backend_s_, timeline_.now() - b0);
      }
      auto tl = std::move(item.data->timeline);
      const uint32_t partition = item.data->partition;
      item.data.reset();  // every buffer back to the pool before finalizing
      finish_partition(job, partition, std::move(terms), std::move(tl), track);
    } catch (const Cancelled& e) {
      fail_job(job, e.what(), true);
    } catch (const std::exception& e) {
      if (job->stop.get_token().stop_requested())
        fail_job(job, "cancelled", true);
      else
        fail_job(job, std::string(backend->name()) + ": " + e.what(), false);
    }
  }
}

void ProvingEngine::finish_partition(const std::shared_ptr<Job>& job, uint32_t partition,
                                     groth16::ProofTerms<Curve> terms, PartitionTimeline tl, const std::string& track) {
  double t0 = timeline_.now();
  auto proof = groth16::blind_proof(job->spec.key->vk, terms);
  auto inputs = job->spec.partitions[partition]->public_inputs();
  double t1 = timeline_.now();
  tl.spans.push_back({Stage::kFinalize, t0, t1, 0, track});
  if (job->spec.verify_after) {
    groth16::PreparedVerifyingKey<Curve> pvk(job->spec.key->vk);
    bool ok = groth16::verify_proof(pvk, proof, std::span<const Fr>(inputs));
    tl.spans.push_back({Stage::kVerify, t1, timeline_.now(), 0, track});
    if (!ok) throw Error("partition " + std::to_string(partition) + ": proof failed verification after proving");
  }
  timeline_.record(tl);
  bool complete = false;
  {
    std::lock_guard lk(mu_);
    if (job->finished) return;
    job->result.proofs[partition] = proof;
    job->result.public_inputs[partition] = std::move(inputs);
    job->result.timelines.push_back(std::move(tl));
    job->stages[partition] = PartitionStage::kDone;
    ++partitions_done_;
    if (--job->remaining == 0) {
      job->finished = complete = true;
      job->result.status = JobStatus::kDone;
      job->result.seconds = timeline_.now() - job->submitted_s;
    }
  }
  if (complete) {
    cv_.notify_all();
    if (job->spec.on_finished) job->spec.on_finished(job->id);
  }
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
