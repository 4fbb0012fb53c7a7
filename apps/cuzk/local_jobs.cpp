#include "local_jobs.hpp"

#include <future>
#include <map>

#include "core/parallel.hpp"

namespace cuzk::app {

namespace {

engine::BackendOptions local_options(bool cpu_only) {
  engine::BackendOptions o;
  o.use_gpus = !cpu_only;
  // One proof per process: pinning its buffers (~1.5 GB/s) would cost more
  // than the copies through pinned staging chunks it saves.
  o.host_memory = "staged";
  return o;
}

}  // namespace

std::unique_ptr<engine::ProvingHost> local_host(bool cpu_only) {
  return engine::make_local_host(local_options(cpu_only));
}

HostAndKey local_host_with_key(const std::string& key_path, bool cpu_only, PhaseTimer& t) {
  engine::BackendOptions o = local_options(cpu_only);
  auto starting = std::async(std::launch::async, [o] { return engine::make_local_host(o); });
  HostAndKey hk;
  const Stopwatch sw;
  double waited = 0;
  hk.key = engine::load_key_while_host_starts(key_path, o, [&]() -> const engine::ProvingHost& {
    const Stopwatch w;
    hk.host = starting.get();
    waited = w.seconds();
    return *hk.host;
  });
  t.add("load key", sw.seconds() - waited);
  t.add("wait for backends", waited);
  hk.key_memory = hk.host->budget().acquire(engine::key_memory_bytes(hk.key), "key '" + key_path + "'");
  return hk;
}

std::string where(const engine::ProvingHost& host) {
  if (!host.on_gpu()) return "the CPU (" + std::to_string(global_pool().size()) + " threads)";
  std::string s = "the GPU (";
  for (size_t i = 0; i < host.backends().size(); ++i)
    s += (i ? ", " : "") + host.backends()[i]->name() + " x" + std::to_string(host.backends()[i]->workers());
  return s + ")";
}

engine::JobResult run_job(engine::ProvingHost& host, engine::JobSpec spec) {
  auto r = host.prove(std::move(spec));
  switch (r.status) {
    case engine::JobStatus::kDone: return r;
    case engine::JobStatus::kFailed:
      if (r.failure == engine::Failure::kBadInput) throw Error(r.error);
      if (r.failure == engine::Failure::kUnverified) throw VerificationFailed(r.error);
      throw InternalFailure(r.error);
    default: throw InternalFailure("job ended " + std::string(engine::job_status_name(r.status)) + ": " + r.error);
  }
}

void add_stages(PhaseTimer& t, const engine::JobResult& r) {
  std::map<engine::Stage, double> sum;
  for (const auto& tl : r.timelines)
    for (const auto& s : tl.spans) sum[s.stage] += s.end_s - s.start_s;
  for (const auto& [stage, seconds] : sum) t.add(std::string("engine: ") + engine::stage_name(stage), seconds);
}

}  // namespace cuzk::app
