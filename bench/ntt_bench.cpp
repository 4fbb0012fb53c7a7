// CPU NTT throughput over BLS12-381 Fr (all cores of this machine).
#include <benchmark/benchmark.h>

#include <random>

#include "ff/field_io.hpp"
#include "ntt/ntt.hpp"

using namespace cuzk;
using F = ff::Bls12_381_Fr;

static void BM_NttForward(benchmark::State& st) {
  const int log_n = int(st.range(0));
  ntt::Domain<F> d(log_n, ff::RootConvention::kBellperson);
  std::mt19937_64 rng(1);
  std::vector<F> v(d.n);
  for (auto& x : v) x = ff::random_element<F>(rng);
  for (auto _ : st) {
    ntt::forward<F>(v, d);
    benchmark::DoNotOptimize(v.data());
  }
  st.counters["threads"] = global_pool().size();
}
BENCHMARK(BM_NttForward)->Name("fr381_ntt_forward")->DenseRange(16, 20, 2)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
