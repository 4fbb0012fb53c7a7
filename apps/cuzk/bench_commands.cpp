#include "bench_commands.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <thread>

#include "circuits/synthetic.hpp"
#include "core/timer.hpp"
#include "engine/circuit_partition.hpp"
#include "engine/matrix_store.hpp"
#include "engine/proving_engine.hpp"
#include "engine/synthetic_partition.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin_statement.hpp"
#include "exit_codes.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "pipeline_report.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/matrix_recorder.hpp"
#if CUZK_WITH_CUDA
#include "engine/cuda/gpu_backend.hpp"
#include "gpu/device.hpp"
#include "gpu/pinned_allocator.hpp"
#include "groth16/cuda/gpu_prover.hpp"
#endif

namespace cuzk::app {

using namespace engine;

namespace {

// The partitions a bench job proves, with the counts of their (shared) shape.
struct PartitionSource {
  std::string name;
  r1cs::DensityCounter<Fr> counts;
  size_t synthetic_constraints = 0;
  std::vector<std::shared_ptr<const PartitionCircuit>> c1_partitions;
  std::optional<filecoin::FilecoinCircuit> blank;

  std::shared_ptr<const PartitionCircuit> partition(unsigned job, unsigned p) const {
    if (c1_partitions.empty()) return std::make_shared<SyntheticPartition>(synthetic_constraints, 1000 * job + p + 1);
    return c1_partitions[p % c1_partitions.size()];
  }
  groth16::ProvingKey<Curve> dev_setup() const {
    if (blank) return groth16::generate_random_parameters<Curve>([&](auto& cs) { blank->synthesize(cs); });
    SyntheticPartition c(synthetic_constraints, 1);
    return groth16::generate_random_parameters<Curve>([&](auto& cs) { c.circuit().synthesize(cs); });
  }
};

PartitionSource synthetic_source(size_t constraints) {
  PartitionSource s;
  s.name = "synthetic circuit";
  s.synthetic_constraints = constraints;
  SyntheticPartition(constraints, 1).circuit().synthesize(s.counts);
  return s;
}

// Every partition of the C1 output's proof, its statement read from the C1
// output (and its envelope's sector number) with --prover-id; with `matrices`,
// proved from the witness alone under the circuit's recorded matrices.
PartitionSource c1_source(const std::string& path, const std::string& prover_id, MatrixStore* matrices,
                          const std::string& matrix_dir) {
  FilecoinValueArgs values;
  values.prover_id = prover_id;
  Statement st = read_statement(values);
  const auto c1 = read_c1(path, st);
  values_from_c1(c1, st);
  const auto type = resolve_type(c1.registered_proof, st);
  PartitionSource s;
  Stopwatch sw;
  const auto circuits = filecoin::filecoin_partition_circuits(type, st.values, {c1, {}, {}});
  s.blank = filecoin::blank_filecoin_circuit(type);
  s.blank->synthesize(s.counts);
  s.name = type.name + " C1 output (circuits built and counted in " + std::to_string(sw.seconds()) + " s)";
  std::shared_ptr<const Matrices> m;
  if (matrices) {
    MatrixStore::Origin o;
    m = matrices->get(
        type.name, matrix_dir,
        [&] {
          r1cs::MatrixRecorder<Fr> rec;
          s.blank->synthesize(rec);
          return std::move(rec).finish();
        },
        &o);
    char line[256];
    std::snprintf(line, sizeof line, "; matrices %s in %.2f s, %.2f GB (A/B/C %zu/%zu/%zu entries)",
                  o.kind == MatrixStore::Origin::Kind::kFile ? "read" : "recorded", o.seconds, double(m->bytes()) / 1e9,
                  m->a.entries(), m->b.entries(), m->c.entries());
    s.name += line + (o.note.empty() ? "" : " (" + o.note + ")");
  }
  for (const auto& c : circuits)
    s.c1_partitions.push_back(m ? std::make_shared<CircuitPartition<filecoin::FilecoinCircuit>>(c, m)
                                : std::make_shared<CircuitPartition<filecoin::FilecoinCircuit>>(c, s.counts.shape()));
  return s;
}

}  // namespace

int run_pipeline_bench(const PipelineBenchArgs& a) {
  int gpu_count = 0;
#if CUZK_WITH_CUDA
  gpu_count = gpu::device_count();
#endif
  const bool use_gpu = a.backend == "gpu" || (a.backend == "auto" && gpu_count > 0);
  if (use_gpu && gpu_count == 0) {
    // a device error, not a usage one: the same command runs on a GPU machine
#if CUZK_WITH_CUDA
    std::fprintf(stderr, "cuzk bench pipeline: --backend gpu, but no CUDA device was found\n");
#else
    std::fprintf(stderr, "cuzk bench pipeline: --backend gpu, but this cuzk was built without CUDA\n");
#endif
    return kExitInternal;
  }
  const int gpus = use_gpu ? (a.gpus > 0 ? std::min(a.gpus, gpu_count) : gpu_count) : 0;

  const uint64_t total = a.budget_gb > 0 ? uint64_t(a.budget_gb * 1e9) : MemoryBudget::detect_total(uint64_t(4) << 30);
  MemoryBudget budget(total);
  std::shared_ptr<HostAllocator> alloc = std::make_shared<PlainHostAllocator>();
#if CUZK_WITH_CUDA
  if (use_gpu && a.host_memory == "pinned") alloc = std::make_shared<gpu::CudaHostAllocator>();
  if (use_gpu && a.host_memory == "register") alloc = std::make_shared<gpu::CudaRegisterAllocator>();
#endif
  PinnedPool pool(budget, alloc);

  // What each job proves: synthetic partitions, or a C1 output's.
  MatrixStore matrices(&budget);
  const PartitionSource source = a.c1.empty() ? synthetic_source(a.constraints)
                                              : c1_source(a.c1, a.prover_id, a.full_synthesis ? nullptr : &matrices,
                                                          a.matrix_dir);
  const unsigned per_job = a.c1.empty() ? a.partitions : unsigned(source.c1_partitions.size());
  const auto& dc = source.counts;
  const auto shape = dc.shape();
  const bool random_key = a.key == "random" || (a.key == "auto" && shape.num_constraints > (size_t(1) << 18));
  if (random_key && !use_gpu) throw Error("bench pipeline: a random benchmark key needs the GPU backend");
  std::printf("bench pipeline: %s, %zu constraints, %zu aux, A %zu / B %zu points; %u job(s) x %u partition(s)\n",
              source.name.c_str(), shape.num_constraints, shape.num_aux, dc.a_points(), dc.b_points(), a.jobs, per_job);
  std::printf("  backend %s%s, host memory %s (%s), budget %.1f GB, key %s\n", use_gpu ? "gpu x" : "cpu",
              use_gpu ? std::to_string(gpus).c_str() : "", a.host_memory.c_str(), alloc->name(), double(total) / 1e9,
              random_key ? "random (benchmark only: proofs do not verify)" : "real (dev setup)");

  PhaseTimer setup_t;
  auto key = std::make_shared<groth16::ProvingKey<Curve>>();
  std::vector<std::shared_ptr<ProverBackend>> backends;
  if (!random_key) {
    *key = setup_t.run("setup", [&] {
      return source.dev_setup();
    });
  } else {
    // a handle with a random verifying key; the device keys are installed below
    key->vk.alpha_g1 = key->vk.beta_g1 = key->vk.delta_g1 = ec::Affine<Curve::G1>::generator();
    key->vk.beta_g2 = key->vk.gamma_g2 = key->vk.delta_g2 = ec::Affine<Curve::G2>::generator();
  }
#if CUZK_WITH_CUDA
  for (int d = 0; d < gpus; ++d) {
    auto b = std::make_shared<GpuBackend>(d, a.workers_per_gpu, a.host_memory == "staged", a.stream);
    setup_t.run("key to gpu" + std::to_string(d), [&] {
      if (random_key) {
        const size_t n = size_t(1) << ntt::Domain<Fr>::log_size_for(shape.abc_length());
        b->install(*key, GpuBackend::DeviceKey::random_for_benchmark({n - 1, shape.num_aux, dc.a_points(), dc.b_points()},
                                                                      7, d));
      } else {
        b->preload(*key);
      }
    });
    if (a.stream) std::printf("  gpu%d: room for %zu a/b streams\n", d, b->stream_limit(shape));
    backends.push_back(b);
  }
#endif
  if (backends.empty()) backends.push_back(std::make_shared<CpuBackend>(1));
  for (const auto& [n, s] : setup_t.phases()) std::printf("  %-20s %8.2f s\n", n.c_str(), s);

  const EngineConfig ecfg = automatic_engine_config(backends, a.synthesis_threads);
  std::printf("  synthesis threads %u, ready queue %u\n", ecfg.synthesis_threads, ecfg.max_ready);
  ProvingEngine eng(ecfg, budget, pool, backends);

  auto job = [&](unsigned j, unsigned partitions) {
    JobSpec spec;
    spec.key = key;
    spec.verify_after = a.verify && !random_key;
    for (unsigned p = 0; p < partitions; ++p) spec.partitions.push_back(source.partition(j, p));
    return spec;
  };
  if (a.warmup) {
    // A service's steady state: the pool holds the buffers of every partition
    // that can be in flight, the key's index lists exist. Reach it untimed,
    // repeating while the pool still grows: pinning new buffers mid-run takes
    // the driver's lock and stalls kernels and copies for seconds.
    unsigned units = 0;
    for (const auto& b : backends) units += b->workers();
    const unsigned in_flight = std::min(per_job * a.jobs, ecfg.synthesis_threads + ecfg.max_ready + units);
    for (int round = 0; round < 3; ++round) {
      const uint64_t before = pool.stats().bytes_pinned;
      Stopwatch sw;
      auto r = eng.await(eng.submit(job(999 - round, in_flight)));
      const uint64_t after = pool.stats().bytes_pinned;
      std::printf("  warm-up %d: %u partitions, %.2f s (pool: %.1f GB)\n", round + 1, in_flight, sw.seconds(),
                  double(after) / 1e9);
      if (r.status != JobStatus::kDone) std::fprintf(stderr, "warm-up job: %s\n", r.error.c_str());
      if (after <= before + before / 20) break;  // grew by 5% or less: settled
    }
  }

  Stopwatch wall;
  const double t_start = eng.timeline().now();
  std::vector<uint64_t> ids;
  for (unsigned j = 0; j < a.jobs; ++j) ids.push_back(eng.submit(job(j, per_job)));
  std::vector<PartitionTimeline> tls;
  int failed = 0;
  for (auto id : ids) {
    auto r = eng.await(id);
    if (r.status != JobStatus::kDone) {
      std::fprintf(stderr, "job %llu: %s: %s\n", (unsigned long long)id, job_status_name(r.status), r.error.c_str());
      ++failed;
    }
    tls.insert(tls.end(), r.timelines.begin(), r.timelines.end());
  }
  const double secs = wall.seconds(), t_end = eng.timeline().now();
  print_pipeline_report(tls, secs, t_start, t_end, budget, pool);
  if (!a.trace.empty()) {
    formats::write_text_file(a.trace, eng.timeline().chrome_trace_json());
    std::printf("trace written to %s (open in Perfetto)\n", a.trace.c_str());
  }
  // the bench makes its own inputs, so a failed job is the engine's fault;
  // that includes --verify's check, which the engine reports as a failed job
  return failed ? kExitInternal : kExitOk;
}

BenchCommands::BenchCommands(CLI::App& app) {
  bench_ = app.add_subcommand("bench", "benchmarks");
  pipeline_ = bench_->add_subcommand("pipeline", "many partitions of a synthetic PoRep-shaped circuit through the engine");
  auto* p = pipeline_;
  p->add_option("--constraints", args_.constraints, "constraints per partition")->check(CLI::Range(size_t(64), size_t(1) << 27));
  p->add_option("--partitions", args_.partitions, "partitions per job")->check(CLI::Range(1u, 1024u));
  p->add_option("--jobs", args_.jobs, "jobs")->check(CLI::Range(1u, 1024u));
  p->add_option("--backend", args_.backend, "auto, cpu or gpu")->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  p->add_option("--gpus", args_.gpus, "GPUs to use (0: all)");
  p->add_option("--workers-per-gpu", args_.workers_per_gpu, "GPU workers per device")->check(CLI::Range(1u, 8u));
  p->add_option("--synthesis-threads", args_.synthesis_threads, "synthesis threads (0: automatic)");
  p->add_option("--budget-gb", args_.budget_gb, "host memory budget in GB (0: detected)");
  p->add_option("--key", args_.key, "real (dev setup), random (benchmark-only device key) or auto")
      ->check(CLI::IsMember({"auto", "real", "random"}));
  p->add_option("--host-memory", args_.host_memory,
                 "pinned (cudaHostAlloc), register (cudaHostRegister), pageable (copied as is) or staged "
                 "(pageable, copied through pinned chunks)")
      ->check(CLI::IsMember({"pinned", "register", "pageable", "staged"}));
  p->add_option("--trace", args_.trace, "write a Chrome trace JSON of every stage");
  p->add_flag("--verify", args_.verify, "verify every proof (real keys only)");
  p->add_flag("!--no-warmup", args_.warmup, "time from a cold start (no untimed job to fill the pool first)");
  p->add_flag("!--no-stream", args_.stream, "keep every partition's a/b on the host (no streaming to the GPU)");
  auto* c1 = p->add_option("--c1", args_.c1, "prove a PoRep C1 output's partitions (each job: all of them) instead of "
                                             "synthetic ones")
                 ->check(CLI::ExistingFile);
  p->add_option("--prover-id", args_.prover_id, "with --c1: the prover id (64 hex digits)")->needs(c1);
  p->add_flag("--full-synthesis", args_.full_synthesis,
              "with --c1: synthesize every constraint on the host instead of the witness alone under the circuit's "
              "recorded matrices")
      ->needs(c1);
  p->add_option("--matrix-dir", args_.matrix_dir, "with --c1: cache the circuit's recorded matrices in this folder")
      ->needs(c1);
  bench_->require_subcommand(1);
}

std::optional<int> BenchCommands::run() {
  if (pipeline_ && *pipeline_) return run_pipeline_bench(args_);
  return std::nullopt;
}

}  // namespace cuzk::app
