// Fp2 against GMP complex arithmetic mod p, plus field laws and square roots.
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/towers.hpp"

using namespace cuzk::ff;

namespace {

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
template <class E, class Rng>
E rand2(Rng& rng) {
  using B = typename E::Base;
  return E{random_element<B>(rng), random_element<B>(rng)};
}

}  // namespace

template <class E>
class Fp2Test : public ::testing::Test {};
using Fp2s = ::testing::Types<Bls12_381_Fp2, Bn254_Fp2>;
TYPED_TEST_SUITE(Fp2Test, Fp2s);

TYPED_TEST(Fp2Test, MulMatchesGmp) {
  using E = TypeParam;
  using B = typename E::Base;
  std::mt19937_64 rng(3);
  mpz_class p = modulus<B>();
  for (int i = 0; i < 500; ++i) {
    E a = rand2<E>(rng), b = rand2<E>(rng);
    mpz_class a0 = to_mpz(a.c0), a1 = to_mpz(a.c1), b0 = to_mpz(b.c0), b1 = to_mpz(b.c1);
    E m = a * b;
    mpz_class r0 = ((a0 * b0 - a1 * b1) % p + p) % p, r1 = (a0 * b1 + a1 * b0) % p;
    ASSERT_EQ(to_mpz(m.c0), r0);
    ASSERT_EQ(to_mpz(m.c1), r1);
    ASSERT_EQ(a.sqr(), a * a);
    // xi = k + u
    E xi{B::from_u64(E::Config::kXiC0), B::one()};
    ASSERT_EQ(a.mul_by_xi(), a * xi);
  }
}

// Extreme limbs (0, 1, p-1, p-2, R-1 mod p ...) stress the carry chains of the
// host assembly product against the schoolbook formula in the base field.
TYPED_TEST(Fp2Test, MulEdgeValues) {
  using E = TypeParam;
  using B = typename E::Base;
  std::mt19937_64 rng(4);
  std::vector<B> v{B::zero(), B::one(), -B::one(), -B::one() - B::one(), B::from_u64(2), -B::from_u64(3)};
  // the largest Montgomery representation, p - 1
  Limbs<B::N> pm1 = B::Params::modulus();
  pm1.v[0] -= 1;
  v.push_back(B::from_montgomery(pm1));
  v.push_back(B::from_montgomery(Limbs<B::N>{{1}}));
  for (int i = 0; i < 4; ++i) v.push_back(random_element<B>(rng));
  for (const B& a0 : v)
    for (const B& a1 : v)
      for (const B& b0 : v)
        for (const B& b1 : v) {
          E a{a0, a1}, b{b0, b1};
          E m = a * b;
          ASSERT_EQ(m.c0, a0 * b0 - a1 * b1);
          ASSERT_EQ(m.c1, a0 * b1 + a1 * b0);
        }
}

TYPED_TEST(Fp2Test, FieldLaws) {
  using E = TypeParam;
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    E a = rand2<E>(rng), b = rand2<E>(rng), c = rand2<E>(rng);
    ASSERT_EQ((a * b) * c, a * (b * c));
    ASSERT_EQ(a * (b + c), a * b + a * c);
    ASSERT_EQ(a + b, b + a);
    ASSERT_EQ(a * b, b * a);
    ASSERT_EQ(a - a, E::zero());
    ASSERT_EQ(a + (-a), E::zero());
    ASSERT_EQ(a.dbl(), a + a);
    ASSERT_EQ(a * a.inverse(), E::one());
    ASSERT_EQ(a.pow(3), a * a * a);
    ASSERT_EQ(a * a.conjugate(), (E{a.norm(), E::Base::zero()}));
  }
  EXPECT_TRUE(E::zero().inverse().is_zero());
  EXPECT_TRUE(E::one().is_one());
}

TYPED_TEST(Fp2Test, FrobeniusIsPthPower) {
  using E = TypeParam;
  using B = typename E::Base;
  std::mt19937_64 rng(9);
  auto p = B::Params::modulus();
  for (int i = 0; i < 20; ++i) {
    E a = rand2<E>(rng);
    ASSERT_EQ(a.frobenius_map(1), a.pow(p));
    ASSERT_EQ(a.frobenius_map(2), a);
    ASSERT_EQ(a.frobenius_map(3), a.pow(p).pow(p).pow(p));
  }
}

TYPED_TEST(Fp2Test, SquareRoot) {
  using E = TypeParam;
  using B = typename E::Base;
  std::mt19937_64 rng(13);
  int nonsquares = 0;
  for (int i = 0; i < 200; ++i) {
    E a = rand2<E>(rng);
    E s = a.sqr(), r;
    ASSERT_EQ(s.legendre(), 1);
    ASSERT_TRUE(s.sqrt(r));
    ASSERT_TRUE(r == a || r == -a);
    E q;
    if (a.legendre() == -1) {
      ++nonsquares;
      ASSERT_FALSE(a.sqrt(q));
    } else {
      ASSERT_TRUE(a.sqrt(q));
      ASSERT_EQ(q.sqr(), a);
    }
    // purely real and purely imaginary inputs take the c1 == 0 path
    B x = random_element<B>(rng);
    E re{x, B::zero()}, im{B::zero(), x};
    ASSERT_TRUE(re.sqrt(q));
    ASSERT_EQ(q.sqr(), re);
    ASSERT_TRUE(im.sqr().sqrt(q));
    ASSERT_EQ(q.sqr(), im.sqr());
    ASSERT_EQ(a.is_lexicographically_largest(), !(-a).is_lexicographically_largest()) << "a != 0";
  }
  EXPECT_GT(nonsquares, 50);
  E z;
  EXPECT_TRUE(E::zero().sqrt(z));
  EXPECT_TRUE(z.is_zero());
  EXPECT_EQ(E::zero().legendre(), 0);
}

TYPED_TEST(Fp2Test, Halve) {
  using E = TypeParam;
  using B = typename E::Base;
  std::mt19937_64 rng(15);
  for (int i = 0; i < 1000; ++i) {
    B a = random_element<B>(rng);
    B h = tower_detail::halve(a);
    ASSERT_EQ(h + h, a);
  }
  EXPECT_TRUE(tower_detail::halve(B::zero()).is_zero());
  EXPECT_EQ(tower_detail::halve(B::from_u64(2)), B::one());
}

TYPED_TEST(Fp2Test, LexicographicRule) {
  using E = TypeParam;
  using B = typename E::Base;
  B big = -B::one(), small = B::one();
  EXPECT_TRUE((E{small, big}).is_lexicographically_largest());
  EXPECT_FALSE((E{big, small}).is_lexicographically_largest());
  EXPECT_TRUE((E{big, B::zero()}).is_lexicographically_largest());
  EXPECT_FALSE((E{small, B::zero()}).is_lexicographically_largest());
  EXPECT_FALSE(E::zero().is_lexicographically_largest());
}
