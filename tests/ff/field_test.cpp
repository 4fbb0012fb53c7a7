// Field laws on random values, checked against GMP as an independent reference.
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <random>

#include "ff/binary_inverse.hpp"
#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "ff/roots.hpp"

using namespace cuzk;
using namespace cuzk::ff;

template <class F>
mpz_class to_mpz(const F& x) {
  return mpz_class(to_decimal(x));
}
template <class F>
mpz_class modulus() {
  auto p = F::Params::modulus();
  mpz_class r = 0;
  for (int i = F::N - 1; i >= 0; --i) r = (r << 64) + mpz_class(std::to_string(p.v[i]));
  return r;
}

template <class F>
class FieldTest : public ::testing::Test {};
using AllFields = ::testing::Types<Bls12_381_Fp, Bls12_381_Fr, Bn254_Fp, Bn254_Fr>;
TYPED_TEST_SUITE(FieldTest, AllFields);

TYPED_TEST(FieldTest, ModulusMatchesGeneratedConstants) {
  using F = TypeParam;
  mpz_class p = modulus<F>();
  EXPECT_EQ(mpz_sizeinbase(p.get_mpz_t(), 2), size_t(F::kBits));
  EXPECT_NE(mpz_probab_prime_p(p.get_mpz_t(), 30), 0);
  // Montgomery one is R mod p: its canonical value must be 1.
  EXPECT_EQ(to_mpz(F::one()), 1);
  EXPECT_EQ(to_mpz(F::from_u64(42)), 42);
}

TYPED_TEST(FieldTest, ArithmeticMatchesGmp) {
  using F = TypeParam;
  std::mt19937_64 rng(7);
  mpz_class p = modulus<F>();
  for (int i = 0; i < 2000; ++i) {
    F a = random_element<F>(rng), b = random_element<F>(rng);
    mpz_class A = to_mpz(a), B = to_mpz(b);
    ASSERT_LT(A, p);
    mpz_class s = (A + B) % p, d = ((A - B) % p + p) % p, m = (A * B) % p, q = (A * A) % p, n = (p - A) % p;
    ASSERT_EQ(to_mpz(a + b), s);
    ASSERT_EQ(to_mpz(a - b), d);
    ASSERT_EQ(to_mpz(a * b), m);
    ASSERT_EQ(to_mpz(a.sqr()), q);
    ASSERT_EQ(to_mpz(-a), n);
    ASSERT_EQ(to_mpz(a.dbl()), (2 * A) % p);
  }
}

TYPED_TEST(FieldTest, EdgeValues) {
  using F = TypeParam;
  mpz_class p = modulus<F>();
  F pm1 = -F::one();
  EXPECT_EQ(to_mpz(pm1), p - 1);
  EXPECT_TRUE((pm1 + F::one()).is_zero());
  EXPECT_EQ(pm1 * pm1, F::one());
  EXPECT_TRUE((-F::zero()).is_zero());
  EXPECT_TRUE(F::zero().inverse().is_zero());
  EXPECT_EQ(F::one().inverse(), F::one());
  EXPECT_EQ(pm1.inverse(), pm1);
}

TYPED_TEST(FieldTest, InverseAndBatchInverse) {
  using F = TypeParam;
  std::mt19937_64 rng(11);
  std::vector<F> xs(257);
  for (auto& x : xs) x = random_element<F>(rng);
  xs[3] = F::zero();
  std::vector<F> inv = xs;
  batch_inverse<F>(inv);
  for (size_t i = 0; i < xs.size(); ++i) {
    if (xs[i].is_zero()) {
      EXPECT_TRUE(inv[i].is_zero());
      continue;
    }
    EXPECT_EQ(inv[i], xs[i].inverse());
    EXPECT_TRUE((inv[i] * xs[i]).is_one());
  }
}

// The binary inverse equals Fermat's, at random and edge values (1, 2, -1,
// small, zero, Montgomery values with many trailing zeros).
TYPED_TEST(FieldTest, BinaryInverseMatchesFermat) {
  using F = TypeParam;
  std::mt19937_64 rng(12);
  std::vector<F> xs = {F::one(), F::from_u64(2), -F::one(), F::from_u64(3), -F::from_u64(2), F::zero()};
  for (int i = 0; i < 300; ++i) xs.push_back(random_element<F>(rng));
  // Montgomery values with long runs of trailing zeros (more than a 64-bit
  // word: the inversion strips them at most 63 at a time)
  for (int bit : {1, 63, 64, 65, 127, 128, 129, F::kBits - 2}) {
    Limbs<F::N> m{};
    m.v[bit / 64] = uint64_t(1) << (bit % 64);
    xs.push_back(F::from_montgomery(m));
    m.v[F::N - 1] |= uint64_t(1) << ((F::kBits - 3) % 64);  // and a high bit too
    xs.push_back(F::from_montgomery(m));
  }
  for (const F& x : xs) {
    EXPECT_EQ(inverse_binary(x), x.inverse()) << to_decimal(x);
    if (!x.is_zero()) {
      EXPECT_TRUE((inverse_binary(x) * x).is_one());
    }
  }
}

TYPED_TEST(FieldTest, PowLegendreSqrt) {
  using F = TypeParam;
  std::mt19937_64 rng(13);
  mpz_class p = modulus<F>();
  int squares = 0;
  for (int i = 0; i < 60; ++i) {
    F a = random_element<F>(rng);
    uint64_t e = rng();
    mpz_class r;
    mpz_class A = to_mpz(a);
    mpz_powm_ui(r.get_mpz_t(), A.get_mpz_t(), e, p.get_mpz_t());
    ASSERT_EQ(to_mpz(a.pow(e)), r);
    int leg = mpz_legendre(A.get_mpz_t(), p.get_mpz_t());
    ASSERT_EQ(a.legendre(), leg);
    F s;
    bool ok = a.sqrt(s);
    ASSERT_EQ(ok, leg == 1);
    if (ok) {
      ++squares;
      ASSERT_EQ(s.sqr(), a);
    }
    F sq = a.sqr(), root;
    ASSERT_TRUE(sq.sqrt(root));
    ASSERT_TRUE(root == a || root == -a);
  }
  EXPECT_GT(squares, 10);
  EXPECT_EQ(F::zero().legendre(), 0);
}

TYPED_TEST(FieldTest, BytesAndStringsRoundTrip) {
  using F = TypeParam;
  std::mt19937_64 rng(17);
  for (int i = 0; i < 200; ++i) {
    F a = random_element<F>(rng);
    uint8_t le[F::kBytes], be[F::kBytes];
    to_bytes_le(a, le);
    to_bytes_be(a, be);
    for (int k = 0; k < F::kBytes; ++k) ASSERT_EQ(le[k], be[F::kBytes - 1 - k]);
    ASSERT_EQ(from_bytes_le<F>(le, F::kBytes), a);
    ASSERT_EQ(from_bytes_be<F>(be, F::kBytes), a);
    ASSERT_EQ(from_decimal<F>(to_decimal(a)), a);
    ASSERT_EQ(from_hex<F>(to_hex(a)), a);
    ASSERT_EQ(to_mpz(a), mpz_class(to_hex(a), 16));
  }
}

TYPED_TEST(FieldTest, DecodersRejectBadInput) {
  using F = TypeParam;
  mpz_class p = modulus<F>();
  EXPECT_THROW(from_decimal<F>(p.get_str()), DecodeError);
  EXPECT_THROW(from_decimal<F>(""), DecodeError);
  EXPECT_THROW(from_decimal<F>("12a"), DecodeError);
  EXPECT_THROW(from_decimal<F>("-1"), DecodeError);
  EXPECT_THROW(from_hex<F>(p.get_str(16)), DecodeError);
  EXPECT_EQ(to_mpz(from_decimal<F>(mpz_class(p - 1).get_str())), p - 1);
  uint8_t le[F::kBytes];
  for (int k = 0; k < F::kBytes; ++k) le[k] = 0xff;
  EXPECT_THROW(from_bytes_le<F>(le, F::kBytes), DecodeError);
}

template <class F>
void check_roots(RootConvention conv, int generator) {
  mpz_class p = modulus<F>();
  F g = multiplicative_generator<F>(conv);
  EXPECT_EQ(to_mpz(g), generator);
  // g generates the whole group: g^((p-1)/q) != 1 for the prime q = 2
  EXPECT_EQ(g.legendre(), -1);
  for (int log_n : {1, 2, 10, F::Params::kTwoAdicity}) {
    F w = root_of_unity<F>(log_n, conv);
    F x = w;
    for (int i = 0; i < log_n - 1; ++i) x = x.sqr();
    EXPECT_EQ(x, -F::one()) << "w^(n/2) must be -1 (primitive), log_n=" << log_n;
    EXPECT_TRUE(x.sqr().is_one());
  }
}

// The roots' values, pinned: the order checks above hold for any primitive
// root, but a prover's proofs only verify with the domain its key was made
// for. Both conventions define the 2^k-th root as g^((r-1)/2^k):
//   bellperson (blstrs Scalar, ff's PrimeField): ROOT_OF_UNITY = 7^t with
//     r - 1 = 2^S t, t odd; EvaluationDomain squares it S - k times;
//   snarkjs (ffjavascript FFT): nqr = the smallest quadratic non-residue
//     (5 for both scalar fields), w[s] = nqr^t, w[k] = w[k+1]^2.
// The numbers were computed outside this code base, with Python:
//   s, t = 0, r - 1
//   while t % 2 == 0: s, t = s + 1, t // 2
//   nqr = next(g for g in range(2, 100) if pow(g, (r - 1) // 2, r) == r - 1)
//   [pow(g, (r - 1) >> k, r) for k in (s, 20, 10, 2)]
// with r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
// (BLS12-381, s = 32) and r = 2188824287183927522224640574525727508854836440
// 0416034343698204186575808495617 (BN254, s = 28). The BLS12-381 generator-7
// root for k = 32 is blstrs's ROOT_OF_UNITY (0x16a2a19e...439f0d2b), the
// BN254 one arkworks's TWO_ADIC_ROOT_OF_UNITY; the generator-5 values are
// curve.Fr.w[k] of the ffjavascript that tools/snarkjs pins. bellperson has no BN254 field: our
// kBellperson domains on BN254 (bellperson-format keys over BN254) use the
// generator-5 roots too, and that is pinned as well.
struct PinnedRoot {
  int log_n;
  const char* value;  // decimal
};

template <class F>
void check_pinned_roots(RootConvention conv, const char* conv_name, std::initializer_list<PinnedRoot> pinned) {
  for (const auto& [log_n, value] : pinned)
    EXPECT_EQ(to_decimal(root_of_unity<F>(log_n, conv)), std::string(value))
        << conv_name << " primitive 2^" << log_n << "-th root of unity";
}

TEST(Roots, Bls12_381_FrBothConventions) {
  EXPECT_EQ(Bls12_381_FrParams::kTwoAdicity, 32);
  check_roots<Bls12_381_Fr>(RootConvention::kBellperson, 7);
  check_roots<Bls12_381_Fr>(RootConvention::kSnarkjs, 5);
  check_pinned_roots<Bls12_381_Fr>(
      RootConvention::kBellperson, "bellperson (7)",
      {{32, "10238227357739495823651030575849232062558860180284477541189508159991286009131"},
       {20, "1755840822790712607783180844474754741366353396308200820563736496551326485835"},
       {10, "22781213702924172180523978385542388841346373992886390990881355510284839737428"},
       {2, "3465144826073652318776269530687742778270252468765361963008"}});
  check_pinned_roots<Bls12_381_Fr>(
      RootConvention::kSnarkjs, "snarkjs (5)",
      {{32, "937917089079007706106976984802249742464848817460758522850752807661925904159"},
       {20, "23615957371642610195417524132420957372617874794160903688435201581369949179370"},
       {10, "21328829733576761151404230261968752855781179864716879432436835449516750606329"},
       {2, "3465144826073652318776269530687742778270252468765361963008"}});
}

TEST(Roots, Bn254_Fr) {
  EXPECT_EQ(Bn254_FrParams::kTwoAdicity, 28);
  for (auto [conv, name] : {std::pair{RootConvention::kSnarkjs, "snarkjs (5)"},
                            std::pair{RootConvention::kBellperson, "bellperson-format keys on BN254 (5)"}}) {
    check_roots<Bn254_Fr>(conv, 5);
    check_pinned_roots<Bn254_Fr>(
        conv, name,
        {{28, "19103219067921713944291392827692070036145651957329286315305642004821462161904"},
         {20, "17220337697351015657950521176323262483320249231368149235373741788599650842711"},
         {10, "3161067157621608152362653341354432744960400845131437947728257924963983317266"},
         {2, "21888242871839275217838484774961031246007050428528088939761107053157389710902"}});
  }
}
