// GPU NTT (src/ntt/cuda) against the CPU NTT (src/ntt) and the CPU H step
// (src/groth16/h_poly.hpp), bit for bit, on random inputs: both curves' Fr,
// both root conventions, every size 2^0..2^20 (one block, 2 and 3 passes),
// in place and out of place, both twiddle modes, other pass plans, cosets,
// round trips, several streams at once, and the fused H steps; 2^21..2^27 by
// direct sums at a few outputs. Outputs and scratch buffers are poisoned
// (0xff bytes: not a valid field element) before every run.
// Every case skips without a CUDA device.
#include <gtest/gtest.h>

#include <cstring>
#include <future>
#include <random>
#include <string>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "ff/roots.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "gpu/stream.hpp"
#include "groth16/h_poly.hpp"
#include "ntt/cuda/gpu_ntt.hpp"
#include "ntt/ntt.hpp"

using namespace cuzk;
using cuzk::ff::RootConvention;
using cuzk::ntt::cuda::GpuNttDomain;
using cuzk::ntt::cuda::TwiddleMode;

#define SKIP_WITHOUT_DEVICE() \
  if (cuzk::gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device"

namespace {

template <class F>
std::vector<F> random_vec(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<F> v(n);
  for (auto& x : v) x = ff::random_element<F>(rng);
  return v;
}

template <class F>
struct Dev {
  gpu::DeviceBuffer buf;
  size_t n;
  explicit Dev(size_t count) : buf(count * sizeof(F)), n(count) {}
  explicit Dev(const std::vector<F>& v) : Dev(v.size()) { put(v); }
  F* p() const { return buf.as<F>(); }
  void put(const std::vector<F>& v) { buf.upload(v.data(), v.size() * sizeof(F)); }
  void poison() { CUZK_CUDA_CHECK(cudaMemset(buf.get(), 0xff, n * sizeof(F))); }
  std::vector<F> get() const {
    CUZK_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<F> v(n);
    buf.download(v.data(), n * sizeof(F));
    return v;
  }
};

template <class F>
::testing::AssertionResult same(const std::vector<F>& got, const std::vector<F>& want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << "length " << got.size() << " vs " << want.size();
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(F)) != 0 && bad++ == 0) first = i;
  if (!bad) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << got.size() << " differ; first at " << first
                                       << ": gpu " << ff::to_hex(got[first]) << " cpu " << ff::to_hex(want[first]);
}

const char* conv_name(RootConvention c) { return c == RootConvention::kSnarkjs ? "snarkjs" : "bellperson"; }

// Forward, inverse, cosets and a round trip at one size, in place and out of
// place, against the CPU NTT.
template <class F>
void check_size(int L, RootConvention conv, TwiddleMode mode, uint64_t seed, std::vector<int> plan = {}) {
  SCOPED_TRACE("2^" + std::to_string(L) + " " + conv_name(conv) + " mode " + std::to_string(int(mode)));
  const size_t n = size_t(1) << L;
  GpuNttDomain<F> gd(L, conv, mode, plan);
  if (!plan.empty()) ASSERT_EQ(gd.plan(), plan);
  ntt::Domain<F> cd(L, conv);
  ASSERT_EQ(gd.size(), n);
  ASSERT_EQ(gd.omega(), cd.omega);
  const std::vector<F> x = random_vec<F>(n, seed);
  const F g = ff::multiplicative_generator<F>(conv);
  const F shift = random_vec<F>(1, seed ^ 0x5eed)[0];

  Dev<F> in(x), out(n), scratch(n);
  auto run_oop = [&](auto&& op, const char* what, const std::vector<F>& want) {
    SCOPED_TRACE(what);
    in.put(x);
    out.poison();
    scratch.poison();
    op(in.p(), out.p(), scratch.p());
    EXPECT_TRUE(same(out.get(), want));
    EXPECT_TRUE(same(in.get(), x)) << "input modified";
  };
  auto run_inplace = [&](auto&& op, const char* what, const std::vector<F>& want) {
    SCOPED_TRACE(what);
    Dev<F> io(x);
    op(io.p());  // scratch from the stream-ordered allocator
    EXPECT_TRUE(same(io.get(), want));
  };

  std::vector<F> fwd = x;
  ntt::forward<F>(fwd, cd);
  run_oop([&](const F* i, F* o, F* s) { gd.forward(i, o, nullptr, s); }, "forward", fwd);
  run_inplace([&](F* d) { gd.forward(d); }, "forward in place", fwd);

  std::vector<F> inv = x;
  ntt::inverse<F>(inv, cd);
  run_oop([&](const F* i, F* o, F* s) { gd.inverse(i, o, nullptr, s); }, "inverse", inv);
  run_inplace([&](F* d) { gd.inverse(d); }, "inverse in place", inv);

  for (const F& sh : {g, shift}) {
    std::vector<F> cf = x;
    ntt::coset_forward<F>(cf, cd, sh);
    run_oop([&](const F* i, F* o, F* s) { gd.coset_forward(i, o, sh, nullptr, s); }, "coset forward", cf);
    run_inplace([&](F* d) { gd.coset_forward(d, sh); }, "coset forward in place", cf);
    std::vector<F> ci = x;
    ntt::coset_inverse<F>(ci, cd, sh);
    run_oop([&](const F* i, F* o, F* s) { gd.coset_inverse(i, o, sh, nullptr, s); }, "coset inverse", ci);
    run_inplace([&](F* d) { gd.coset_inverse(d, sh); }, "coset inverse in place", ci);
  }

  // round trips on the device alone
  {
    SCOPED_TRACE("round trips");
    Dev<F> io(x);
    gd.forward(io.p());
    gd.inverse(io.p());
    EXPECT_TRUE(same(io.get(), x));
    gd.coset_forward(io.p(), g);
    gd.coset_inverse(io.p(), g);
    EXPECT_TRUE(same(io.get(), x));
  }
}

template <class F>
std::vector<F> cpu_h_snarkjs(std::vector<F> a, std::vector<F> b, std::vector<F> c) {
  const int L = ntt::Domain<F>::log_size_for(a.size());
  ntt::Domain<F> d(L, RootConvention::kSnarkjs);
  for (auto* v : {&a, &b, &c}) v->resize(d.n, F::zero());
  const F shift = ff::root_of_unity<F>(L + 1, RootConvention::kSnarkjs);
  for (auto* v : {&a, &b, &c}) {
    ntt::inverse<F>(*v, d);
    ntt::coset_forward<F>(*v, d, shift);
  }
  for (size_t i = 0; i < d.n; ++i) a[i] = a[i] * b[i] - c[i];
  return a;
}

}  // namespace

template <class F>
class NttGpu : public ::testing::Test {};
using Frs = ::testing::Types<ff::Bls12_381_Fr, ff::Bn254_Fr>;
TYPED_TEST_SUITE(NttGpu, Frs);

TYPED_TEST(NttGpu, AllSizesUpTo2e20MatchCpu) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  for (RootConvention conv : {RootConvention::kBellperson, RootConvention::kSnarkjs})
    for (int L = 0; L <= 20; ++L) check_size<F>(L, conv, TwiddleMode::kAuto, 1000 * L + int(conv));
}

TYPED_TEST(NttGpu, BothTwiddleModesMatchCpu) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  for (int L : {13, 18, 19, 22})
    for (TwiddleMode m : {TwiddleMode::kTwoLevel, TwiddleMode::kFullTable})
      check_size<F>(L, RootConvention::kBellperson, m, 77 + L);
}

// make_plan picks one plan per size, mostly larger radices first; any
// order and mix must give the same transform (CUZK_NTT_PLAN tunes them).
TYPED_TEST(NttGpu, OtherPlansMatchCpu) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  const std::vector<std::vector<int>> plans = {{6, 7}, {9, 6}, {6, 9}, {9, 9}, {6, 6, 6}, {6, 7, 7}, {8, 6, 6}, {7, 6, 8}};
  for (const auto& plan : plans) {
    int L = 0;
    for (int r : plan) L += r;
    for (TwiddleMode m : {TwiddleMode::kTwoLevel, TwiddleMode::kFullTable})
      check_size<F>(L, RootConvention::kBellperson, m, 31 * L + plan[0], plan);
  }
}

// 2^21..2^27, where a CPU NTT per size would take too long: outputs checked
// one by one against X_k = sum_i x_i omega^(ik) (Horner, a thread each), the
// other twiddle mode bit for bit, and the inverse back to the input.
TYPED_TEST(NttGpu, LargeSizesMatchDirectSums) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  for (int L : {21, 23, 24, 25, 26, 27}) {
    SCOPED_TRACE("2^" + std::to_string(L));
    const size_t n = size_t(1) << L;
    GpuNttDomain<F> gd(L, RootConvention::kBellperson);
    const TwiddleMode other = gd.full_twiddle_table() ? TwiddleMode::kTwoLevel : TwiddleMode::kFullTable;
    Dev<F> in(n), out(n), scratch(n);
    ntt::cuda::fill_random<F>(in.p(), n, 900 + L);
    out.poison();
    scratch.poison();
    gd.forward(in.p(), out.p(), nullptr, scratch.p());
    const std::vector<F> x = in.get(), X = out.get();

    std::mt19937_64 rng(L);
    const std::vector<size_t> ks = {0, 1, n / 2 + 3, n - 1, size_t(rng() % n), size_t(rng() % n)};
    std::vector<std::future<F>> sums;
    for (size_t k : ks)
      sums.push_back(std::async(std::launch::async, [&, k] {
        const F w = gd.omega().pow(uint64_t(k));
        F acc = F::zero();
        for (size_t i = n; i-- > 0;) acc = acc * w + x[i];
        return acc;
      }));

    if (L <= 26) {  // the full table takes n * 32 bytes
      GpuNttDomain<F> god(L, RootConvention::kBellperson, other);
      out.poison();
      god.forward(in.p(), out.p(), nullptr, scratch.p());
      EXPECT_TRUE(same(out.get(), X)) << "twiddle mode " << int(other);
    }
    out.put(X);
    gd.inverse(out.p(), nullptr, scratch.p());
    EXPECT_TRUE(same(out.get(), x)) << "inverse(forward(x))";
    for (size_t j = 0; j < ks.size(); ++j)
      EXPECT_EQ(ff::to_hex(X[ks[j]]), ff::to_hex(sums[j].get())) << "X_" << ks[j];
  }
}

TYPED_TEST(NttGpu, RejectsBadPlans) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  const auto bell = RootConvention::kBellperson;
  EXPECT_THROW(GpuNttDomain<F>(20, bell, TwiddleMode::kAuto, {7, 7, 7}), Error);       // sums to 21
  EXPECT_THROW(GpuNttDomain<F>(15, bell, TwiddleMode::kAuto, {10, 5}), Error);         // radices without kernels
  EXPECT_THROW(GpuNttDomain<F>(18, bell, TwiddleMode::kAuto, {18}), Error);            // one pass
  EXPECT_THROW(GpuNttDomain<F>(30, bell, TwiddleMode::kAuto, {6, 6, 6, 6, 6}), Error);  // five passes
  EXPECT_THROW(GpuNttDomain<F>(12, bell, TwiddleMode::kAuto, {6, 6}), Error);          // one-block size
}

TYPED_TEST(NttGpu, SeveralStreamsAtOnce) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  constexpr int L = 17, kStreams = 4;
  const size_t n = size_t(1) << L;
  GpuNttDomain<F> gd(L, RootConvention::kBellperson);
  ntt::Domain<F> cd(L, RootConvention::kBellperson);
  std::vector<std::vector<F>> xs;
  std::vector<Dev<F>> bufs, scratch;
  std::vector<gpu::Stream> st(kStreams);
  for (int i = 0; i < kStreams; ++i) {
    xs.push_back(random_vec<F>(n, 500 + i));
    bufs.emplace_back(xs.back());
    scratch.emplace_back(n);
    scratch.back().poison();
  }
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  for (int rep = 0; rep < 3; ++rep)
    for (int i = 0; i < kStreams; ++i) {
      if (rep == 1)
        gd.inverse(bufs[i].p(), st[i], scratch[i].p());
      else
        gd.forward(bufs[i].p(), st[i], scratch[i].p());
    }
  for (int i = 0; i < kStreams; ++i) {
    st[i].synchronize();
    std::vector<F> want = xs[i];
    ntt::forward<F>(want, cd);  // forward, inverse, forward
    EXPECT_TRUE(same(bufs[i].get(), want)) << "stream " << i;
  }
}

TYPED_TEST(NttGpu, HStepBellpersonMatchesCpu) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  for (int L : {0, 1, 2, 3, 5, 8, 11, 12, 13, 16, 18, 19, 20}) {
    SCOPED_TRACE("2^" + std::to_string(L));
    const size_t n = size_t(1) << L;
    const size_t m = n >= 4 ? n - n / 4 + 1 : n;  // padded by the callee
    auto a = random_vec<F>(m, 10 + L), b = random_vec<F>(m, 20 + L), c = random_vec<F>(m, 30 + L);
    const auto want = groth16::compute_h_bellperson<F>(a, b, c);
    const auto got = ntt::cuda::gpu_compute_h_bellperson_host<F>(a, b, c);
    EXPECT_TRUE(same(got, want));
  }
}

TYPED_TEST(NttGpu, HStepSnarkjsMatchesCpu) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  for (int L : {0, 1, 2, 3, 5, 8, 11, 12, 13, 16, 18, 19, 20}) {
    SCOPED_TRACE("2^" + std::to_string(L));
    const size_t n = size_t(1) << L;
    const size_t m = n >= 4 ? n - n / 8 : n;
    auto a = random_vec<F>(m, 40 + L), b = random_vec<F>(m, 50 + L);
    std::vector<F> c(m);
    for (size_t i = 0; i < m; ++i) c[i] = a[i] * b[i];  // circom: c = a * b
    if (L % 2) c = random_vec<F>(m, 60 + L);            // and arbitrary c
    const auto want = cpu_h_snarkjs<F>(a, b, c);
    const auto got = ntt::cuda::gpu_compute_h_snarkjs_host<F>(a, b, c);
    EXPECT_TRUE(same(got, want));
  }
}

// The device-pointer API the prover calls: explicit scratch and stream, full
// length inputs, result in a.
TYPED_TEST(NttGpu, HStepDeviceApiWithStreamAndScratch) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  constexpr int L = 15;
  const size_t n = size_t(1) << L;
  auto a = random_vec<F>(n, 71), b = random_vec<F>(n, 72), c = random_vec<F>(n, 73);
  gpu::Stream st;
  {
    GpuNttDomain<F> gd(L, RootConvention::kBellperson, TwiddleMode::kTwoLevel);
    Dev<F> da(a), db(b), dc(c), ds(n);
    ds.poison();
    ntt::cuda::gpu_compute_h_bellperson<F>(gd, da.p(), db.p(), dc.p(), ds.p(), st);
    st.synchronize();
    auto got = da.get();
    got.resize(n - 1);
    EXPECT_TRUE(same(got, groth16::compute_h_bellperson<F>(a, b, c)));
  }
  {
    GpuNttDomain<F> gd(L, RootConvention::kSnarkjs, TwiddleMode::kFullTable);
    Dev<F> da(a), db(b), dc(c), ds(n);
    ds.poison();
    ntt::cuda::gpu_compute_h_snarkjs<F>(gd, da.p(), db.p(), dc.p(), ds.p(), st);
    st.synchronize();
    EXPECT_TRUE(same(da.get(), cpu_h_snarkjs<F>(a, b, c)));
  }
}

TYPED_TEST(NttGpu, RejectsWrongConventionAndSize) {
  SKIP_WITHOUT_DEVICE();
  using F = TypeParam;
  GpuNttDomain<F> gd(4, RootConvention::kSnarkjs);
  Dev<F> a(16), b(16), c(16);
  EXPECT_THROW(ntt::cuda::gpu_compute_h_bellperson<F>(gd, a.p(), b.p(), c.p()), Error);
  EXPECT_THROW(GpuNttDomain<F>(F::Params::kTwoAdicity + 1, RootConvention::kBellperson), Error);
  std::vector<F> x(5), y(4);
  EXPECT_THROW(ntt::cuda::gpu_compute_h_snarkjs_host<F>(x, x, y), Error);
}
