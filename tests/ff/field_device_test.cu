// Device field arithmetic (PTX carry chains, src/ff/mont_mul_device.cuh) must
// agree bit for bit with the host path on 10^6 random products, squares, sums,
// differences and inverses per field, and on edge values. Every case skips
// without a CUDA device.
//
// The helpers (DeviceArray, UnaryKernel / BinaryKernel over an Fn with a
// CUZK_HD static apply, host_unary/host_binary, expect_all_equal with a
// describe() overload per element type) are element-type generic, so other
// element types plug in the same way; curve operations (G1/G2 additions,
// doubling, scalar multiplication) are checked in tests/ec/curve_device_test.cu.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "field_samples.hpp"
#include "gpu/device.hpp"
#include "gpu/launch.cuh"
#include "support/device_array.hpp"

using namespace cuzk;
using namespace cuzk::ff;

#define SKIP_WITHOUT_DEVICE() \
  if (cuzk::gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device"

namespace {

constexpr size_t kRandomCount = 1'000'000;

// ---- element-type generic plumbing ---------------------------------------

using cuzk::testing_support::DeviceArray;

template <class Fn, class T>
struct UnaryKernel {
  const T* a;
  T* r;
  __device__ void operator()(size_t i) const { r[i] = Fn::apply(a[i]); }
};

template <class Fn, class T>
struct BinaryKernel {
  const T* a;
  const T* b;
  T* r;
  __device__ void operator()(size_t i) const { r[i] = Fn::apply(a[i], b[i]); }
};

template <class Fn, class T>
std::vector<T> device_unary(const std::vector<T>& a) {
  DeviceArray<T> da(a), dr(a.size());
  gpu::for_each(a.size(), UnaryKernel<Fn, T>{da.data(), dr.data()});
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  return dr.to_host();
}

template <class Fn, class T>
std::vector<T> device_binary(const std::vector<T>& a, const std::vector<T>& b) {
  DeviceArray<T> da(a), db(b), dr(a.size());
  gpu::for_each(a.size(), BinaryKernel<Fn, T>{da.data(), db.data(), dr.data()});
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  return dr.to_host();
}

template <class Fn, class T>
std::vector<T> host_unary(const std::vector<T>& a) {
  std::vector<T> r(a.size());
  for (size_t i = 0; i < a.size(); ++i) r[i] = Fn::apply(a[i]);
  return r;
}

template <class Fn, class T>
std::vector<T> host_binary(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> r(a.size());
  for (size_t i = 0; i < a.size(); ++i) r[i] = Fn::apply(a[i], b[i]);
  return r;
}

template <class P>
std::string describe(const Field<P>& x) {
  return to_hex(x);
}

// Bit-identical representations (the device must produce fully reduced values).
template <class T>
void expect_all_equal(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  ASSERT_EQ(got.size(), want.size()) << what;
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      if (bad++ == 0) first = i;
    }
  }
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << got.size() << " differ; first at " << first
                     << ": device " << describe(got[first]) << " host " << describe(want[first]);
}

// ---- field operations ------------------------------------------------------

struct MulFn {
  template <class T>
  CUZK_HD static T apply(const T& a, const T& b) { return a * b; }
};
struct AddFn {
  template <class T>
  CUZK_HD static T apply(const T& a, const T& b) { return a + b; }
};
struct SubFn {
  template <class T>
  CUZK_HD static T apply(const T& a, const T& b) { return a - b; }
};
struct SqrFn {
  template <class T>
  CUZK_HD static T apply(const T& a) { return a.sqr(); }
};
struct InvFn {
  template <class T>
  CUZK_HD static T apply(const T& a) { return a.inverse(); }
};
struct NegFn {
  template <class T>
  CUZK_HD static T apply(const T& a) { return -a; }
};
// A short mixed expression: catches operand aliasing / register-reuse issues
// the single operations would not.
struct MixFn {
  template <class T>
  CUZK_HD static T apply(const T& a, const T& b) {
    T s = a + b, d = a - b;
    T x = s * d;                // a^2 - b^2
    T y = a.sqr() - b.sqr();    // same value
    return x * x + y.sqr() * a - x.dbl();
  }
};

template <class F>
std::vector<F> random_elements(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<F> v(n);
  for (auto& x : v) x = random_element<F>(rng);
  return v;
}

}  // namespace

template <class F>
class FieldDevice : public ::testing::Test {};
using AllFields = ::testing::Types<Bls12_381_Fp, Bls12_381_Fr, Bn254_Fp, Bn254_Fr>;
TYPED_TEST_SUITE(FieldDevice, AllFields);

TYPED_TEST(FieldDevice, RandomMulSqrAddSubMatchHost) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  auto a = random_elements<F>(kRandomCount, 1);
  auto b = random_elements<F>(kRandomCount, 2);
  expect_all_equal("mul", device_binary<MulFn>(a, b), host_binary<MulFn>(a, b));
  expect_all_equal("sqr", device_unary<SqrFn>(a), host_unary<SqrFn>(a));
  expect_all_equal("add", device_binary<AddFn>(a, b), host_binary<AddFn>(a, b));
  expect_all_equal("sub", device_binary<SubFn>(a, b), host_binary<SubFn>(a, b));
  expect_all_equal("neg", device_unary<NegFn>(a), host_unary<NegFn>(a));
}

TYPED_TEST(FieldDevice, RandomInverseMatchesHost) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  auto a = random_elements<F>(kRandomCount, 3);
  a[17] = F::zero();  // inverse of zero is zero on both sides
  // host reference by batch inversion (Montgomery's trick), then a spot check
  // that it matches Field::inverse() itself
  std::vector<F> want = a;
  batch_inverse<F>(want);
  for (size_t i = 0; i < 64; ++i) ASSERT_EQ(want[i], a[i].inverse()) << i;
  expect_all_equal("inverse", device_unary<InvFn>(a), want);
}

TYPED_TEST(FieldDevice, RandomMixedExpressionMatchesHost) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  auto a = random_elements<F>(kRandomCount / 4, 4);
  auto b = random_elements<F>(kRandomCount / 4, 5);
  expect_all_equal("mixed", device_binary<MixFn>(a, b), host_binary<MixFn>(a, b));
}

TYPED_TEST(FieldDevice, EdgeValuesMatchHost) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  auto e = test::edge_values<F>();
  std::vector<F> a, b;
  for (const F& x : e) {
    for (const F& y : e) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  expect_all_equal("edge mul", device_binary<MulFn>(a, b), host_binary<MulFn>(a, b));
  expect_all_equal("edge add", device_binary<AddFn>(a, b), host_binary<AddFn>(a, b));
  expect_all_equal("edge sub", device_binary<SubFn>(a, b), host_binary<SubFn>(a, b));
  expect_all_equal("edge sqr", device_unary<SqrFn>(e), host_unary<SqrFn>(e));
  expect_all_equal("edge neg", device_unary<NegFn>(e), host_unary<NegFn>(e));
  expect_all_equal("edge inverse", device_unary<InvFn>(e), host_unary<InvFn>(e));
  // the canonical edge values themselves survive the device round trip
  auto pm1 = -F::one();
  EXPECT_EQ(device_binary<MulFn>(std::vector<F>{pm1}, std::vector<F>{pm1})[0], F::one());
  EXPECT_TRUE(device_binary<AddFn>(std::vector<F>{pm1}, std::vector<F>{F::one()})[0].is_zero());
  EXPECT_EQ(device_binary<SubFn>(std::vector<F>{F::zero()}, std::vector<F>{F::one()})[0], pm1);
}
