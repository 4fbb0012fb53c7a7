// GPU MSM (src/msm/cuda/msm_gpu.hpp) == CPU (naive sums for n <= 3, else
// msm::pippenger) on random inputs at many sizes, powers of two or not, with
// all-zero, all-one, mixed (0 / 1 / random / -1) and all -1 scalars, for G1
// and G2 of both curves; plus selections (densities), streamed bases, forced
// window sizes and window batches. Every case skips without a CUDA device.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ec/batch_affine.hpp"
#include "ec/scalar_mul.hpp"
#include "ec/serialize_snarkjs.hpp"
#include "ff/field_io.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "msm/cuda/msm_gpu.hpp"
#include "msm/pippenger.hpp"

using namespace cuzk;
using msm::cuda::GpuMsm;
using msm::cuda::GpuMsmOptions;
using msm::cuda::GpuSelection;

namespace {

template <class C>
std::vector<ec::Affine<C>> host_bases(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ec::Jacobian<C>> j(n);
  const ec::Affine<C> step =
      ec::mul(ec::Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng)).to_affine();
  ec::Jacobian<C> p = ec::mul(ec::Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng));
  for (size_t i = 0; i < n; ++i) {
    j[i] = p;
    p += step;
  }
  return ec::batch_to_affine<C>(j);
}

enum class Pattern { kRandom, kZeros, kOnes, kMixed, kMinusOne };
const char* name(Pattern p) {
  switch (p) {
    case Pattern::kRandom: return "random";
    case Pattern::kZeros: return "zeros";
    case Pattern::kOnes: return "ones";
    case Pattern::kMixed: return "mixed";
    case Pattern::kMinusOne: return "minus_one";
  }
  return "?";
}

template <class C>
std::vector<typename C::Scalar> scalars(size_t n, Pattern p, uint64_t seed) {
  using S = typename C::Scalar;
  std::mt19937_64 rng(seed);
  std::vector<S> s(n);
  const S m1 = -S::one();
  for (auto& x : s) {
    switch (p) {
      case Pattern::kRandom: x = ff::random_element<S>(rng); break;
      case Pattern::kZeros: x = S::zero(); break;
      case Pattern::kOnes: x = S::one(); break;
      case Pattern::kMinusOne: x = m1; break;
      case Pattern::kMixed: {
        const int r = int(rng() % 4);
        x = r == 0 ? S::zero() : r == 1 ? S::one() : r == 2 ? ff::random_element<S>(rng) : m1;
      }
    }
  }
  return s;
}

template <class C>
ec::Jacobian<C> reference(const std::vector<ec::Affine<C>>& b, const std::vector<typename C::Scalar>& s) {
  if (s.size() <= 3) {
    ec::Jacobian<C> acc = ec::Jacobian<C>::infinity();
    for (size_t i = 0; i < s.size(); ++i) acc += ec::mul(b[i], s[i]);
    return acc;
  }
  return msm::pippenger<C>(std::span<const ec::Affine<C>>(b.data(), s.size()),
                           std::span<const typename C::Scalar>(s));
}

template <class S>
struct DeviceScalars {
  S* p = nullptr;
  explicit DeviceScalars(const std::vector<S>& s) {
    CUZK_CUDA_CHECK(cudaMalloc(&p, std::max<size_t>(1, s.size()) * sizeof(S)));
    if (!s.empty()) CUZK_CUDA_CHECK(cudaMemcpy(p, s.data(), s.size() * sizeof(S), cudaMemcpyHostToDevice));
  }
  ~DeviceScalars() { cudaFree(p); }
};

// GPU (host scalars and device scalars) against the reference.
template <class C>
void check_sizes(std::initializer_list<size_t> sizes, std::initializer_list<Pattern> patterns, uint64_t seed) {
  for (size_t n : sizes) {
    auto b = host_bases<C>(n, seed + n);
    if (n > 10) b[n / 2] = ec::Affine<C>::infinity();
    GpuMsm<C> g(b);
    ASSERT_TRUE(g.resident());
    for (Pattern p : patterns) {
      const auto s = scalars<C>(n, p, seed + 7 * n + int(p));
      const auto want = reference<C>(b, s);
      EXPECT_TRUE(g.run(s) == want) << C::kName << " n=" << n << " " << name(p) << " (host scalars)";
      DeviceScalars<typename C::Scalar> d(s);
      EXPECT_TRUE(g.run_device(d.p, n) == want) << C::kName << " n=" << n << " " << name(p) << " (device scalars)";
    }
  }
}

#define SKIP_WITHOUT_DEVICE() \
  if (cuzk::gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device"

const auto kAll = {Pattern::kRandom, Pattern::kZeros, Pattern::kOnes, Pattern::kMixed, Pattern::kMinusOne};

TEST(MsmGpu, Bls12381G1Small) {
  SKIP_WITHOUT_DEVICE();
  check_sizes<ec::Bls12_381_G1>({1, 2, 3, 1000}, kAll, 11);
}
TEST(MsmGpu, Bls12381G2Small) {
  SKIP_WITHOUT_DEVICE();
  check_sizes<ec::Bls12_381_G2>({1, 2, 3, 1000}, kAll, 12);
}
TEST(MsmGpu, Bn254G1Small) {
  SKIP_WITHOUT_DEVICE();
  check_sizes<ec::Bn254_G1>({1, 2, 3, 1000}, kAll, 13);
}
TEST(MsmGpu, Bn254G2Small) {
  SKIP_WITHOUT_DEVICE();
  check_sizes<ec::Bn254_G2>({1, 2, 3, 1000}, kAll, 14);
}

TEST(MsmGpu, Medium) {
  SKIP_WITHOUT_DEVICE();
  const size_t n = (size_t(1) << 16) + 3;
  check_sizes<ec::Bls12_381_G1>({n}, {Pattern::kRandom, Pattern::kMixed}, 21);
  check_sizes<ec::Bn254_G1>({n}, {Pattern::kRandom, Pattern::kMixed}, 22);
  check_sizes<ec::Bls12_381_G2>({n}, {Pattern::kRandom}, 23);
  check_sizes<ec::Bn254_G2>({n}, {Pattern::kMixed}, 24);
}

// 2^20 bases made on the device (also checks the generator: on the curve).
template <class C>
void check_large(size_t n, std::initializer_list<Pattern> patterns, uint64_t seed) {
  auto g = GpuMsm<C>::random_bases(n, seed);
  const auto b = g.download_bases();
  for (size_t i = 0; i < n; i += n / 64) ASSERT_TRUE(b[i].is_on_curve()) << C::kName << " generated base " << i;
  ASSERT_FALSE(b[0] == b[1]);
  for (Pattern p : patterns) {
    const auto s = scalars<C>(n, p, seed + int(p));
    const auto want = reference<C>(b, s);
    EXPECT_TRUE(g.run(s) == want) << C::kName << " n=" << n << " " << name(p);
  }
}

TEST(MsmGpu, Large) {
  SKIP_WITHOUT_DEVICE();
  check_large<ec::Bls12_381_G1>(size_t(1) << 20, {Pattern::kRandom, Pattern::kMixed}, 31);
  check_large<ec::Bn254_G1>(size_t(1) << 20, {Pattern::kRandom}, 32);
  check_large<ec::Bls12_381_G2>(size_t(1) << 18, {Pattern::kRandom}, 33);
}

// Forced window sizes (small, odd, large) and window batches.
TEST(MsmGpu, WindowsAndBatches) {
  SKIP_WITHOUT_DEVICE();
  using C = ec::Bls12_381_G1;
  const size_t n = 3001;
  const auto b = host_bases<C>(n, 41);
  for (Pattern p : {Pattern::kRandom, Pattern::kMixed, Pattern::kMinusOne}) {
    const auto s = scalars<C>(n, p, 42 + int(p));
    const auto want = reference<C>(b, s);
    for (int c : {4, 5, 11, 16, 20}) {
      GpuMsmOptions o;
      o.window_bits = c;
      GpuMsm<C> g(b, 0, o);
      EXPECT_TRUE(g.run(s) == want) << "c=" << c << " " << name(p);
    }
    // (window batches apply only above the sizes that sort all windows at
    // once, 2^22 entries; msm_emulation_test checks their bookkeeping)
    GpuMsmOptions o;
    o.window_bits = 9;
    o.max_scratch_bytes = 1;
    GpuMsm<C> g(b, 0, o);
    EXPECT_TRUE(g.run(s) == want) << "scratch cap " << name(p);
  }
}

// Window batches under a scratch cap: 64 windows of 4 bits over 70000 scalars
// are past the size sorted at once, so each window is its own batch.
TEST(MsmGpu, Batches) {
  SKIP_WITHOUT_DEVICE();
  using C = ec::Bn254_G1;
  const size_t n = 70000;
  const auto b = host_bases<C>(n, 45);
  const auto s = scalars<C>(n, Pattern::kRandom, 46);
  GpuMsmOptions o;
  o.window_bits = 4;
  o.max_scratch_bytes = 1;
  GpuMsm<C> g(b, 0, o);
  EXPECT_TRUE(g.run(s) == reference<C>(b, s));
  EXPECT_GT(g.last_stats().batches, 1);
  EXPECT_FALSE(g.last_stats().combined_sort);
}

// G1 bucket sums by batched affine additions (the default from 2^23 scalars
// on, forced here) and by XYZZ ones
// agree with the CPU, also where bases repeat (doublings in the affine rounds)
// and cancel (P + (-P) = infinity), with long runs (few buckets; all scalars
// equal: one run per window, 17 rounds).
template <class C>
void check_affine_and_xyzz(uint64_t seed) {
  using S = typename C::Scalar;
  const size_t n = (size_t(1) << 16) + 5;
  auto b = host_bases<C>(n, seed);
  for (size_t i = 1; i < n; ++i) {
    if (i % 5 == 1 || i % 7 == 6) b[i] = b[i - 1];
    if (i % 5 == 3) b[i] = -b[i - 1];
  }
  std::vector<std::vector<S>> cases = {scalars<C>(n, Pattern::kRandom, seed + 1),
                                       scalars<C>(n, Pattern::kMixed, seed + 2), std::vector<S>(n, S::from_u64(12345))};
  for (size_t k = 0; k < cases.size(); ++k) {
    const auto want = reference<C>(b, cases[k]);
    for (bool affine : {true, false})
      for (int c : {0, 6}) {
        GpuMsmOptions o;
        o.affine_accumulation = affine;
        o.affine_min_scalars = 0;
        o.window_bits = c;
        GpuMsm<C> g(b, 0, o);
        EXPECT_TRUE(g.run(cases[k]) == want) << C::kName << " case " << k << " affine " << affine << " c " << c;
        EXPECT_EQ(g.last_stats().affine, affine) << C::kName;
        if (affine) EXPECT_GT(g.last_stats().affine_rounds, 0) << C::kName;
      }
  }
}

TEST(MsmGpu, AffineAndXyzzBucketSums) {
  SKIP_WITHOUT_DEVICE();
  check_affine_and_xyzz<ec::Bls12_381_G1>(71);
  check_affine_and_xyzz<ec::Bn254_G1>(72);
}

// Density selections (the A/B queries), resident and streamed, and streamed full runs.
template <class C>
void check_selection_and_streaming(uint64_t seed) {
  using S = typename C::Scalar;
  const size_t n = 5000;
  const auto b = host_bases<C>(n, seed);
  std::mt19937_64 rng(seed);
  std::vector<uint64_t> words((n + 63) / 64);
  for (auto& w : words) w = rng() & rng();  // about a quarter set
  const GpuSelection sel = GpuSelection::from_bitmap(words, n);
  std::vector<ec::Affine<C>> picked;
  for (uint32_t i : sel.host_indices()) picked.push_back(b[i]);
  ASSERT_EQ(picked.size(), sel.size());
  const auto s = scalars<C>(sel.size(), Pattern::kMixed, seed + 1);
  const auto want_sel = reference<C>(picked, s);
  const auto full = scalars<C>(n, Pattern::kRandom, seed + 2);
  const auto want_full = reference<C>(b, full);

  GpuMsm<C> res(b);
  EXPECT_TRUE(res.run(sel, s) == want_sel) << C::kName << " selection, resident";
  DeviceScalars<S> ds(s);
  EXPECT_TRUE(res.run_device(sel, ds.p) == want_sel) << C::kName << " selection, device scalars";

  GpuMsmOptions o;
  o.stream_bases = true;
  o.chunk_points = 1024;
  GpuMsm<C> str(b, 0, o);
  ASSERT_FALSE(str.resident());
  EXPECT_TRUE(str.run(full) == want_full) << C::kName << " streamed full";
  EXPECT_GT(str.last_stats().chunks, 1);
  EXPECT_TRUE(str.run(sel, s) == want_sel) << C::kName << " streamed selection";
  // a prefix of the scalars uses a prefix of the bases
  std::vector<S> prefix(full.begin(), full.begin() + 1500);
  EXPECT_TRUE(str.run(prefix) == reference<C>(b, prefix)) << C::kName << " streamed prefix";
  EXPECT_TRUE(res.run(prefix) == reference<C>(b, prefix)) << C::kName << " resident prefix";
}

TEST(MsmGpu, SelectionAndStreaming) {
  SKIP_WITHOUT_DEVICE();
  check_selection_and_streaming<ec::Bls12_381_G1>(51);
  check_selection_and_streaming<ec::Bn254_G2>(52);
}

// Bases as a snarkjs key encodes them, uploaded as they are and checked on
// the device (or decoded on the host when streamed): the same bases, the
// same sums, and the first bad point named by its index, in chunks of 2^10
// so that chunks past the first are checked too.
template <class C>
void check_encoded_bases(uint64_t seed) {
  constexpr size_t w = ec::snarkjs::kPointBytes<C>;
  auto b = host_bases<C>(5000, seed);
  for (size_t i : {0, 31, 32, 1023, 1024, 4999}) b[i] = ec::Affine<C>::infinity();
  std::vector<uint8_t> enc(b.size() * w);
  for (size_t i = 0; i < b.size(); ++i) ec::snarkjs::encode(b[i], enc.data() + i * w);
  const auto s = scalars<C>(b.size(), Pattern::kMixed, seed + 1);
  const auto want = reference<C>(b, s);
  for (bool stream : {false, true}) {
    GpuMsmOptions opt;
    opt.stream_bases = stream;
    opt.chunk_points = 1024;
    auto g = GpuMsm<C>::from_encoded(enc, 0, opt);
    EXPECT_EQ(g.resident(), !stream);
    EXPECT_EQ(g.download_bases(), b) << C::kName << (stream ? " streamed" : " resident");
    EXPECT_TRUE(g.run(s) == want) << C::kName << (stream ? " streamed" : " resident");
    for (size_t bad_at : {size_t(7), size_t(3001)}) {
      auto bad = enc;
      bad[bad_at * w + w / 2] ^= 1;  // y's lowest byte: off the curve
      bad[4000 * w + w - 1] = 0xff;  // a later point, y not reduced
      try {
        (void)GpuMsm<C>::from_encoded(bad, 0, opt);
        ADD_FAILURE() << C::kName << ": a bad point was taken";
      } catch (const msm::cuda::BadEncodedPoint& e) {
        EXPECT_EQ(e.index, bad_at) << C::kName;
        EXPECT_NE(std::string(e.what()).find("not on the curve"), std::string::npos) << e.what();
      }
    }
  }
  EXPECT_THROW((void)GpuMsm<C>::from_encoded(std::span(enc).first(enc.size() - 1)), Error);
}

TEST(MsmGpu, EncodedBases) {
  SKIP_WITHOUT_DEVICE();
  check_encoded_bases<ec::Bn254_G1>(71);
  check_encoded_bases<ec::Bn254_G2>(72);
  check_encoded_bases<ec::Bls12_381_G1>(73);
  check_encoded_bases<ec::Bls12_381_G2>(74);
}

// The same object called repeatedly with other sizes (workspace reuse).
TEST(MsmGpu, Reuse) {
  SKIP_WITHOUT_DEVICE();
  using C = ec::Bn254_G1;
  const auto b = host_bases<C>(20000, 61);
  GpuMsm<C> g(b);
  for (size_t n : {20000, 17, 0, 9999, 20000}) {
    const auto s = scalars<C>(n, Pattern::kMixed, 62 + n);
    const auto want = n ? reference<C>(b, s) : ec::Jacobian<C>::infinity();
    EXPECT_TRUE(g.run(s) == want) << "n=" << n;
  }
}

}  // namespace
