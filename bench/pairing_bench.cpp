// Tower and pairing benchmarks on the host: Fp2 and Fp12 multiplication (dependent
// chains), Miller loop, both final exponentiations, full pairing, and a 3-pair
// pairing check (the Groth16 verifier's shape plus one), for BLS12-381 and BN254.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ec/pairing/pairing.hpp"
#include "ff/field_io.hpp"

using namespace cuzk::ff;
using namespace cuzk::ec::pairing;

namespace {

template <class F2, class Rng>
F2 rand_fp2(Rng& rng) {
  return F2{random_element<typename F2::Base>(rng), random_element<typename F2::Base>(rng)};
}
template <class F12, class Rng>
F12 rand_fp12(Rng& rng) {
  using F2 = typename F12::F2;
  using F6 = typename F12::F6;
  auto r6 = [&] { return F6{rand_fp2<F2>(rng), rand_fp2<F2>(rng), rand_fp2<F2>(rng)}; };
  return F12{r6(), r6()};
}

// Generators (the values are irrelevant to the timing; they only need to be valid points).
AffinePoint<Bls12_381_Fp> bls_g1() {
  return {from_hex<Bls12_381_Fp>(
              "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
          from_hex<Bls12_381_Fp>(
              "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
          false};
}
AffinePoint<Bls12_381_Fp2> bls_g2() {
  using F = Bls12_381_Fp;
  return {Bls12_381_Fp2{
              from_hex<F>(
                  "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
              from_hex<F>(
                  "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")},
          Bls12_381_Fp2{
              from_hex<F>(
                  "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
              from_hex<F>(
                  "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")},
          false};
}
AffinePoint<Bn254_Fp> bn_g1() { return {Bn254_Fp::from_u64(1), Bn254_Fp::from_u64(2), false}; }
AffinePoint<Bn254_Fp2> bn_g2() {
  using F = Bn254_Fp;
  return {Bn254_Fp2{from_decimal<F>("10857046999023057135944570762232829481370756359578518086990519993285655852781"),
                    from_decimal<F>("11559732032986387107991004021392285783925812861821192530917403151452391805634")},
          Bn254_Fp2{from_decimal<F>("8495653923123431417604973247489272438418190587263600148770280649306958101930"),
                    from_decimal<F>("4082367875863433681332203403145435568316851327593401208105741076214120093531")},
          false};
}

template <class E>
struct Points;
template <>
struct Points<Bls12_381_Engine> {
  static auto g1() { return bls_g1(); }
  static auto g2() { return bls_g2(); }
};
template <>
struct Points<Bn254_Engine> {
  static auto g1() { return bn_g1(); }
  static auto g2() { return bn_g2(); }
};

template <class E>
void BM_Fp2Mul(benchmark::State& st) {
  std::mt19937_64 rng(1);
  auto a = rand_fp2<typename E::Fp2>(rng), b = rand_fp2<typename E::Fp2>(rng);
  for (auto _ : st) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
template <class E>
void BM_Fp2Sqr(benchmark::State& st) {
  std::mt19937_64 rng(1);
  auto a = rand_fp2<typename E::Fp2>(rng);
  for (auto _ : st) {
    a = a.sqr();
    benchmark::DoNotOptimize(a);
  }
}
template <class E>
void BM_Fp12Mul(benchmark::State& st) {
  std::mt19937_64 rng(1);
  auto a = rand_fp12<typename E::Fp12>(rng), b = rand_fp12<typename E::Fp12>(rng);
  for (auto _ : st) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
template <class E>
void BM_Fp12Sqr(benchmark::State& st) {
  std::mt19937_64 rng(1);
  auto a = rand_fp12<typename E::Fp12>(rng);
  for (auto _ : st) {
    a = a.sqr();
    benchmark::DoNotOptimize(a);
  }
}
template <class E>
void BM_Fp12CyclotomicSqr(benchmark::State& st) {
  std::mt19937_64 rng(1);
  auto a = rand_fp12<typename E::Fp12>(rng);
  for (auto _ : st) {
    a = a.cyclotomic_square();
    benchmark::DoNotOptimize(a);
  }
}
template <class E>
void BM_MillerLoop(benchmark::State& st) {
  auto p = Points<E>::g1();
  auto q = Points<E>::g2();
  for (auto _ : st) benchmark::DoNotOptimize(miller_loop<E>(p, q));
}
template <class E, Gt G>
void BM_FinalExp(benchmark::State& st) {
  auto f = miller_loop<E>(Points<E>::g1(), Points<E>::g2());
  for (auto _ : st) benchmark::DoNotOptimize(final_exponentiation<E>(f, G));
}
template <class E, Gt G>
void BM_Pairing(benchmark::State& st) {
  auto p = Points<E>::g1();
  auto q = Points<E>::g2();
  for (auto _ : st) benchmark::DoNotOptimize(pairing<E>(p, q, G));
}
template <class E>
void BM_PairingCheck3(benchmark::State& st) {
  using Pair = std::pair<AffinePoint<typename E::Fp>, AffinePoint<typename E::Fp2>>;
  std::vector<Pair> v(3, Pair{Points<E>::g1(), Points<E>::g2()});
  for (auto _ : st) benchmark::DoNotOptimize(pairing_check<E>(std::span<const Pair>(v)));
}

}  // namespace

BENCHMARK(BM_Fp2Mul<Bls12_381_Engine>)->Name("bls12_381/fp2_mul");
BENCHMARK(BM_Fp2Sqr<Bls12_381_Engine>)->Name("bls12_381/fp2_sqr");
BENCHMARK(BM_Fp12Mul<Bls12_381_Engine>)->Name("bls12_381/fp12_mul");
BENCHMARK(BM_Fp12Sqr<Bls12_381_Engine>)->Name("bls12_381/fp12_sqr");
BENCHMARK(BM_Fp12CyclotomicSqr<Bls12_381_Engine>)->Name("bls12_381/fp12_cyclotomic_sqr");
BENCHMARK(BM_MillerLoop<Bls12_381_Engine>)->Name("bls12_381/miller_loop")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FinalExp<Bls12_381_Engine, Gt::kExact>)->Name("bls12_381/final_exp_exact")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FinalExp<Bls12_381_Engine, Gt::kCompat>)
    ->Name("bls12_381/final_exp_compat")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing<Bls12_381_Engine, Gt::kExact>)->Name("bls12_381/pairing_exact")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing<Bls12_381_Engine, Gt::kCompat>)->Name("bls12_381/pairing_compat")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PairingCheck3<Bls12_381_Engine>)->Name("bls12_381/pairing_check_3")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Fp2Mul<Bn254_Engine>)->Name("bn254/fp2_mul");
BENCHMARK(BM_Fp2Sqr<Bn254_Engine>)->Name("bn254/fp2_sqr");
BENCHMARK(BM_Fp12Mul<Bn254_Engine>)->Name("bn254/fp12_mul");
BENCHMARK(BM_Fp12Sqr<Bn254_Engine>)->Name("bn254/fp12_sqr");
BENCHMARK(BM_Fp12CyclotomicSqr<Bn254_Engine>)->Name("bn254/fp12_cyclotomic_sqr");
BENCHMARK(BM_MillerLoop<Bn254_Engine>)->Name("bn254/miller_loop")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FinalExp<Bn254_Engine, Gt::kExact>)->Name("bn254/final_exp_exact")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FinalExp<Bn254_Engine, Gt::kCompat>)->Name("bn254/final_exp_compat")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing<Bn254_Engine, Gt::kExact>)->Name("bn254/pairing_exact")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing<Bn254_Engine, Gt::kCompat>)->Name("bn254/pairing_compat")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PairingCheck3<Bn254_Engine>)->Name("bn254/pairing_check_3")->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
