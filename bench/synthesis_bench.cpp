// Synthesis cost of the built-in circuits into a ProvingAssignment whose
// buffers are preallocated from the ShapeCounter's shape (as the engine does
// with pooled buffers): time per iteration and time per constraint.
// Also: shape counting alone, and the native Poseidon hash that witness
// generation for Merkle circuits spends its time in.
#include <benchmark/benchmark.h>

#include <random>

#include "circuits/merkle.hpp"
#include "circuits/synthetic.hpp"
#include "ff/field_io.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;

template <class Circuit>
static void run_proving(benchmark::State& st, const Circuit& c) {
  r1cs::ShapeCounter<F> sc;
  c.synthesize(sc);
  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  for (auto _ : st) {
    r1cs::ProvingAssignment<F> pa(buf.view());
    c.synthesize(pa);
    pa.finish();
    benchmark::DoNotOptimize(pa.b().data());
  }
  const double n = double(sc.shape().num_constraints);
  st.counters["constraints"] = n;
  st.counters["per_constraint"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate |
                                                            benchmark::Counter::kInvert);
}

static void BM_SyntheticProving(benchmark::State& st) {
  SyntheticCircuit<F> c({size_t(1) << st.range(0), 8, 1});
  run_proving(st, c);
}
BENCHMARK(BM_SyntheticProving)->Name("synthetic_proving/log2n")->Arg(16)->Arg(18)->Arg(20)->Unit(benchmark::kMillisecond);

static void BM_SyntheticShape(benchmark::State& st) {
  SyntheticCircuit<F> c({size_t(1) << st.range(0), 8, 1});
  for (auto _ : st) {
    r1cs::ShapeCounter<F> sc;
    c.synthesize(sc);
    size_t n = sc.shape().num_constraints;
    benchmark::DoNotOptimize(n);
  }
  const double n = double(c.shape().num_constraints);
  st.counters["per_constraint"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate |
                                                            benchmark::Counter::kInvert);
}
BENCHMARK(BM_SyntheticShape)->Name("synthetic_shape_counter/log2n")->Arg(20)->Unit(benchmark::kMillisecond);

// Args: height, challenges (arity 8).
static void BM_MerkleProving(benchmark::State& st) {
  MerkleShape s{int(st.range(0)), int(st.range(1)), 8};
  auto w = random_merkle_witness<F>(s, 1);
  PoseidonMerkleCircuit<F> c(s, &w);
  run_proving(st, c);
}
BENCHMARK(BM_MerkleProving)
    ->Name("merkle_proving/height/challenges")
    ->Args({4, 1})
    ->Args({10, 4})
    ->Args({10, 32})
    ->Unit(benchmark::kMillisecond);

static void BM_PoseidonNative(benchmark::State& st) {
  const auto& c = poseidon::filecoin_poseidon<F>(int(st.range(0)));
  std::mt19937_64 rng(1);
  std::vector<F> pre;
  for (int i = 0; i < c.arity; ++i) pre.push_back(ff::random_element<F>(rng));
  for (auto _ : st) {
    pre[0] = poseidon::hash<F>(pre, c);
    benchmark::DoNotOptimize(pre[0]);
  }
}
BENCHMARK(BM_PoseidonNative)->Name("poseidon_native/arity")->Arg(2)->Arg(8)->Arg(11)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
