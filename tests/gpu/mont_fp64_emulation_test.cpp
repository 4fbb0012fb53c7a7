// The FP64 Montgomery product (src/ff/mont_mul_fp64.cuh) on the CPU through
// Fp64EmuOps, the same double operations with the rounding mode switched for
// fma_rz: the digit split must be exact and the product must equal the host
// one, for canonical inputs and for inputs up to 2^256 (values kept below 2p).
// field_device_test.cu runs the real FP64 instructions on a GPU.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "ff/mont_mul_fp64.cuh"
#include "field_samples.hpp"

using namespace cuzk::ff;
using Emu = devfp64::Fp64EmuOps;

TEST(Fp64DigitSplit, HighAndLowHalvesAreExact) {
  std::mt19937_64 rng(5);
  std::vector<uint64_t> d = {0, 1, 2, 3, (1ull << 51), (1ull << 52) - 1, (1ull << 52) - 2, 0xfffff00000001ull};
  for (int i = 0; i < 200; ++i) d.push_back(rng() & devfp64::kMask52);
  for (uint64_t a : d)
    for (uint64_t b : d) {
      const unsigned __int128 want = (unsigned __int128)a * b;
      uint64_t lo = 0, hi = 0;  // columns starting at minus one constant each
      lo -= devfp64::kBits52;
      hi -= devfp64::kBits104;
      devfp64::add_digit_product<Emu>(lo, hi, double(a), double(b));
      ASSERT_EQ(lo, uint64_t(want) & devfp64::kMask52) << a << " * " << b;
      ASSERT_EQ(hi, uint64_t(want >> 52)) << a << " * " << b;
    }
}

namespace {

template <class F, bool Reduce>
F fp64_mul(const F& c, const F& x) {
  F r;
  devfp64::mul_impl<typename F::Params, Emu, Reduce>(r.m, c.m, x.m);
  return r;
}

template <class F>
Limbs<4> plus_p(const Limbs<4>& x) {
  Limbs<4> r;
  uint64_t carry = 0;
  for (int i = 0; i < 4; ++i) r.v[i] = addc(x.v[i], F::Params::modulus().v[i], carry);
  return r;
}

template <class F>
Limbs<4> reduce_once(Limbs<4> t) {
  if (!limbs_geq(t, F::Params::modulus())) return t;
  uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) t.v[i] = subb(t.v[i], F::Params::modulus().v[i], borrow);
  return t;
}

}  // namespace

template <class F>
class Fp64Emulation : public ::testing::Test {};
using Fields256 = ::testing::Types<Bls12_381_Fr, Bn254_Fp, Bn254_Fr>;
TYPED_TEST_SUITE(Fp64Emulation, Fields256);

TYPED_TEST(Fp64Emulation, EqualsHostProduct) {
  using F = TypeParam;
  std::mt19937_64 rng(0xF64);
  std::vector<F> xs = cuzk::test::edge_values<F>();
  const size_t edges = xs.size();
  for (int i = 0; i < 3000; ++i) xs.push_back(random_element<F>(rng));
  for (size_t i = 0; i < xs.size(); ++i) {
    const F& c = xs[i];
    for (size_t k = 0; k < (i < edges ? xs.size() : 3); ++k) {
      const F& x = k < edges || i < edges ? xs[k] : xs[rng() % xs.size()];
      const F want = c * x;
      ASSERT_EQ(to_hex(fp64_mul<F, true>(c, x)), to_hex(want)) << "c=" << to_hex(c) << " x=" << to_hex(x);
    }
  }
}

// x in [0, 2p) (either representative), c < p: the lazy result is below 2p
// and congruent to c x.
TYPED_TEST(Fp64Emulation, LazyOperandsBelowTwiceModulus) {
  using F = TypeParam;
  std::mt19937_64 rng(0xF65);
  std::vector<F> xs = cuzk::test::edge_values<F>();
  for (int i = 0; i < 3000; ++i) xs.push_back(random_element<F>(rng));
  Limbs<4> two_p = plus_p<F>(F::Params::modulus());
  for (size_t i = 0; i < xs.size(); ++i) {
    const F& c = xs[(i * 13 + 5) % xs.size()];
    for (int form = 0; form < 2; ++form) {
      const F x = form ? F::from_montgomery(plus_p<F>(xs[i].m)) : xs[i];
      const F r = fp64_mul<F, false>(c, x);
      ASSERT_FALSE(limbs_geq(r.m, two_p)) << "left 2p: c=" << to_hex(c) << " x=" << to_hex(xs[i]);
      ASSERT_EQ(to_hex(F::from_montgomery(reduce_once<F>(r.m))), to_hex(c * xs[i]))
          << "c=" << to_hex(c) << " x=" << to_hex(xs[i]) << " form " << form;
    }
  }
}
