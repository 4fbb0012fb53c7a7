// The towers and the pairing compiled for the device must agree bit for bit with
// the host: Fp2/Fp12 arithmetic on random values, and the Miller loop plus both
// final exponentiations on random G1 x G2 pairs. Skips without a CUDA device.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ec/pairing/affine_pairing.hpp"
#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "gpu/device.hpp"

using namespace cuzk;
using namespace cuzk::ec;

namespace {

template <class T>
std::vector<T> round_trip_buffer(gpu::DeviceBuffer& b, size_t n) {
  std::vector<T> v(n);
  b.download(v.data(), n * sizeof(T));
  return v;
}

// r[6i..6i+5] = a*b, a^2, a^-1, frob^1(a), frob^2(a), cyclotomic_square(m) for m = a^(p^6-1)
template <class F12>
__global__ void tower_kernel(const F12* a, const F12* b, F12* r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  F12 x = a[i];
  r[6 * i + 0] = x * b[i];
  r[6 * i + 1] = x.sqr();
  r[6 * i + 2] = x.inverse();
  r[6 * i + 3] = x.frobenius_map(1);
  r[6 * i + 4] = x.frobenius_map(2);
  F12 m = x.conjugate() * x.inverse();
  r[6 * i + 5] = m.cyclotomic_square();
}

template <class E, class A1, class A2>
__global__ void pairing_kernel(const A1* p, const A2* q, typename E::Fp12* r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto f = pairing::miller_loop<E>(p[i], q[i]);
  r[3 * i + 0] = f;
  r[3 * i + 1] = pairing::final_exponentiation_exact<E>(f);
  r[3 * i + 2] = pairing::final_exponentiation_compat<E>(f);
}

}  // namespace

template <class G1>
class PairingDeviceTest : public ::testing::Test {};
using G1s = ::testing::Types<Bls12_381_G1, Bn254_G1>;
TYPED_TEST_SUITE(PairingDeviceTest, G1s);

TYPED_TEST(PairingDeviceTest, TowerMatchesHost) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  using E = typename pairing::EngineOf<TypeParam>::type;
  using F12 = typename E::Fp12;
  using Fp = typename E::Fp;
  std::mt19937_64 rng(51);
  const int n = 64;
  std::vector<F12> a(n), b(n);
  for (auto* v : {&a, &b})
    for (auto& x : *v) {
      Fp* c = reinterpret_cast<Fp*>(&x);
      for (int k = 0; k < 12; ++k) c[k] = ff::random_element<Fp>(rng);
    }
  gpu::DeviceBuffer da(n * sizeof(F12)), db(n * sizeof(F12)), dr(6 * n * sizeof(F12));
  da.upload(a.data(), n * sizeof(F12));
  db.upload(b.data(), n * sizeof(F12));
  tower_kernel<<<(n + 31) / 32, 32>>>(da.as<F12>(), db.as<F12>(), dr.as<F12>(), n);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  auto r = round_trip_buffer<F12>(dr, 6 * n);
  for (int i = 0; i < n; ++i) {
    F12 m = a[i].conjugate() * a[i].inverse();
    ASSERT_EQ(r[6 * i + 0], a[i] * b[i]) << i;
    ASSERT_EQ(r[6 * i + 1], a[i].sqr()) << i;
    ASSERT_EQ(r[6 * i + 2], a[i].inverse()) << i;
    ASSERT_EQ(r[6 * i + 3], a[i].frobenius_map(1)) << i;
    ASSERT_EQ(r[6 * i + 4], a[i].frobenius_map(2)) << i;
    ASSERT_EQ(r[6 * i + 5], m.cyclotomic_square()) << i;
  }
}

TYPED_TEST(PairingDeviceTest, PairingMatchesHost) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  using G1 = TypeParam;
  using G2 = typename pairing::EngineOf<G1>::G2;
  using E = typename pairing::EngineOf<G1>::type;
  using F12 = typename E::Fp12;
  using Fr = typename G1::Scalar;
  std::mt19937_64 rng(52);
  const int n = 8;
  std::vector<Affine<G1>> p(n);
  std::vector<Affine<G2>> q(n);
  for (int i = 0; i < n; ++i) {
    p[i] = mul(Affine<G1>::generator(), ff::random_element<Fr>(rng)).to_affine();
    q[i] = mul(Affine<G2>::generator(), ff::random_element<Fr>(rng)).to_affine();
  }
  p[n - 1] = Affine<G1>::infinity();
  gpu::DeviceBuffer dp(n * sizeof(Affine<G1>)), dq(n * sizeof(Affine<G2>)), dr(3 * n * sizeof(F12));
  dp.upload(p.data(), n * sizeof(Affine<G1>));
  dq.upload(q.data(), n * sizeof(Affine<G2>));
  pairing_kernel<E><<<1, n>>>(dp.as<Affine<G1>>(), dq.as<Affine<G2>>(), dr.as<F12>(), n);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  auto r = round_trip_buffer<F12>(dr, 3 * n);
  for (int i = 0; i < n; ++i) {
    F12 f = pairing::miller_loop<E>(p[i], q[i]);
    EXPECT_EQ(r[3 * i + 0], f) << i;
    EXPECT_EQ(r[3 * i + 1], pairing::final_exponentiation_exact<E>(f)) << i;
    EXPECT_EQ(r[3 * i + 2], pairing::final_exponentiation_compat<E>(f)) << i;
  }
  EXPECT_TRUE(r[3 * (n - 1) + 1].is_one());
}
