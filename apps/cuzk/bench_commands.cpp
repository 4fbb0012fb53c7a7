#include "bench_commands.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <thread>

#include "circuits/synthetic.hpp"
#include "core/timer.hpp"
#include "engine/proving_engine.hpp"
#include "engine/synthetic_partition.hpp"
#include "exit_codes.hpp"
#include "formats/public_inputs_json.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "pipeline_report.hpp"
#include "r1cs/density_counter.hpp"
#if CUZK_WITH_CUDA
#include "engine/cuda/gpu_backend.hpp"
#include "gpu/device.hpp"
#include "gpu/pinned_allocator.hpp"
#include "groth16/cuda/gpu_prover.hpp"
#endif

namespace cuzk::app {

using namespace engine;

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
  const bool random_key = a.key == "random" || (a.key == "auto" && a.constraints > (size_t(1) << 18));
  if (random_key && !use_gpu) throw Error("bench pipeline: a random benchmark key needs the GPU backend");

  const uint64_t total = a.budget_gb > 0 ? uint64_t(a.budget_gb * 1e9) : MemoryBudget::detect_total(uint64_t(4) << 30);
  MemoryBudget budget(total);
  std::shared_ptr<HostAllocator> alloc = std::make_shared<PlainHostAllocator>();
#if CUZK_WITH_CUDA
  if (use_gpu && a.host_memory == "pinned") alloc = std::make_shared<gpu::CudaHostAllocator>();
  if (use_gpu && a.host_memory == "register") alloc = std::make_shared<gpu::CudaRegisterAllocator>();
#endif
  PinnedPool pool(budget, alloc);

  SyntheticPartition shape_circuit(a.constraints, 1);
  r1cs::DensityCounter<Fr> dc;
  shape_circuit.circuit().synthesize(dc);
  const auto shape = dc.shape();
  std::printf("bench pipeline: synthetic circuit, %zu constraints, %zu aux, A %zu / B %zu points; %u job(s) x %u partition(s)\n",
              shape.num_constraints, shape.num_aux, dc.a_points(), dc.b_points(), a.jobs, a.partitions);
  std::printf("  backend %s%s, host memory %s (%s), budget %.1f GB, key %s\n", use_gpu ? "gpu x" : "cpu",
              use_gpu ? std::to_string(gpus).c_str() : "", a.host_memory.c_str(), alloc->name(), double(total) / 1e9,
              random_key ? "random (benchmark only: proofs do not verify)" : "real (dev setup)");

  PhaseTimer setup_t;
  auto key = std::make_shared<groth16::ProvingKey<Curve>>();
  std::vector<std::shared_ptr<ProverBackend>> backends;
  if (!random_key) {
    *key = setup_t.run("setup", [&] {
      return groth16::generate_random_parameters<Curve>([&](auto& cs) { shape_circuit.circuit().synthesize(cs); });
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
    for (unsigned p = 0; p < partitions; ++p)
      spec.partitions.push_back(std::make_shared<SyntheticPartition>(a.constraints, 1000 * j + p + 1));
    return spec;
  };
  if (a.warmup) {
    // A service's steady state: the pool holds the buffers of every partition
    // that can be in flight, the key's index lists exist. Reach it untimed,
    // repeating while the pool still grows: pinning new buffers mid-run takes
    // the driver's lock and stalls kernels and copies for seconds.
    unsigned units = 0;
    for (const auto& b : backends) units += b->workers();
    const unsigned in_flight = std::min(a.partitions * a.jobs, ecfg.synthesis_threads + ecfg.max_ready + units);
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
  for (unsigned j = 0; j < a.jobs; ++j) ids.push_back(eng.submit(job(j, a.partitions)));
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
  bench_->require_subcommand(1);
}

std::optional<int> BenchCommands::run() {
  if (pipeline_ && *pipeline_) return run_pipeline_bench(args_);
  return std::nullopt;
}

}  // namespace cuzk::app
