// The curve code compiled for the device must give bit-identical coordinates
// to the host for every operation (same formulas, fully reduced fields): mixed
// and full additions in Jacobian and XYZZ, doubling, scalar multiplication,
// to_affine and the subgroup check, including the special cases (infinity,
// P + P, P + (-P)). Skips without a CUDA device. Slow to compile (minutes):
// every op is instantiated for G2 over BLS12-381.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ec/ec.hpp"
#include "ec/sample.hpp"
#include "gpu/device.hpp"
#include "gpu/launch.cuh"
#include "support/device_array.hpp"

using namespace cuzk;
using namespace cuzk::ec;

namespace {

// One small kernel per operation: each op body is compiled once per curve
// (a G2 addition is ~100k PTX lines; one kernel holding them all would take
// cicc/ptxas many minutes).
template <class Fn, class A, class B, class R>
struct OpKernel {
  const A* a;
  const B* b;
  R* r;
  __device__ void operator()(size_t i) const { r[i] = Fn::apply(a[i], b[i]); }
};

struct MaddFn {
  template <class C>
  CUZK_HD static Jacobian<C> apply(const Jacobian<C>& a, const Affine<C>& b) { return a + b; }
};
struct AddFn {
  template <class C>
  CUZK_HD static Jacobian<C> apply(const Jacobian<C>& a, const Jacobian<C>& b) { return outlined::add(a, b); }
};
struct DblFn {
  template <class C>
  CUZK_HD static Jacobian<C> apply(const Jacobian<C>& a, const Affine<C>&) { return outlined::dbl(a); }
};
struct XMaddFn {
  template <class C>
  CUZK_HD static Xyzz<C> apply(const Xyzz<C>& a, const Affine<C>& b) { return a + b; }
};
struct XAddFn {
  template <class C>
  CUZK_HD static Xyzz<C> apply(const Xyzz<C>& a, const Xyzz<C>& b) { return a + b; }
};
struct XDblFn {
  template <class C>
  CUZK_HD static Xyzz<C> apply(const Xyzz<C>& a, const Affine<C>&) { return a.dbl(); }
};
struct MulFn {
  template <class C, class S>
  CUZK_HD static Jacobian<C> apply(const Jacobian<C>& a, const S& k) { return mul(a, k); }
};
struct ToAffineFn {
  template <class C>
  CUZK_HD static Affine<C> apply(const Jacobian<C>& a, const Affine<C>&) { return a.to_affine(); }
};
struct SubgroupFn {
  template <class C>
  CUZK_HD static int apply(const Jacobian<C>& a, const Affine<C>&) { return is_in_subgroup(a) ? 1 : 0; }
};

using cuzk::testing_support::DeviceArray;

// Field members compared limb by limb (struct padding after Affine::inf is not data).
template <class F>
bool same(const F& a, const F& b) {
  return std::memcmp(&a, &b, sizeof(F)) == 0;
}
template <class C>
bool same(const Jacobian<C>& a, const Jacobian<C>& b) {
  return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z);
}
template <class C>
bool same(const Xyzz<C>& a, const Xyzz<C>& b) {
  return same(a.x, b.x) && same(a.y, b.y) && same(a.zz, b.zz) && same(a.zzz, b.zzz);
}
template <class C>
bool same(const Affine<C>& a, const Affine<C>& b) {
  return a.inf == b.inf && (a.inf || (same(a.x, b.x) && same(a.y, b.y)));
}
bool same(int a, int b) { return a == b; }

template <class T>
void expect_same(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  ASSERT_EQ(got.size(), want.size());
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], want[i]) && bad++ == 0) first = i;
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << got.size() << " differ, first at " << first;
}

// Runs Fn over (a[i], b[i]) on the device and on the host; returns the host results.
template <class Fn, class A, class B>
auto check(const char* what, const std::vector<A>& a, const std::vector<B>& b) {
  using R = decltype(Fn::apply(a[0], b[0]));
  std::vector<R> want(a.size());
  for (size_t i = 0; i < a.size(); ++i) want[i] = Fn::apply(a[i], b[i]);
  DeviceArray<A> da(a);
  DeviceArray<B> db(b);
  DeviceArray<R> dr(a.size());
  gpu::for_each(a.size(), OpKernel<Fn, A, B, R>{da.data(), db.data(), dr.data()}, nullptr, 64);
  CUZK_CUDA_CHECK(cudaGetLastError());
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  expect_same(what, dr.to_host(), want);
  return want;
}

template <class C>
class CurveDeviceTest : public ::testing::Test {};
using AllCurves = ::testing::Types<Bls12_381_G1, Bls12_381_G2, Bn254_G1, Bn254_G2>;
TYPED_TEST_SUITE(CurveDeviceTest, AllCurves);

TYPED_TEST(CurveDeviceTest, MatchesHost) {
  using C = TypeParam;
  using J = Jacobian<C>;
  using S = typename C::Scalar;
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  std::mt19937_64 rng(51);
  const size_t n = 512;
  std::vector<J> a(n);
  std::vector<Affine<C>> b(n);
  std::vector<S> k(n);
  for (size_t i = 0; i < n; ++i) {
    J p = (i % 3 == 0) ? J::from_affine(random_curve_point<C>(rng)) : random_subgroup_point<C>(rng);
    auto l = random_base<C>(rng);  // random Z
    a[i] = J{p.x * l.sqr(), p.y * l.sqr() * l, p.z * l};
    switch (i % 8) {
      case 0: a[i] = J::infinity(); b[i] = random_curve_point<C>(rng); break;
      case 1: b[i] = Affine<C>::infinity(); break;
      case 2: b[i] = a[i].to_affine(); break;     // doubling inside the additions
      case 3: b[i] = (-a[i]).to_affine(); break;  // P + (-P)
      default: b[i] = random_curve_point<C>(rng);
    }
    k[i] = (i % 16 == 5) ? S::zero() : ff::random_element<S>(rng);
  }

  std::vector<J> bj(n);
  std::vector<Xyzz<C>> ax(n), bx(n);
  for (size_t i = 0; i < n; ++i) {
    bj[i] = J::from_affine(b[i]);
    ax[i] = Xyzz<C>::from_jacobian(a[i]);
    bx[i] = Xyzz<C>::from_affine(b[i]);
  }
  auto madd = check<MaddFn>("jacobian mixed add", a, b);
  auto add = check<AddFn>("jacobian add", a, bj);
  auto dbl = check<DblFn>("jacobian double", a, b);
  auto xmadd = check<XMaddFn>("xyzz mixed add", ax, b);
  auto xadd = check<XAddFn>("xyzz add", ax, bx);
  auto xdbl = check<XDblFn>("xyzz double", ax, b);
  check<MulFn>("scalar mul", a, k);
  auto aff = check<ToAffineFn>("to_affine", a, b);
  auto sub = check<SubgroupFn>("subgroup check", a, b);
  // and the representations agree with each other (the host results are right)
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(sub[i], is_in_subgroup_by_order(a[i]) ? 1 : 0) << i;
    ASSERT_EQ(madd[i], add[i]) << i;
    ASSERT_EQ(xmadd[i], madd[i]) << i;
    ASSERT_EQ(xadd[i], add[i]) << i;
    ASSERT_EQ(xdbl[i], dbl[i]) << i;
    ASSERT_EQ(aff[i], a[i]) << i;
  }
}

}  // namespace
