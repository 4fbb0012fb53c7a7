// Group laws, representation agreement, scalar multiplication, subgroup checks
// and curve constants for BLS12-381 and BN254 G1/G2, on random points. The
// fast subgroup checks are compared with the definition [r]P == O, also on
// points with small-order torsion components (where a wrong check would slip).
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ec/batch_affine.hpp"
#include "ec/ec.hpp"
#include "ec/sample.hpp"
#include "ff/field_io.hpp"

using namespace cuzk;
using namespace cuzk::ec;

namespace {

template <int N>
mpz_class to_mpz(const ff::Limbs<N>& l) {
  mpz_class r;
  mpz_import(r.get_mpz_t(), N, -1, sizeof(uint64_t), 0, 0, l.v);
  return r;
}

template <int N>
ff::Limbs<N> to_limbs(const mpz_class& v) {
  ff::Limbs<N> l{};
  size_t count = 0;
  EXPECT_LE(mpz_sizeinbase(v.get_mpz_t(), 2), size_t(64 * N));
  mpz_export(l.v, &count, -1, sizeof(uint64_t), 0, 0, v.get_mpz_t());
  return l;
}

template <class C>
mpz_class order_r() {
  return to_mpz(C::Scalar::Params::modulus());
}

// Small primes dividing each cofactor (from trial division); BN254 G1 has none.
template <class C>
std::vector<unsigned long> torsion_primes() {
  if constexpr (std::is_same_v<C, Bls12_381_G1>) return {3, 11, 10177, 859267, 52437899};
  if constexpr (std::is_same_v<C, Bls12_381_G2>) return {13, 23, 2713, 11953, 262069};
  if constexpr (std::is_same_v<C, Bn254_G2>) return {10069};
  return {};
}

// A Jacobian point with a random Z, so formulas are exercised off Z = 1.
template <class C, class Rng>
Jacobian<C> rescale(const Jacobian<C>& p, Rng& rng) {
  auto l = random_base<C>(rng);
  auto l2 = l.sqr();
  return Jacobian<C>{p.x * l2, p.y * l2 * l, p.z * l};
}

template <class C>
class GroupTest : public ::testing::Test {};
using AllCurves = ::testing::Types<Bls12_381_G1, Bls12_381_G2, Bn254_G1, Bn254_G2>;
TYPED_TEST_SUITE(GroupTest, AllCurves);

TYPED_TEST(GroupTest, GeneratorOnCurveAndInSubgroup) {
  using C = TypeParam;
  auto g = Affine<C>::generator();
  EXPECT_TRUE(g.is_on_curve());
  EXPECT_TRUE(is_in_subgroup(g));
  EXPECT_TRUE(is_in_subgroup_by_order(Jacobian<C>::generator()));
  EXPECT_FALSE(Jacobian<C>::generator().is_infinity());
}

TYPED_TEST(GroupTest, GroupLawsJacobian) {
  using C = TypeParam;
  using J = Jacobian<C>;
  std::mt19937_64 rng(11);
  for (int it = 0; it < 20; ++it) {
    // Arbitrary curve points: the group law holds on all of E, not only on the subgroup.
    J p = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    J q = rescale(random_subgroup_point<C>(rng), rng);
    J r = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    ASSERT_TRUE(p.is_on_curve() && q.is_on_curve() && r.is_on_curve());
    EXPECT_EQ((p + q) + r, p + (q + r));
    EXPECT_EQ(p + q, q + p);
    EXPECT_TRUE((p + q).is_on_curve());
    EXPECT_TRUE((p + (-p)).is_infinity());
    EXPECT_TRUE((p - p).is_infinity());
    EXPECT_EQ(p + J::infinity(), p);
    EXPECT_EQ(J::infinity() + p, p);
    EXPECT_EQ(p.dbl(), p + p);
    EXPECT_EQ(p + rescale(p, rng), p.dbl());  // equal points in different coordinates still double
    EXPECT_TRUE(p.dbl().is_on_curve());
    EXPECT_EQ((p + q) - q, p);
    EXPECT_NE(p, q);
    EXPECT_NE(p, -p);
  }
  EXPECT_TRUE(J::infinity().dbl().is_infinity());
  EXPECT_TRUE((J::infinity() + J::infinity()).is_infinity());
  EXPECT_TRUE(J::infinity().is_on_curve());
  EXPECT_TRUE(J::infinity().to_affine().is_infinity());
}

TYPED_TEST(GroupTest, MixedAdditionMatchesFullAddition) {
  using C = TypeParam;
  using J = Jacobian<C>;
  using A = Affine<C>;
  std::mt19937_64 rng(12);
  for (int it = 0; it < 20; ++it) {
    J p = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    A q = random_curve_point<C>(rng);
    EXPECT_EQ(p + q, p + J::from_affine(q));
    EXPECT_EQ(q + p, p + q);
    EXPECT_EQ(p - q, p + J::from_affine(-q));
    A pa = p.to_affine();
    EXPECT_EQ(p + pa, p.dbl());           // doubling reached through the mixed sum
    EXPECT_TRUE((p + (-pa)).is_infinity());
    EXPECT_EQ(J::infinity() + q, q);
    EXPECT_EQ(p + A::infinity(), p);
    J acc = p;
    acc += q;
    acc -= q;
    EXPECT_EQ(acc, p);
  }
}

TYPED_TEST(GroupTest, XyzzAgreesWithJacobian) {
  using C = TypeParam;
  using J = Jacobian<C>;
  using X = Xyzz<C>;
  using A = Affine<C>;
  std::mt19937_64 rng(13);
  for (int it = 0; it < 20; ++it) {
    J p = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    J q = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    A qa = q.to_affine();
    X px = X::from_jacobian(p), qx = X::from_jacobian(q);
    ASSERT_TRUE(px.is_on_curve());
    EXPECT_EQ(px, p);
    EXPECT_EQ(px.to_jacobian(), p);
    EXPECT_EQ(px.to_affine(), p.to_affine());
    EXPECT_EQ(px + qx, p + q);
    EXPECT_EQ(qx + px, p + q);
    EXPECT_EQ(px + qa, p + q);
    EXPECT_EQ(px + qa, px + qx);  // mixed equals full in XYZZ too
    EXPECT_EQ(px.dbl(), p.dbl());
    EXPECT_EQ(px + px, p.dbl());
    EXPECT_EQ(X::dbl_affine(qa), q.dbl());
    EXPECT_EQ(X::from_affine(qa) + qa, q.dbl());  // mixed add of a point to itself
    EXPECT_TRUE((px + (-px)).is_infinity());
    EXPECT_TRUE((px - p.to_affine()).is_infinity());
    EXPECT_TRUE((px + qx).is_on_curve());
    EXPECT_TRUE((px + qa).is_on_curve());
    EXPECT_TRUE(px.dbl().is_on_curve());
    EXPECT_EQ((px + qa) - qa, p);
    EXPECT_EQ(px + X::infinity(), p);
    EXPECT_EQ(X::infinity() + qa, qa);
    EXPECT_EQ(px + A::infinity(), p);
    EXPECT_NE(px, q);
    EXPECT_NE(px, qa);
    EXPECT_NE(px, qx);
  }
  EXPECT_TRUE(X::infinity().is_on_curve());
  EXPECT_TRUE(X::infinity().dbl().is_infinity());
  EXPECT_TRUE(X::infinity().to_jacobian().is_infinity());
  EXPECT_TRUE(X::infinity().to_affine().is_infinity());
  EXPECT_TRUE(X::from_jacobian(J::infinity()).is_infinity());
  EXPECT_EQ(X::infinity(), J::infinity());
  EXPECT_EQ(X::infinity(), A::infinity());
  EXPECT_TRUE(X::dbl_affine(A::infinity()).is_infinity());
}

TYPED_TEST(GroupTest, AffineBasics) {
  using C = TypeParam;
  using A = Affine<C>;
  using J = Jacobian<C>;
  std::mt19937_64 rng(14);
  A p = random_curve_point<C>(rng);
  EXPECT_TRUE(p.is_on_curve());
  EXPECT_TRUE((-p).is_on_curve());
  EXPECT_NE(p, -p);
  EXPECT_EQ(-(-p), p);
  EXPECT_EQ(J::from_affine(p), p);
  EXPECT_EQ(p, J::from_affine(p));
  EXPECT_NE(p, A::infinity());
  EXPECT_EQ(A::infinity(), J::infinity());
  EXPECT_EQ(-A::infinity(), A::infinity());
  EXPECT_TRUE(A::infinity().is_on_curve());
  A off = p;
  off.y += C::Base::one();
  EXPECT_FALSE(off.is_on_curve());
  EXPECT_FALSE(J::from_affine(off).is_on_curve());
  EXPECT_FALSE(Xyzz<C>::from_affine(off).is_on_curve());
}

TYPED_TEST(GroupTest, BatchToAffine) {
  using C = TypeParam;
  using J = Jacobian<C>;
  std::mt19937_64 rng(15);
  std::vector<J> js;
  std::vector<Xyzz<C>> xs;
  for (int i = 0; i < 17; ++i) {
    J p = (i % 5 == 3) ? J::infinity() : rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    js.push_back(p);
    xs.push_back(Xyzz<C>::from_jacobian(rescale(p, rng)));
  }
  auto a = batch_to_affine(js);
  auto b = batch_to_affine(xs);
  ASSERT_EQ(a.size(), js.size());
  for (size_t i = 0; i < js.size(); ++i) {
    EXPECT_EQ(a[i], js[i].to_affine());
    EXPECT_EQ(b[i], js[i].to_affine());
    EXPECT_EQ(a[i].inf, js[i].is_infinity());
  }
  EXPECT_TRUE(batch_to_affine(std::vector<J>{}).empty());
}

TYPED_TEST(GroupTest, ScalarMultiplication) {
  using C = TypeParam;
  using J = Jacobian<C>;
  using S = typename C::Scalar;
  std::mt19937_64 rng(16);
  for (int it = 0; it < 8; ++it) {
    J p = rescale(random_subgroup_point<C>(rng), rng);
    S a = ff::random_element<S>(rng), b = ff::random_element<S>(rng);
    EXPECT_EQ(mul(mul(p, b), a), mul(p, a * b));
    EXPECT_EQ(mul(p, a) + mul(p, b), mul(p, a + b));
    EXPECT_EQ(p * a, mul(p, a.to_canonical()));
    EXPECT_EQ(p.to_affine() * a, p * a);
    EXPECT_TRUE(mul(p, S::zero()).is_infinity());
    EXPECT_EQ(mul(p, S::one()), p);
    EXPECT_EQ(mul(p, S::from_u64(2)), p.dbl());
    EXPECT_EQ(mul(p, -S::one()), -p);  // [r-1]P = -P on the subgroup
    EXPECT_TRUE(mul(p, C::Scalar::Params::modulus()).is_infinity());
    uint64_t k = rng();
    EXPECT_EQ(mul_u64(p, k), mul(p, ff::Limbs<1>{{k}}));
    EXPECT_EQ(mul_u64(p.to_affine(), k), mul(p, ff::Limbs<1>{{k}}));
  }
  // Off the subgroup the multiplier is an integer, not a residue mod r: [a]([b]P) = [ab]P over Z.
  J q = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
  uint64_t a = rng() >> 2, b = rng() >> 2;
  mpz_class ab = mpz_class(std::to_string(a)) * mpz_class(std::to_string(b));
  EXPECT_EQ(mul_u64(mul_u64(q, b), a), mul(q, to_limbs<2>(ab)));
  EXPECT_TRUE(mul(J::infinity(), S::from_u64(5)).is_infinity());
  EXPECT_TRUE(mul(q, ff::Limbs<3>{}).is_infinity());
}

TYPED_TEST(GroupTest, CofactorTimesOrderKillsEveryPoint) {
  using C = TypeParam;
  using J = Jacobian<C>;
  std::mt19937_64 rng(17);
  mpz_class h = to_mpz(C::cofactor());
  for (int it = 0; it < 4; ++it) {
    J p = J::from_affine(random_curve_point<C>(rng));
    J c = clear_cofactor(p);
    EXPECT_TRUE(is_in_subgroup_by_order(c));
    EXPECT_TRUE(is_in_subgroup(c));
    EXPECT_TRUE(mul(p, to_limbs<12>(h * order_r<C>())).is_infinity());
  }
}

TYPED_TEST(GroupTest, SubgroupCheckMatchesDefinition) {
  using C = TypeParam;
  using J = Jacobian<C>;
  std::mt19937_64 rng(18);
  for (int it = 0; it < 10; ++it) {
    J s = rescale(random_subgroup_point<C>(rng), rng);
    EXPECT_TRUE(is_in_subgroup(s));
    EXPECT_TRUE(is_in_subgroup(s.to_affine()));
    J p = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
    EXPECT_EQ(is_in_subgroup(p), is_in_subgroup_by_order(p));
  }
  EXPECT_TRUE(is_in_subgroup(J::infinity()));
  EXPECT_TRUE(is_in_subgroup(Affine<C>::infinity()));
  if constexpr (std::is_same_v<C, Bn254_G1>) {
    EXPECT_THROW(point_outside_subgroup<C>(), std::logic_error);
  } else {
    auto out = point_outside_subgroup<C>();
    EXPECT_TRUE(out.is_on_curve());
    EXPECT_FALSE(is_in_subgroup(out));
    EXPECT_FALSE(is_in_subgroup(J::from_affine(out) + J::generator()));
  }
}

// For each small prime l | h, T = [hr / l^e]Q has order dividing l^e; S + T must
// fail the fast check whenever T != O, for S in the subgroup.
TYPED_TEST(GroupTest, SubgroupCheckRejectsSmallTorsion) {
  using C = TypeParam;
  using J = Jacobian<C>;
  const mpz_class h = to_mpz(C::cofactor());
  // BN254 G1 is the whole curve (cofactor 1): it has no point of small order,
  // so there is nothing for the check to reject.
  if (h == 1) GTEST_SKIP() << C::kName << " has cofactor 1: no small torsion to reject";
  // A curve with a cofactor but no primes listed would check nothing.
  ASSERT_FALSE(torsion_primes<C>().empty()) << C::kName << " has cofactor " << h.get_str()
                                            << " but torsion_primes lists none of its primes";
  std::mt19937_64 rng(19);
  mpz_class n = h * order_r<C>();
  for (unsigned long l : torsion_primes<C>()) {
    ASSERT_TRUE(h % l == 0) << l << " does not divide the cofactor of " << C::kName;
    mpz_class le = 1;
    while (n % (le * l) == 0) le *= l;
    auto k = to_limbs<12>(n / le);
    int found = 0;
    for (int tries = 0; tries < 20 && found < 2; ++tries) {
      J t = mul(J::from_affine(random_curve_point<C>(rng)), k);
      if (t.is_infinity()) continue;
      ++found;
      ASSERT_TRUE(mul(t, to_limbs<1>(le)).is_infinity());
      EXPECT_FALSE(is_in_subgroup(t)) << "l = " << l;
      J s = random_subgroup_point<C>(rng);
      EXPECT_FALSE(is_in_subgroup(s + t)) << "l = " << l;
      EXPECT_FALSE(is_in_subgroup_by_order(s + t));
    }
    EXPECT_GT(found, 0) << "no torsion point of order " << l;
  }
}

// The endomorphisms behind the fast subgroup checks act on the subgroup as the
// scalars the checks assume: psi as p (mod r) on G2, phi as -x^2 (mod r) on BLS12-381 G1.
TYPED_TEST(GroupTest, EndomorphismEigenvalues) {
  using C = TypeParam;
  using J = Jacobian<C>;
  std::mt19937_64 rng(20);
  J g = rescale(J::generator(), rng);
  J q = rescale(J::from_affine(random_curve_point<C>(rng)), rng);
  J q2 = J::from_affine(random_curve_point<C>(rng));
  if constexpr (C::kDegree == 2) {
    mpz_class p = to_mpz(PrimeField<C>::Params::modulus());
    EXPECT_EQ(psi(g), mul(g, to_limbs<4>(p % order_r<C>())));
    EXPECT_TRUE(psi(q).is_on_curve());  // psi maps the whole twist to itself, homomorphically
    EXPECT_EQ(psi(q + q2), psi(q) + psi(q2));
  } else if constexpr (std::is_same_v<C, Bls12_381_G1>) {
    mpz_class x("-d201000000010000", 16), r = order_r<C>();
    mpz_class e = ((-x * x) % r + r) % r;
    EXPECT_EQ(phi(g), mul(g, to_limbs<4>(e)));
    EXPECT_TRUE(phi(q).is_on_curve());
    EXPECT_EQ(phi(q + q2), phi(q) + phi(q2));
  } else {
    GTEST_SKIP() << "no endomorphism used for " << C::kName;
  }
}

TEST(Constants, Bls12_381) {
  using Fp = ff::Bls12_381_Fp;
  using Fp2 = ff::Bls12_381_Fp2;
  EXPECT_EQ(Bls12_381_G1::b(), Fp::from_u64(4));
  EXPECT_EQ(Bls12_381_G2::b(), (Fp2{Fp::from_u64(4), Fp::from_u64(4)}));
  EXPECT_EQ(Bls12_381_G1::generator_x(), ff::from_hex<Fp>("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"));
  EXPECT_EQ(Bls12_381_G1::generator_y(), ff::from_hex<Fp>("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"));
  EXPECT_EQ(Bls12_381_G2::generator_x(),
            (Fp2{ff::from_hex<Fp>("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
                 ff::from_hex<Fp>("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")}));
  EXPECT_EQ(Bls12_381_G2::generator_y(),
            (Fp2{ff::from_hex<Fp>("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
                 ff::from_hex<Fp>("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")}));
  // h = (x - 1)^2 / 3 for x = -0xd201000000010000
  mpz_class x("-d201000000010000", 16);
  EXPECT_EQ(to_mpz(Bls12_381_G1::cofactor()), (x - 1) * (x - 1) / 3);
  mpz_class h2 = (x * x * x * x * x * x * x * x - 4 * x * x * x * x * x * x * x + 5 * x * x * x * x * x * x -
                  4 * x * x * x * x + 6 * x * x * x - 4 * x * x - 4 * x + 13) / 9;
  EXPECT_EQ(to_mpz(Bls12_381_G2::cofactor()), h2);
  // beta is a primitive cube root of unity
  Fp beta = phi(Jacobian<Bls12_381_G1>{Fp::one(), Fp::one(), Fp::one()}).x;
  EXPECT_NE(beta, Fp::one());
  EXPECT_EQ(beta.sqr() * beta, Fp::one());
}

TEST(Constants, Bn254) {
  using Fp = ff::Bn254_Fp;
  using Fp2 = ff::Bn254_Fp2;
  EXPECT_EQ(Bn254_G1::b(), Fp::from_u64(3));
  EXPECT_EQ(Bn254_G1::generator_x(), Fp::from_u64(1));
  EXPECT_EQ(Bn254_G1::generator_y(), Fp::from_u64(2));
  Fp2 xi{Fp::from_u64(9), Fp::one()};
  EXPECT_EQ(Bn254_G2::b() * xi, (Fp2{Fp::from_u64(3), Fp::zero()}));
  EXPECT_EQ(Bn254_G2::generator_x(),
            (Fp2{ff::from_decimal<Fp>("10857046999023057135944570762232829481370756359578518086990519993285655852781"),
                 ff::from_decimal<Fp>("11559732032986387107991004021392285783925812861821192530917403151452391805634")}));
  EXPECT_EQ(Bn254_G2::generator_y(),
            (Fp2{ff::from_decimal<Fp>("8495653923123431417604973247489272438418190587263600148770280649306958101930"),
                 ff::from_decimal<Fp>("4082367875863433681332203403145435568316851327593401208105741076214120093531")}));
  mpz_class p = to_mpz(Fp::Params::modulus()), r = to_mpz(ff::Bn254_Fr::Params::modulus());
  EXPECT_EQ(to_mpz(Bn254_G2::cofactor()), 2 * p - r);
  EXPECT_EQ(to_mpz(Bn254_G1::cofactor()), 1);
}

}  // namespace
