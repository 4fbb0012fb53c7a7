// CPU NTT against direct polynomial evaluation, round trips, coset variants.
#include <gtest/gtest.h>

#include <random>

#include "ff/field_io.hpp"
#include "ntt/ntt.hpp"

using namespace cuzk;
using namespace cuzk::ff;

template <class F>
F eval(const std::vector<F>& c, F x) {
  F acc = F::zero();
  for (size_t i = c.size(); i-- > 0;) acc = acc * x + c[i];
  return acc;
}

template <class F>
void check_domain(int log_n, RootConvention conv) {
  std::mt19937_64 rng(log_n * 31 + int(conv));
  ntt::Domain<F> d(log_n, conv);
  std::vector<F> c(d.n);
  for (auto& x : c) x = random_element<F>(rng);
  std::vector<F> v = c;
  ntt::forward<F>(v, d);
  // spot-check evaluations at omega^i against Horner
  for (size_t i : {size_t(0), size_t(1) % d.n, d.n / 2, d.n - 1, size_t(rng() % d.n)}) {
    ASSERT_EQ(v[i], eval(c, d.omega.pow(uint64_t(i)))) << "log_n=" << log_n << " i=" << i;
  }
  ntt::inverse<F>(v, d);
  ASSERT_EQ(v, c);
  F shift = multiplicative_generator<F>(conv);
  std::vector<F> w = c;
  ntt::coset_forward<F>(w, d, shift);
  for (size_t i : {size_t(0), d.n - 1, size_t(rng() % d.n)}) {
    ASSERT_EQ(w[i], eval(c, shift * d.omega.pow(uint64_t(i))));
  }
  ntt::coset_inverse<F>(w, d, shift);
  ASSERT_EQ(w, c);
}

TEST(Ntt, Bls12_381BothConventions) {
  for (int k : {0, 1, 2, 3, 5, 8, 12, 16}) {
    check_domain<Bls12_381_Fr>(k, RootConvention::kBellperson);
    check_domain<Bls12_381_Fr>(k, RootConvention::kSnarkjs);
  }
}

TEST(Ntt, Bn254) {
  for (int k : {0, 1, 4, 10, 15}) check_domain<Bn254_Fr>(k, RootConvention::kSnarkjs);
}

TEST(Ntt, RejectsWrongSizeAndHugeDomains) {
  ntt::Domain<Bn254_Fr> d(4, RootConvention::kSnarkjs);
  std::vector<Bn254_Fr> v(15);
  EXPECT_THROW(ntt::forward<Bn254_Fr>(v, d), Error);
  EXPECT_THROW((ntt::Domain<Bn254_Fr>(29, RootConvention::kSnarkjs)), Error);
}
