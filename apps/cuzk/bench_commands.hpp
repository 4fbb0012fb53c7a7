// `cuzk bench pipeline`: many partitions of a PoRep-shaped synthetic circuit,
// or of a real PoRep C1 output's circuits (--c1), through the proving engine,
// reporting throughput, GPU busy fraction, H2D GB/s, stage times and peak
// host memory. Registers itself on the CLI app.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace cuzk::app {

struct PipelineBenchArgs {
  size_t constraints = size_t(1) << 16;
  unsigned partitions = 8;
  unsigned jobs = 1;
  std::string backend = "auto";  // auto | cpu | gpu
  int gpus = 0;                  // 0: all
  unsigned workers_per_gpu = 2;
  unsigned synthesis_threads = 0;  // 0: derived from cores and budget
  double budget_gb = 0;            // 0: detected
  std::string key = "auto";        // auto | real | random
  // register: pages faulted in by all threads, then cudaHostRegister (pins at
  // ~18 GB/s); pinned: cudaHostAlloc (~1.5 GB/s); pageable: copied as is;
  // staged: pageable, copied through pinned chunks.
  std::string host_memory = "register";
  bool warmup = true;  // one untimed job first: pool filled, index lists built
  bool stream = true;  // a/b stream to the GPU during synthesis where it has room
  std::string trace;               // Chrome trace JSON output
  bool verify = false;
  // A PoRep C1 output (or Curio's envelope of it): each job proves its
  // partitions (StackedDRG circuits) instead of synthetic ones.
  std::string c1;
  std::string prover_id;  // hex, with --c1
  // With --c1: synthesize every constraint (no recorded matrices), and where
  // recorded matrices are cached ("": recorded for this run only).
  bool full_synthesis = false;
  std::string matrix_dir;
};

int run_pipeline_bench(const PipelineBenchArgs& a);

class BenchCommands {
 public:
  explicit BenchCommands(CLI::App& app);
  std::optional<int> run();  // the exit code when a bench subcommand was chosen

 private:
  CLI::App* bench_ = nullptr;
  CLI::App* pipeline_ = nullptr;
  PipelineBenchArgs args_;
};

}  // namespace cuzk::app
