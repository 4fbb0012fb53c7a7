// CPU MSM throughput: BLS12-381 G1 with random 255-bit scalars, all threads
// of this machine; "CPU" is the process CPU time of all threads, the figure to
// compare per core with blst's single-thread ones (ANCHORS.md).
#include <benchmark/benchmark.h>

#include <map>
#include <random>

#include "ec/batch_affine.hpp"
#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "msm/pippenger.hpp"

using namespace cuzk;

template <class C>
static const std::vector<ec::Affine<C>>& bases(size_t n) {
  static std::map<size_t, std::vector<ec::Affine<C>>> cache;
  auto& v = cache[n];
  if (v.empty()) {
    std::mt19937_64 rng(1);
    std::vector<ec::Jacobian<C>> j(n);
    auto p = ec::Jacobian<C>::generator() * ff::random_element<typename C::Scalar>(rng);
    for (size_t i = 0; i < n; ++i) {
      j[i] = p;
      p += ec::Affine<C>::generator();
    }
    v.resize(n);
    ec::batch_to_affine<C>(std::span<const ec::Jacobian<C>>(j), std::span<ec::Affine<C>>(v));
  }
  return v;
}

template <class C>
static void BM_Msm(benchmark::State& st) {
  const size_t n = size_t(1) << st.range(0);
  const auto& b = bases<C>(n);
  std::mt19937_64 rng(2);
  std::vector<typename C::Scalar> s(n);
  for (auto& x : s) x = ff::random_element<typename C::Scalar>(rng);
  for (auto _ : st) {
    auto r = msm::pippenger<C>(b, s);
    benchmark::DoNotOptimize(r);
  }
  st.counters["threads"] = global_pool().size();
}
BENCHMARK(BM_Msm<ec::Bls12_381_G1>)->Name("bls12_381_g1_msm")->DenseRange(16, 20, 2)->Unit(benchmark::kMillisecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_Msm<ec::Bls12_381_G2>)->Name("bls12_381_g2_msm")->DenseRange(16, 16, 2)->Unit(benchmark::kMillisecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();

BENCHMARK_MAIN();
