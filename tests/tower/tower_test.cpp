// Fp6 and Fp12: field laws on random values, Frobenius maps against plain
// exponentiation by p^k (p^k from GMP), sparse and cyclotomic shortcuts against
// the general operations.
#include <gtest/gtest.h>

#include "test_util.hpp"

using namespace cuzk::ff;
using namespace cuzk::ff::testing;

template <class T>
class TowerTest : public ::testing::Test {};
struct Bls {
  using C = Bls12_381_Tower;
};
struct Bn {
  using C = Bn254_Tower;
};
using Curves = ::testing::Types<Bls, Bn>;
TYPED_TEST_SUITE(TowerTest, Curves);

template <class E>
void check_field_laws(const E& a, const E& b, const E& c) {
  ASSERT_EQ((a * b) * c, a * (b * c));
  ASSERT_EQ(a * (b + c), a * b + a * c);
  ASSERT_EQ((a + b) * c, a * c + b * c);
  ASSERT_EQ(a * b, b * a);
  ASSERT_EQ(a + b, b + a);
  ASSERT_EQ((a + b) + c, a + (b + c));
  ASSERT_EQ(a - b, a + (-b));
  ASSERT_EQ(a - a, E::zero());
  ASSERT_EQ(a.dbl(), a + a);
  ASSERT_EQ(a.sqr(), a * a);
  ASSERT_EQ(a * E::one(), a);
  ASSERT_TRUE((a * E::zero()).is_zero());
  ASSERT_EQ(a * a.inverse(), E::one());
  ASSERT_EQ((a * b).inverse(), a.inverse() * b.inverse());
  ASSERT_EQ(a.pow(5), a * a * a * a * a);
}

TYPED_TEST(TowerTest, Fp6FieldLaws) {
  using E = Fp6<typename TypeParam::C>;
  std::mt19937_64 rng(21);
  for (int i = 0; i < 100; ++i) {
    E a = random_fp6<E>(rng), b = random_fp6<E>(rng), c = random_fp6<E>(rng);
    check_field_laws(a, b, c);
    E v{E::F2::zero(), E::F2::one(), E::F2::zero()};
    ASSERT_EQ(a.mul_by_v(), a * v);
    typename E::F2 k = random_fp2<typename E::F2>(rng), k2 = random_fp2<typename E::F2>(rng);
    ASSERT_EQ(a.mul_by_fp2(k), a * (E{k, E::F2::zero(), E::F2::zero()}));
    ASSERT_EQ(a.mul_by_01(k, k2), a * (E{k, k2, E::F2::zero()}));
    ASSERT_EQ(a.mul_by_1(k2), a * (E{E::F2::zero(), k2, E::F2::zero()}));
  }
  EXPECT_TRUE(E::zero().inverse().is_zero());
  // v^3 = xi
  E v{E::F2::zero(), E::F2::one(), E::F2::zero()};
  typename E::F2 xi{E::Base::from_u64(TypeParam::C::kXiC0), E::Base::one()};
  EXPECT_EQ(v * v * v, (E{xi, E::F2::zero(), E::F2::zero()}));
}

TYPED_TEST(TowerTest, Fp12FieldLaws) {
  using E = Fp12<typename TypeParam::C>;
  using E6 = typename E::F6;
  using E2 = typename E::F2;
  std::mt19937_64 rng(22);
  for (int i = 0; i < 50; ++i) {
    E a = random_fp12<E>(rng), b = random_fp12<E>(rng), c = random_fp12<E>(rng);
    check_field_laws(a, b, c);
    E2 o0 = random_fp2<E2>(rng), o1 = random_fp2<E2>(rng), o4 = random_fp2<E2>(rng);
    E2 z = E2::zero();
    ASSERT_EQ(a.mul_by_014(o0, o1, o4), a * (E{E6{o0, o1, z}, E6{z, o4, z}}));
    ASSERT_EQ(a.mul_by_034(o0, o1, o4), a * (E{E6{o0, z, z}, E6{o1, o4, z}}));
  }
  // w^2 = v, so w^6 = xi
  E w{E6::zero(), E6::one()};
  E6 v{E2::zero(), E2::one(), E2::zero()};
  EXPECT_EQ(w * w, (E{v, E6::zero()}));
  EXPECT_TRUE(E::zero().inverse().is_zero());
}

TYPED_TEST(TowerTest, FrobeniusIsPowerOfP) {
  using C = typename TypeParam::C;
  using E12 = Fp12<C>;
  using E6 = Fp6<C>;
  using E2 = Fp2<C>;
  constexpr int N = C::Fp::N;
  std::mt19937_64 rng(23);
  mpz_class p = modulus<typename C::Fp>();
  E12 a = random_fp12<E12>(rng);
  E6 b = random_fp6<E6>(rng);
  E2 c = random_fp2<E2>(rng);
  mpz_class pk = 1;
  for (int k = 0; k <= 12; ++k) {
    auto e = to_limbs<12 * N>(pk);
    EXPECT_EQ(a.frobenius_map(k), a.pow(e)) << "Fp12 k=" << k;
    EXPECT_EQ(b.frobenius_map(k), b.pow(e)) << "Fp6 k=" << k;
    EXPECT_EQ(c.frobenius_map(k), c.pow(e)) << "Fp2 k=" << k;
    pk *= p;
  }
  EXPECT_EQ(a.frobenius_map(6), a.conjugate());
}

TYPED_TEST(TowerTest, CyclotomicSquare) {
  using C = typename TypeParam::C;
  using E = Fp12<C>;
  std::mt19937_64 rng(24);
  for (int i = 0; i < 20; ++i) {
    E f = random_fp12<E>(rng);
    // f^((p^6-1)(p^2+1)) lies in the cyclotomic subgroup
    E m = f.conjugate() * f.inverse();
    m = m.frobenius_map(2) * m;
    ASSERT_EQ(m * m.conjugate(), E::one());
    ASSERT_EQ(m.cyclotomic_square(), m.sqr());
    ASSERT_EQ(m.cyclotomic_exp(0xd201000000010000ull), m.pow(0xd201000000010000ull));
    ASSERT_EQ(m.cyclotomic_exp(4965661367192848881ull), m.pow(4965661367192848881ull));
    ASSERT_EQ(m.cyclotomic_exp(0), E::one());
  }
}
