// How fast keys load from files already in the page cache: a snarkjs .zkey
// (bn128, every point checked to be on the curve, or its query points left
// encoded for a GPU, as GPU hosts load it) and a bellperson .params
// (BLS12-381: every check, then again with its content remembered as
// validated, engine/validation_memo.hpp), 2^k rows (CUZK_KEY_LOAD_LOG2,
// default 16). The files are made once under
// $TMPDIR/cuzk-key-load-bench from a few distinct valid points, which decode
// exactly as dearly as distinct ones. bytes_per_second is the file's size.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "ec/scalar_mul.hpp"
#include "engine/job_key.hpp"
#include "engine/validation_memo.hpp"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/zkey_keys.hpp"

using namespace cuzk;
namespace fs = std::filesystem;

namespace {

int log2_rows() {
  const char* v = std::getenv("CUZK_KEY_LOAD_LOG2");
  return v ? std::atoi(v) : 16;
}

fs::path bench_dir() {
  const char* t = std::getenv("TMPDIR");
  fs::path d = fs::path(t ? t : "/tmp") / "cuzk-key-load-bench";
  fs::create_directories(d);
  return d;
}

// n points cycling through 16 multiples of the generator
template <class C>
std::vector<ec::Affine<C>> points(size_t n) {
  std::vector<ec::Affine<C>> few;
  auto p = ec::Jacobian<C>::generator();
  for (int i = 0; i < 16; ++i, p = p + p + ec::Jacobian<C>::generator()) few.push_back(p.to_affine());
  std::vector<ec::Affine<C>> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = few[i % few.size()];
  return out;
}

std::string zkey_file(int k) {
  using E = groth16::Bn254;
  const fs::path path = bench_dir() / ("chain_" + std::to_string(k) + ".zkey");
  if (fs::exists(path)) return path.string();
  const uint32_t n = uint32_t(1) << k;
  groth16::ZkeyProvingKey<E> pk;
  pk.n_vars = n - 2;
  pk.n_public = 1;
  pk.domain_size = n;
  const auto g1 = points<E::G1>(1);
  const auto g2 = points<E::G2>(1);
  pk.vk = {g1[0], g1[0], g2[0], g2[0], g1[0], g2[0], points<E::G1>(2)};
  // a multiplication chain's matrices: row i reads wires i and i + 1 (A, B)
  std::mt19937_64 rng(1);
  using Triple = groth16::SparseRows<E::Fr>::Triple;
  std::vector<Triple> ta, tb;
  for (uint32_t i = 0; i + 3 < n; ++i) {
    ta.push_back({i, i, ff::random_element<E::Fr>(rng)});
    tb.push_back({i, i + 1, ff::random_element<E::Fr>(rng)});
  }
  pk.qap_a = groth16::SparseRows<E::Fr>::from_triples(n, ta);
  pk.qap_b = groth16::SparseRows<E::Fr>::from_triples(n, tb);
  pk.a = points<E::G1>(pk.n_vars);
  pk.b1 = points<E::G1>(pk.n_vars);
  pk.b2 = points<E::G2>(pk.n_vars);
  pk.c = points<E::G1>(pk.n_vars - 2);
  pk.h = points<E::G1>(n);
  formats::snarkjs::write_zkey(pk, path.string() + ".tmp");
  fs::rename(path.string() + ".tmp", path);
  return path.string();
}

std::string params_file(int k) {
  using E = groth16::Bls12_381;
  const fs::path path = bench_dir() / ("synthetic_" + std::to_string(k) + ".params");
  if (fs::exists(path)) return path.string();
  const size_t n = size_t(1) << k;
  const auto g1 = points<E::G1>(1);
  const auto g2 = points<E::G2>(1);
  groth16::ProvingKey<E> pk;
  pk.vk = {g1[0], g1[0], g2[0], g2[0], g1[0], g2[0], points<E::G1>(2)};
  pk.h = points<E::G1>(n - 1);
  pk.l = points<E::G1>(n);
  pk.a = points<E::G1>(n);
  pk.b_g1 = points<E::G1>(n / 2);
  pk.b_g2 = points<E::G2>(n / 2);
  formats::bellperson::write_params(pk, path.string() + ".tmp");
  fs::rename(path.string() + ".tmp", path);
  return path.string();
}

void read_zkey(benchmark::State& st, groth16::PointStorage points) {
  const std::string path = zkey_file(log2_rows());
  for (auto _ : st) {
    auto pk = formats::snarkjs::read_zkey_file<groth16::Bn254>(path, {.points = points});
    benchmark::DoNotOptimize(pk.h.size());
  }
  st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(fs::file_size(path)));
  st.counters["rows"] = double(uint64_t(1) << log2_rows());
}

// every point decoded and checked on the host
void BM_ReadZkey(benchmark::State& st) { read_zkey(st, groth16::PointStorage::kDecoded); }
// the query points left encoded for a GPU to check (what GPU hosts load)
void BM_ReadZkeyEncoded(benchmark::State& st) { read_zkey(st, groth16::PointStorage::kEncoded); }

void read_params(benchmark::State& st, const engine::ValidationMemo& memo) {
  const std::string path = params_file(log2_rows());
  engine::load_key_file(path, memo);  // a usable memo remembers it here
  for (auto _ : st) {
    auto k = engine::load_key_file(path, memo);
    benchmark::DoNotOptimize(k);
  }
  st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(fs::file_size(path)));
  st.counters["rows"] = double(uint64_t(1) << log2_rows());
}

void BM_ReadParams(benchmark::State& st) { read_params(st, engine::ValidationMemo("")); }

void BM_ReadParamsRemembered(benchmark::State& st) {
  read_params(st, engine::ValidationMemo((bench_dir() / "validated").string()));
}

}  // namespace

BENCHMARK(BM_ReadZkey)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadZkeyEncoded)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadParams)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadParamsRemembered)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
