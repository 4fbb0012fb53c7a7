// Host curve benchmarks: dependent chains (each result feeds the next), as in
// host_arith_bench. Anchor: blst_p1_add_or_double_affine ~0.62 us on the
// 2-core EPYC class (shared/ANCHORS.md), to compare with g1_*_madd_jac.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ec/ec.hpp"
#include "ec/sample.hpp"
#include "ec/serialize_snarkjs.hpp"
#include "ec/serialize_zcash.hpp"

using namespace cuzk;
using namespace cuzk::ec;

template <class C>
static void BM_MixedAddJacobian(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> acc = random_subgroup_point<C>(rng);
  Affine<C> q = random_subgroup_point<C>(rng).to_affine();
  for (auto _ : st) {
    acc += q;
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_MixedAddXyzz(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Xyzz<C> acc = Xyzz<C>::from_jacobian(random_subgroup_point<C>(rng));
  Affine<C> q = random_subgroup_point<C>(rng).to_affine();
  for (auto _ : st) {
    acc += q;
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_AddJacobian(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> acc = random_subgroup_point<C>(rng);
  Jacobian<C> q = random_subgroup_point<C>(rng);
  for (auto _ : st) {
    acc += q;
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_AddXyzz(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Xyzz<C> acc = Xyzz<C>::from_jacobian(random_subgroup_point<C>(rng));
  Xyzz<C> q = Xyzz<C>::from_jacobian(random_subgroup_point<C>(rng));
  for (auto _ : st) {
    acc += q;
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_Double(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> acc = random_subgroup_point<C>(rng);
  for (auto _ : st) {
    acc = acc.dbl();
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_ScalarMul(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> acc = random_subgroup_point<C>(rng);
  auto k = ff::random_element<typename C::Scalar>(rng);
  for (auto _ : st) {
    acc = mul(acc, k);
    benchmark::DoNotOptimize(acc);
  }
}

template <class C>
static void BM_ToAffine(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_subgroup_point<C>(rng);
  for (auto _ : st) {
    auto a = p.to_affine();
    benchmark::DoNotOptimize(a);
    p.x = p.x + a.x;  // keep the input changing
  }
}

template <class C>
static void BM_SubgroupCheck(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Affine<C> p = random_subgroup_point<C>(rng).to_affine();
  for (auto _ : st) {
    bool ok = is_in_subgroup(p);
    benchmark::DoNotOptimize(ok);
  }
}

template <class C>
static void BM_SubgroupCheckByOrder(benchmark::State& st) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_subgroup_point<C>(rng);
  for (auto _ : st) {
    bool ok = is_in_subgroup_by_order(p);
    benchmark::DoNotOptimize(ok);
  }
}

// ZCash compressed decoding: canonical check, square root, sign, and (arg 1) the subgroup check.
template <class C>
static void BM_ZcashDecompress(benchmark::State& st) {
  std::mt19937_64 rng(1);
  std::vector<std::array<uint8_t, zcash::kCompressedBytes<C>>> enc;
  for (int i = 0; i < 64; ++i) enc.push_back(zcash::encode_compressed(random_subgroup_point<C>(rng).to_affine()));
  const SubgroupCheck check = st.range(0) ? SubgroupCheck::kCheck : SubgroupCheck::kSkip;
  size_t i = 0;
  for (auto _ : st) {
    auto p = zcash::decode_compressed<C>(enc[i++ & 63], check);
    benchmark::DoNotOptimize(p);
  }
}

// BN254 has no compressed file format here; this is the same work (sqrt of x^3 + b, pick the sign).
template <class C>
static void BM_DecompressFromX(benchmark::State& st) {
  std::mt19937_64 rng(1);
  std::vector<Affine<C>> pts;
  for (int i = 0; i < 64; ++i) pts.push_back(random_subgroup_point<C>(rng).to_affine());
  size_t i = 0;
  for (auto _ : st) {
    const auto& q = pts[i++ & 63];
    auto p = point_from_x<C>(q.x, q.y.is_lexicographically_largest());
    benchmark::DoNotOptimize(p);
  }
}

template <class C>
static void BM_SnarkjsDecode(benchmark::State& st) {
  std::mt19937_64 rng(1);
  std::vector<std::array<uint8_t, snarkjs::kPointBytes<C>>> enc;
  for (int i = 0; i < 64; ++i) enc.push_back(snarkjs::encode(random_subgroup_point<C>(rng).to_affine()));
  const SubgroupCheck check = st.range(0) ? SubgroupCheck::kCheck : SubgroupCheck::kSkip;
  size_t i = 0;
  for (auto _ : st) {
    auto p = snarkjs::decode<C>(enc[i++ & 63].data(), check);
    benchmark::DoNotOptimize(p);
  }
}

#define CURVE_BENCHES(C, tag)                                                       \
  BENCHMARK(BM_MixedAddJacobian<C>)->Name(tag "_madd_jac");                         \
  BENCHMARK(BM_MixedAddXyzz<C>)->Name(tag "_madd_xyzz");                            \
  BENCHMARK(BM_AddJacobian<C>)->Name(tag "_add_jac");                               \
  BENCHMARK(BM_AddXyzz<C>)->Name(tag "_add_xyzz");                                  \
  BENCHMARK(BM_Double<C>)->Name(tag "_dbl_jac");                                    \
  BENCHMARK(BM_ToAffine<C>)->Name(tag "_to_affine");                                \
  BENCHMARK(BM_ScalarMul<C>)->Name(tag "_scalar_mul")->Unit(benchmark::kMicrosecond); \
  BENCHMARK(BM_SubgroupCheck<C>)->Name(tag "_subgroup_check")->Unit(benchmark::kMicrosecond); \
  BENCHMARK(BM_SubgroupCheckByOrder<C>)->Name(tag "_subgroup_check_by_order")->Unit(benchmark::kMicrosecond); \
  BENCHMARK(BM_DecompressFromX<C>)->Name(tag "_decompress_from_x")->Unit(benchmark::kMicrosecond); \
  BENCHMARK(BM_SnarkjsDecode<C>)->Name(tag "_snarkjs_decode")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

CURVE_BENCHES(Bls12_381_G1, "bls12_381_g1")
CURVE_BENCHES(Bls12_381_G2, "bls12_381_g2")
CURVE_BENCHES(Bn254_G1, "bn254_g1")
CURVE_BENCHES(Bn254_G2, "bn254_g2")
BENCHMARK(BM_ZcashDecompress<Bls12_381_G1>)->Name("bls12_381_g1_zcash_decompress")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZcashDecompress<Bls12_381_G2>)->Name("bls12_381_g2_zcash_decompress")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
