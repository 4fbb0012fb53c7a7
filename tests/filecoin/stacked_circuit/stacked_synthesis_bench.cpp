// Synthesis speed of one StackedDRG PoRep partition from a real sparse
// sector's C1 output: a counting pass (r1cs::ShapeCounter), then full
// syntheses into an r1cs::ProvingAssignment on 1 thread and on N threads
// (one challenge per thread), each timed, with constraints per second, the
// peak resident memory of the step, and a digest of the assignment (inputs,
// aux, a, b, densities) that must agree between the runs. Then the
// witness-only path: the partition's matrices recorded (r1cs::MatrixRecorder),
// the witness synthesized alone (r1cs::WitnessAssignment) on 1 and N threads,
// and a = A z, b = B z with C z checked on the host's N threads, its digest
// against full synthesis's.
// Usage: filecoin_stacked_synthesis_bench [2KiB|8MiB|512MiB|32GiB] [--threads N]
//        [--partition K] [--repeat R] [--no-sequential] [--no-digest] [--no-witness-only]
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "core/timer.hpp"
#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "filecoin/sparse_sector/sparse_seal.hpp"
#include "r1cs/matrix_recorder.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::filled;

namespace {

// Peak resident set since the last reset_peak_rss(), in GiB (VmHWM).
double peak_rss_gib() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / (1024.0 * 1024.0);
  return 0;
}
double rss_gib() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / (1024.0 * 1024.0);
  return 0;
}
void reset_peak_rss() {
  std::ofstream f("/proc/self/clear_refs");
  f << "5";
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// A fast order-dependent digest (not cryptographic: it only has to tell two
// syntheses apart).
struct Digest {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  void words(const void* p, size_t bytes) {
    const auto* w = static_cast<const uint64_t*>(p);
    uint64_t a = h, b = bytes;
    for (size_t i = 0; i < bytes / 8; ++i) {
      a = (a ^ w[i]) * 0xff51afd7ed558ccdull;
      b += a >> 29;
    }
    h = a ^ (b * 0xc4ceb9fe1a85ec53ull);
  }
  template <class T>
  void span(std::span<const T> s) { words(s.data(), s.size_bytes()); }
  void density(const r1cs::Density& d) {
    for (size_t i = 0; i < d.size(); i += 64) {
      uint64_t w = 0;
      for (size_t j = i; j < std::min(d.size(), i + 64); ++j) w |= uint64_t(d.get(j)) << (j - i);
      words(&w, 8);
    }
  }
};

struct Row {
  std::string what;
  double wall = 0, cpu = 0, peak = 0;
  size_t constraints = 0;
};

std::vector<Row> table;

void print_row(const Row& r) {
  std::printf("%-34s %9.3f s %9.3f s cpu", r.what.c_str(), r.wall, r.cpu);
  if (r.constraints) std::printf(" %8.2f M/s", double(r.constraints) / r.wall * 1e-6);
  else std::printf(" %10s", "");
  std::printf(" %8.2f GiB", r.peak);
  std::printf("\n");
  std::fflush(stdout);
}

template <class Fn>
void step(const std::string& what, size_t constraints, Fn&& fn) {
  reset_peak_rss();
  const double c0 = cpu_seconds();
  Stopwatch sw;
  fn();
  Row r{what, sw.seconds(), cpu_seconds() - c0, peak_rss_gib(), constraints};
  print_row(r);
  table.push_back(r);
}

// One synthesis into the buffers (allocated and touched once, as the
// engine's pool buffers are).
std::unique_ptr<r1cs::ProvingAssignment<Fr>> synthesize_once(const stacked::StackedCircuitInputs& in,
                                                             const r1cs::CircuitShape& shape, ThreadPool& pool,
                                                             r1cs::OwnedAssignmentBuffers<Fr>& buf) {
  auto cs = std::make_unique<r1cs::ProvingAssignment<Fr>>(buf.view());
  stacked::synthesize_stacked_porep(*cs, in, pool);
  cs->finish();
  if (cs->shape() != shape) throw Error("synthesis gave another shape than the count");
  if (cs->first_unsatisfied()) throw Error("constraint " + std::to_string(*cs->first_unsatisfied()) + " unsatisfied");
  return cs;
}

uint64_t digest_of(const r1cs::ProvingAssignment<Fr>& cs) {
  Digest d;
  d.span(cs.inputs());
  d.span(cs.aux());
  d.span(cs.a());
  d.span(cs.b());
  d.density(cs.a_aux_density());
  d.density(cs.b_input_density());
  d.density(cs.b_aux_density());
  return d.h | 1;
}

}  // namespace

int main(int argc, char** argv) try {
  std::string size = "512MiB";
  unsigned threads = 0;
  size_t partition = 0, repeat = 1;
  bool sequential = true, digest = true, witness_only = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw Error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--threads") threads = unsigned(std::stoul(next()));
    else if (a == "--partition") partition = std::stoul(next());
    else if (a == "--repeat") repeat = std::max<size_t>(1, std::stoul(next()));
    else if (a == "--no-sequential") sequential = false;
    else if (a == "--no-digest") digest = false;
    else if (a == "--no-witness-only") witness_only = false;
    else if (a == "--help" || a == "-h") {
      std::printf("usage: %s [2KiB|8MiB|512MiB|32GiB|64GiB] [--threads N (default: all cores)] [--partition K]\n"
                  "          [--repeat R] [--no-sequential] [--no-digest] [--no-witness-only]\n", argv[0]);
      return 0;
    } else if (a.rfind("--", 0) == 0) throw Error("unknown option " + a);
    else size = a;
  }
  if (size == "32" || size == "64") size += "GiB";
  if (threads == 0) threads = default_thread_count();

  SparseSealRequest r;
  r.proof = seal_proof_from_name("StackedDrg" + size + "V1_1");
  r.prover_id = filled(0);
  r.prover_id[0] = 0xe8;
  r.prover_id[1] = 0x03;
  r.sector_id = 1;
  r.ticket = trunc254(filled(0x11));
  r.seed = trunc254(filled(0x22));
  r.default_label = trunc254(filled(0x5a));

  std::printf("StackedDRG partition synthesis, %s sector, partition %zu, %u threads (%u cores online)\n",
              size.c_str(), partition, threads, std::thread::hardware_concurrency());
  std::printf("%-34s %11s %13s %11s %12s\n", "step", "wall", "cpu", "rate", "peak RSS");

  std::unique_ptr<SparseSeal> sealed;
  step("sparse sector + C1 (pool)", 0, [&] {
    sealed = std::make_unique<SparseSeal>(seal_sparse(r));
  });
  stacked::StackedCircuitInputs in;
  step("partition circuit inputs", 0, [&] {
    in = stacked::stacked_circuit_inputs(sealed->c1, partition);
  });
  sealed.reset();
  std::printf("  layers %zu, challenges %zu, resident %.2f GiB\n", in.layers, in.challenges.size(), rss_gib());

  r1cs::CircuitShape shape;
  step("count (ShapeCounter)", 0, [&] {
    r1cs::ShapeCounter<Fr> cs;
    stacked::synthesize_stacked_porep(cs, in);
    shape = cs.shape();
  });
  table.back().constraints = shape.num_constraints;
  const double count_s = table.back().wall;
  std::printf("  inputs %zu, aux %zu, constraints %zu (+%zu input constraints); assignment %.2f GiB\n",
              shape.num_inputs, shape.num_aux, shape.num_constraints, shape.num_inputs,
              double((shape.num_inputs + shape.num_aux + 2 * shape.abc_length()) * sizeof(Fr)) / (1u << 30));

  ThreadPool one(1);
  std::unique_ptr<ThreadPool> many;
  if (threads > 1) many = std::make_unique<ThreadPool>(threads);
  std::unique_ptr<r1cs::OwnedAssignmentBuffers<Fr>> buf;
  step("allocate assignment buffers", 0, [&] {
    buf = std::make_unique<r1cs::OwnedAssignmentBuffers<Fr>>(shape);
  });
  // Stale values of the previous run must not reach the next digest.
  auto scramble = [&] {
    for (auto* v : {&buf->inputs, &buf->aux, &buf->a, &buf->b}) std::memset((void*)v->data(), 0xa5, v->size() * sizeof(Fr));
  };
  uint64_t d1 = 0, dn = 0;
  for (size_t k = 0; k < repeat; ++k) {
    if (sequential) {
      if (digest) scramble();
      std::unique_ptr<r1cs::ProvingAssignment<Fr>> cs;
      step("synthesis, 1 thread", shape.num_constraints, [&] {
        cs = synthesize_once(in, shape, one, *buf);
      });
      if (digest) std::printf("  digest %016llx\n", (unsigned long long)(d1 = digest_of(*cs)));
    }
    if (many) {
      if (digest) scramble();
      std::unique_ptr<r1cs::ProvingAssignment<Fr>> cs;
      step("synthesis, " + std::to_string(threads) + " threads", shape.num_constraints, [&] {
        cs = synthesize_once(in, shape, *many, *buf);
      });
      if (k == 0)
        std::printf("  (the first run includes counting one challenge's shape once per process, ~%.3f s)\n",
                    count_s / double(in.challenges.size()));
      if (digest) std::printf("  digest %016llx\n", (unsigned long long)(dn = digest_of(*cs)));
    }
  }
  if (digest && sequential && many) {
    std::printf("digests %s\n", d1 == dn ? "agree" : "DIFFER");
    if (d1 != dn) return 2;
  }
  if (witness_only) {
    const uint64_t want = sequential ? d1 : dn;
    r1cs::ConstraintMatrices<Fr> m;
    step("record matrices", shape.num_constraints, [&] {
      r1cs::MatrixRecorder<Fr> rec;
      stacked::synthesize_stacked_porep(rec, in);
      m = std::move(rec).finish();
    });
    std::printf("  A/B/C %zu/%zu/%zu entries, %zu/%zu/%zu coefficients, %.2f GB\n", m.a.entries(), m.b.entries(),
                m.c.entries(), m.a.table.size(), m.b.table.size(), m.c.table.size(), double(m.bytes()) / 1e9);
    std::vector<Fr> z(shape.num_inputs + shape.num_aux);
    std::memset((void*)z.data(), 0xa5, z.size() * sizeof(Fr));
    const std::span<Fr> zi(z.data(), shape.num_inputs), za(z.data() + shape.num_inputs, shape.num_aux);
    for (size_t k = 0; k < repeat; ++k) {
      for (ThreadPool* pool : {&one, many.get()}) {
        if (!pool || (pool == &one && !sequential)) continue;
        step("witness only, " + std::to_string(pool->size()) + (pool->size() == 1 ? " thread" : " threads"),
             shape.num_constraints, [&] {
               r1cs::WitnessAssignment<Fr> wa(zi, za, shape.num_constraints);
               stacked::synthesize_stacked_porep(wa, in, *pool);
               if (wa.shape() != shape) throw Error("witness-only synthesis gave another shape than the count");
             });
      }
    }
    if (digest) scramble();
    std::unique_ptr<r1cs::ProvingAssignment<Fr>> cs;
    ThreadPool& pool = many ? *many : one;
    step("A z, B z, C z check, " + std::to_string(pool.size()) + " threads", shape.num_constraints, [&] {
      cs = std::make_unique<r1cs::ProvingAssignment<Fr>>(r1cs::AssignmentBuffers<Fr>{zi, za, buf->a, buf->b});
      cs->complete_from(m, false, pool);
    });
    if (cs->first_unsatisfied()) throw Error("the matrices find constraint " + std::to_string(*cs->first_unsatisfied()) + " unsatisfied");
    if (digest) {
      const uint64_t dw = digest_of(*cs);
      std::printf("  digest %016llx: witness-only and full synthesis %s\n", (unsigned long long)dw,
                  dw == want ? "agree" : "DIFFER");
      if (dw != want) return 2;
    }
  }
  std::printf("\nsummary (%s, %zu constraints):\n", size.c_str(), shape.num_constraints);
  for (const auto& row : table)
    if (row.constraints && row.what.rfind("count", 0) != 0)
      std::printf("  %-22s %8.3f s  %7.2f M constraints/s  peak %.2f GiB\n", row.what.c_str(), row.wall,
                  double(row.constraints) / row.wall * 1e-6, row.peak);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "filecoin_stacked_synthesis_bench: %s\n", e.what());
  return 1;
}
