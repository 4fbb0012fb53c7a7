// The device Montgomery routines (src/ff/mont_mul_device.cuh) run here on the
// CPU through EmuOps, a host emulation of the PTX carry-chain instructions
// they are written in, and must agree bit for bit with the host path. This
// checks the limb bookkeeping and carry chains everywhere CI runs (no GPU);
// field_device_test.cu checks the real instructions on a GPU.
#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "ff/lazy_device.cuh"
#include "ff/mont_mul_device.cuh"
#include "ff/mul2_device.cuh"
#include "field_samples.hpp"

using namespace cuzk::ff;

namespace {

template <class F>
F emu_mul(const F& a, const F& b) {
  devmont::EmuOps ops;
  F r;
  devmont::mul_impl<typename F::Params>(ops, r.m, a.m, b.m);
  return r;
}
template <class F>
std::pair<F, F> emu_mul2(const F& a0, const F& b0, const F& a1, const F& b1) {
  devmont::EmuOps ops;
  F r0, r1;
  devmont::mul2_impl<typename F::Params>(ops, r0.m, r1.m, a0.m, b0.m, a1.m, b1.m);
  return {r0, r1};
}
template <class F>
F emu_sqr(const F& a) {
  devmont::EmuOps ops;
  F r;
  devmont::sqr_impl<typename F::Params>(ops, r.m, a.m);
  return r;
}
template <class F>
F emu_add(const F& a, const F& b) {
  devmont::EmuOps ops;
  F r;
  devmont::add_impl<typename F::Params>(ops, r.m, a.m, b.m);
  return r;
}
template <class F>
F emu_sub(const F& a, const F& b) {
  devmont::EmuOps ops;
  F r;
  devmont::sub_impl<typename F::Params>(ops, r.m, a.m, b.m);
  return r;
}

template <class F>
void expect_same(const F& got, const F& want, const char* op, const F& a, const F& b) {
  ASSERT_EQ(to_hex(got), to_hex(want)) << op << " of a=" << to_hex(a) << " b=" << to_hex(b);
  // fully reduced, not merely congruent
  ASSERT_FALSE(limbs_geq(got.m, F::Params::modulus())) << op;
}

}  // namespace

template <class F>
class MontEmulation : public ::testing::Test {};
using AllFields = ::testing::Types<Bls12_381_Fp, Bls12_381_Fr, Bn254_Fp, Bn254_Fr>;
TYPED_TEST_SUITE(MontEmulation, AllFields);

TYPED_TEST(MontEmulation, EdgeValuesAllPairs) {
  using F = TypeParam;
  auto v = cuzk::test::edge_values<F>();
  for (const F& a : v) {
    expect_same(emu_sqr(a), a.sqr(), "sqr", a, a);
    for (const F& b : v) {
      expect_same(emu_mul(a, b), a * b, "mul", a, b);
      expect_same(emu_add(a, b), a + b, "add", a, b);
      expect_same(emu_sub(a, b), a - b, "sub", a, b);
    }
  }
}

TYPED_TEST(MontEmulation, RandomValues) {
  using F = TypeParam;
  std::mt19937_64 rng(0xC0FFEE);
  for (int i = 0; i < 100000; ++i) {
    F a = random_element<F>(rng), b = random_element<F>(rng);
    expect_same(emu_mul(a, b), a * b, "mul", a, b);
    expect_same(emu_sqr(a), a.sqr(), "sqr", a, a);
    expect_same(emu_add(a, b), a + b, "add", a, b);
    expect_same(emu_sub(a, b), a - b, "sub", a, b);
  }
}

// Two products interleaved step by step (ff/mul2_device.cuh) equal two
// separate ones, also where one pair is an edge value and the other random.
TYPED_TEST(MontEmulation, PairedProducts) {
  using F = TypeParam;
  std::mt19937_64 rng(0xBEEF);
  auto v = cuzk::test::edge_values<F>();
  for (int i = 0; i < 20000; ++i) {
    const F a0 = i < int(v.size()) ? v[i] : random_element<F>(rng), b0 = random_element<F>(rng);
    const F a1 = random_element<F>(rng), b1 = i % 2 ? v[i % v.size()] : random_element<F>(rng);
    const auto [r0, r1] = emu_mul2(a0, b0, a1, b1);
    expect_same(r0, a0 * b0, "mul2 first", a0, b0);
    expect_same(r1, a1 * b1, "mul2 second", a1, b1);
  }
}

// Values with many all-ones / all-zero 32-bit limbs stress the carry chains.
TYPED_TEST(MontEmulation, SparseLimbPatterns) {
  using F = TypeParam;
  constexpr int N = F::N;
  std::mt19937_64 rng(99);
  const auto p = F::Params::modulus();
  for (int i = 0; i < 50000; ++i) {
    Limbs<N> x[2];
    for (auto& l : x) {
      for (int k = 0; k < N; ++k) {
        uint64_t w = 0;
        for (int h = 0; h < 2; ++h) {
          uint64_t pick = rng() % 4;
          uint64_t half = pick == 0 ? 0 : pick == 1 ? 0xffffffffull : (rng() & 0xffffffffull);
          w |= half << (32 * h);
        }
        l.v[k] = w;
      }
      l.v[N - 1] %= p.v[N - 1];  // below p
    }
    F a = F::from_montgomery(x[0]), b = F::from_montgomery(x[1]);
    expect_same(emu_mul(a, b), a * b, "mul", a, b);
    expect_same(emu_sqr(a), a.sqr(), "sqr", a, a);
    expect_same(emu_add(a, b), a + b, "add", a, b);
    expect_same(emu_sub(a, b), a - b, "sub", a, b);
  }
}

// Lazy arithmetic (ff/lazy_device.cuh): operands given as x or x + p (both
// below 2p); results stay below 2p and are congruent to the reduced ones.
namespace {

template <class F>
F plus_p(const F& x) {  // the other representative of x below 2p
  Limbs<F::N> r;
  uint64_t carry = 0;
  for (int i = 0; i < F::N; ++i) r.v[i] = addc(x.m.v[i], F::Params::modulus().v[i], carry);
  return F::from_montgomery(r);
}

template <class F>
void expect_lazy(const F& got, const F& want, const char* op, const F& a, const F& b) {
  Limbs<F::N> two_p;
  uint64_t carry = 0;
  for (int i = 0; i < F::N; ++i) two_p.v[i] = addc(F::Params::modulus().v[i], F::Params::modulus().v[i], carry);
  ASSERT_FALSE(limbs_geq(got.m, two_p)) << op << " left 2p: a=" << to_hex(a) << " b=" << to_hex(b);
  expect_same(Lazy<F>::canonical(got), want, op, a, b);
}

}  // namespace

TYPED_TEST(MontEmulation, LazyBelowTwiceModulus) {
  using F = TypeParam;
  using L = Lazy<F>;
  std::mt19937_64 rng(0x1A2B);
  auto v = cuzk::test::edge_values<F>();
  std::vector<F> xs = v;
  for (int i = 0; i < 4000; ++i) xs.push_back(random_element<F>(rng));
  for (size_t i = 0; i < xs.size(); ++i) {
    const F& a = xs[i];
    const F& b = xs[(i * 7 + 3) % xs.size()];
    const F c = i < v.size() ? v[i] : random_element<F>(rng);  // the constant: canonical
    for (int form = 0; form < 4; ++form) {
      const F la = form & 1 ? plus_p(a) : a, lb = form & 2 ? plus_p(b) : b;
      expect_same(L::canonical(la), a, "canonical", la, la);
      expect_lazy(L::add(la, lb), a + b, "lazy add", la, lb);
      expect_lazy(L::sub(la, lb), a - b, "lazy sub", la, lb);
      expect_lazy(L::mul(c, la), c * a, "lazy mul", c, la);
      F r0, r1;
      L::mul2(r0, r1, c, la, b, lb);
      expect_lazy(r0, c * a, "lazy mul2 first", c, la);
      expect_lazy(r1, b * b, "lazy mul2 second", b, lb);
    }
  }
}
