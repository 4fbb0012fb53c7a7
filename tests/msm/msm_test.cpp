// CPU Pippenger against the naive sum of scalar multiplications, on random,
// all-zero, all-one and mixed scalar vectors, G1 and G2 of both curves.
#include <gtest/gtest.h>

#include <random>

#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "msm/affine_buckets.hpp"
#include "msm/pippenger.hpp"
#include "r1cs/density.hpp"

using namespace cuzk;

template <class C>
std::vector<ec::Affine<C>> random_points(size_t n, std::mt19937_64& rng) {
  // multiples of the generator by random scalars: distinct subgroup points
  std::vector<ec::Affine<C>> pts(n);
  auto p = ec::Jacobian<C>::generator() * ff::random_element<typename C::Scalar>(rng);
  for (size_t i = 0; i < n; ++i) {
    pts[i] = p.to_affine();
    p += ec::Affine<C>::generator();
    if (i % 7 == 3) p = p.dbl();
  }
  return pts;
}

template <class C>
ec::Jacobian<C> naive(std::span<const ec::Affine<C>> b, std::span<const typename C::Scalar> s) {
  auto acc = ec::Jacobian<C>::infinity();
  for (size_t i = 0; i < b.size(); ++i) acc += ec::mul(b[i], s[i]);
  return acc;
}

template <class C>
class MsmTest : public ::testing::Test {};
using Curves = ::testing::Types<ec::Bls12_381_G1, ec::Bls12_381_G2, ec::Bn254_G1, ec::Bn254_G2>;
TYPED_TEST_SUITE(MsmTest, Curves);

TYPED_TEST(MsmTest, MatchesNaiveOnManyShapes) {
  using C = TypeParam;
  using S = typename C::Scalar;
  std::mt19937_64 rng(5);
  for (size_t n : {size_t(0), size_t(1), size_t(2), size_t(3), size_t(17), size_t(100), size_t(257)}) {
    auto bases = random_points<C>(n, rng);
    for (int pattern = 0; pattern < 4; ++pattern) {
      std::vector<S> s(n);
      for (size_t i = 0; i < n; ++i) {
        switch (pattern) {
          case 0: s[i] = ff::random_element<S>(rng); break;
          case 1: s[i] = S::zero(); break;
          case 2: s[i] = S::one(); break;
          default: {
            uint64_t r = rng() % 5;
            s[i] = r == 0 ? S::zero() : r == 1 ? S::one() : r == 2 ? -S::one() : r == 3 ? S::from_u64(rng() % 4) : ff::random_element<S>(rng);
          }
        }
      }
      auto got = msm::pippenger<C>(bases, s);
      auto want = naive<C>(bases, s);
      ASSERT_TRUE(got == want) << "n=" << n << " pattern=" << pattern;
    }
  }
}

TEST(Msm, WindowPlansAndDigitsRecompose) {
  using S = ff::Bls12_381_Fr;
  std::mt19937_64 rng(9);
  for (int c = 2; c <= 16; ++c) {
    int w = msm::pippenger_windows(S::kBits, c);
    for (int t = 0; t < 40; ++t) {
      // -1 and 2^255 - 1 style tops: the largest top digits, with carries into them
      S k = t == 0 ? -S::one() : t == 1 ? -S::from_u64(2) : ff::random_element<S>(rng);
      std::vector<int16_t> d(w);
      msm::detail::signed_digits(k.to_canonical(), c, w, d.data());
      S acc = S::zero(), base = S::from_u64(uint64_t(1) << c);
      for (int j = w - 1; j >= 0; --j) {
        acc *= base;
        ASSERT_GE(d[j], j == w - 1 ? 0 : -(1 << (c - 1)));
        if (j == w - 1)
          ASSERT_LE(d[j], 1 << (c - 1));
        else
          ASSERT_LT(d[j], 1 << (c - 1));
        acc += d[j] >= 0 ? S::from_u64(uint64_t(d[j])) : -S::from_u64(uint64_t(-d[j]));
      }
      ASSERT_EQ(acc, k) << "c=" << c;
    }
  }
  EXPECT_GT(msm::plan_pippenger(1 << 20, 255).window_bits, 10);
}

TEST(Msm, DensityAndSizeMismatch) {
  using C = ec::Bls12_381_G1;
  using S = C::Scalar;
  std::mt19937_64 rng(3);
  auto bases = random_points<C>(10, rng);
  r1cs::Density d(10);
  std::vector<ec::Affine<C>> picked;
  for (size_t i : {1, 4, 5, 9}) {
    d.set(i);
    picked.push_back(bases[i]);
  }
  std::vector<S> s(4);
  for (auto& x : s) x = ff::random_element<S>(rng);
  EXPECT_TRUE(msm::pippenger_with_density<C>(bases, d, s) == naive<C>(picked, s));
  std::vector<S> wrong(3);
  EXPECT_THROW(msm::pippenger_with_density<C>(bases, d, wrong), Error);
  EXPECT_THROW(msm::pippenger<C>(std::span<const ec::Affine<C>>(bases).first(3), s), Error);
}

// Repeated and negated bases put equal and opposite points into one bucket
// (the doubling and cancelling paths of the affine buckets), at sizes whose
// windows have few buckets (points wait for the next batch) and many.
TYPED_TEST(MsmTest, RepeatedAndOppositeBases) {
  using C = TypeParam;
  using S = typename C::Scalar;
  std::mt19937_64 rng(11);
  for (size_t n : {size_t(8), size_t(64), size_t(3000)}) {
    auto distinct = random_points<C>(4, rng);
    std::vector<ec::Affine<C>> bases(n);
    std::vector<S> s(n);
    for (size_t i = 0; i < n; ++i) {
      bases[i] = (i % 3 == 2) ? -distinct[i % 4] : distinct[i % 4];
      s[i] = (i % 5 == 0) ? ff::random_element<S>(rng) : S::from_u64(2 + (i % 7));  // shared digits
    }
    auto got = msm::pippenger<C>(bases, s);
    auto want = naive<C>(bases, s);
    ASSERT_TRUE(got == want) << "n=" << n;
  }
}

// The batched affine buckets against XYZZ sums of the same additions: few
// buckets and small batches, so points often find their bucket busy and
// wait; equal and opposite points make the doubling and cancelling paths run.
TYPED_TEST(MsmTest, AffineBucketsMatchXyzzSums) {
  using C = TypeParam;
  std::mt19937_64 rng(13);
  auto distinct = random_points<C>(5, rng);
  for (size_t nb : {size_t(1), size_t(4), size_t(16), size_t(64)}) {
    for (size_t batch : {size_t(1), size_t(3), size_t(1024)}) {
      msm::AffineBuckets<C> ab(nb, batch);
      std::vector<ec::Xyzz<C>> want(nb, ec::Xyzz<C>::infinity());
      for (int k = 0; k < 1500; ++k) {
        const uint32_t b = uint32_t(rng() % nb);
        auto p = distinct[rng() % distinct.size()];
        if (rng() % 3 == 0) p = -p;
        ab.add(b, p);
        want[b] += p;
      }
      const auto& got = ab.finish();
      for (size_t b = 0; b < nb; ++b)
        ASSERT_TRUE(ec::Jacobian<C>::from_affine(got[b]) == want[b].to_jacobian())
            << "buckets " << nb << " batch " << batch << " bucket " << b;
      ASSERT_TRUE(msm::detail::reduce_buckets(got).to_jacobian() == msm::detail::reduce_buckets(want).to_jacobian());
    }
  }
}
