// Host arithmetic benchmarks: dependent chains (each result feeds the next),
// the way blst's figures in ANCHORS.md were taken.
#include <benchmark/benchmark.h>

#include <random>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"

using namespace cuzk::ff;

template <class F>
static void BM_FieldMul(benchmark::State& st) {
  std::mt19937_64 rng(1);
  F a = random_element<F>(rng), b = random_element<F>(rng);
  for (auto _ : st) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
static void BM_FieldSqr(benchmark::State& st) {
  std::mt19937_64 rng(1);
  F a = random_element<F>(rng);
  for (auto _ : st) {
    a = a.sqr();
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
static void BM_FieldAdd(benchmark::State& st) {
  std::mt19937_64 rng(1);
  F a = random_element<F>(rng), b = random_element<F>(rng);
  for (auto _ : st) {
    a = a + b;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
static void BM_FieldInverse(benchmark::State& st) {
  std::mt19937_64 rng(1);
  F a = random_element<F>(rng);
  for (auto _ : st) {
    a = a.inverse();
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_FieldMul<Bls12_381_Fp>)->Name("fp381_mul");
BENCHMARK(BM_FieldSqr<Bls12_381_Fp>)->Name("fp381_sqr");
BENCHMARK(BM_FieldAdd<Bls12_381_Fp>)->Name("fp381_add");
BENCHMARK(BM_FieldInverse<Bls12_381_Fp>)->Name("fp381_inverse");
BENCHMARK(BM_FieldMul<Bls12_381_Fr>)->Name("fr381_mul");
BENCHMARK(BM_FieldSqr<Bls12_381_Fr>)->Name("fr381_sqr");
BENCHMARK(BM_FieldMul<Bn254_Fp>)->Name("fp254_mul");
BENCHMARK(BM_FieldMul<Bn254_Fr>)->Name("fr254_mul");

BENCHMARK_MAIN();
