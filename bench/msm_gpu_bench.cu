// GPU MSM benchmark (src/msm/cuda): BLS12-381 G1 at 2^20 .. 2^26 and G2 at
// 2^20 .. 2^24, uniform random scalars (Montgomery form, made on the device),
// distinct subgroup bases made on the device and resident there. Scalars on
// the device, and from pinned host memory. Median of several runs after a
// warm-up, timed with CUDA events; table with the ratio to sppark's anchors
// (shared/ANCHORS.md, same card). Plain main; exits 0 without a GPU.
//
//   bench_msm_gpu [max_log2_g1 (26)] [max_log2_g2 (24)] [runs (5)] [min_log2 (20)]
// CUZK_MSM_BENCH_SWEEP="18,20,22" also times those window sizes at 2^24 and up.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "ec/curves.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"
#include "gpu/device.hpp"
#include "msm/cuda/msm_gpu.hpp"

using namespace cuzk;
using msm::cuda::GpuMsm;
using msm::cuda::GpuMsmOptions;

namespace {

__device__ __forceinline__ uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Uniform-ish scalars below r (kBits random bits, r subtracted while above), in Montgomery form.
template <class S>
__global__ void k_random_scalars(S* out, size_t n, uint64_t seed) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ff::Limbs<S::N> k;
  for (int j = 0; j < S::N; ++j) k.v[j] = splitmix(seed ^ (i * S::N + j) * 0x2545f4914f6cdd1dULL);
  const int top = S::kBits - 64 * (S::N - 1);
  if (top < 64) k.v[S::N - 1] &= (uint64_t(1) << top) - 1;
  const ff::Limbs<S::N> r = S::Params::modulus();
  while (ff::limbs_geq(k, r)) {
    uint64_t borrow = 0;
    for (int j = 0; j < S::N; ++j) k.v[j] = ff::subb(k.v[j], r.v[j], borrow);
  }
  out[i] = S::from_canonical(k);
}

struct Timing {
  double dev_ms = 0, host_ms = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

template <class C>
double time_runs(GpuMsm<C>& g, const typename C::Scalar* dev, const typename C::Scalar* pinned, size_t n, int runs,
                 ec::Jacobian<C>* result) {
  gpu::EventTimer timer;
  std::vector<double> ms;
  for (int r = 0; r < runs + 1; ++r) {  // the first is the warm-up
    timer.start();
    ec::Jacobian<C> res = dev ? g.run_device(dev, n) : g.run(std::span<const typename C::Scalar>(pinned, n));
    timer.stop();
    const float t = timer.milliseconds();
    if (r > 0) ms.push_back(t);
    if (result) *result = res;
  }
  return median(ms);
}

template <class C>
void print_profile(GpuMsm<C>& g, const typename C::Scalar* dev, size_t n, const char* label) {
  GpuMsmOptions o;
  o.profile = true;
  g.set_options(o);
  (void)g.run_device(dev, n);
  const auto& st = g.last_stats();
  std::printf("  profile %s 2^%d: c=%d windows=%d batches=%d general=%zu ones=%zu sums=%s (%d rounds) |", label,
              int(std::log2(double(n))), st.window_bits, st.windows, st.batches, st.general, st.ones,
              st.affine ? "affine" : "xyzz", st.affine_rounds);
  for (auto& [k, v] : st.phases) std::printf(" %s %.2f", k.c_str(), v);
  std::printf(" ms\n");
  g.set_options(GpuMsmOptions{});
}

struct Row {
  std::string op;
  int lg;
  double dev, host, anchor;
  int c;
  double other = 0;  // device scalars with the other bucket sums (G1: affine <-> XYZZ)
  bool affine = false;
};

template <class C>
void bench_curve(const char* label, int lo, int hi, int runs, const std::map<int, double>& anchors,
                 const std::vector<int>& sweep, std::vector<Row>& rows) {
  using S = typename C::Scalar;
  const size_t nmax = size_t(1) << hi;
  gpu::EventTimer gen;
  gen.start();
  auto g = GpuMsm<C>::random_bases(nmax, 1234);
  gen.stop();
  const float gen_ms = gen.milliseconds();
  S* dev = nullptr;
  S* pinned = nullptr;
  CUZK_CUDA_CHECK(cudaMalloc(&dev, nmax * sizeof(S)));
  k_random_scalars<S><<<unsigned((nmax + 255) / 256), 256>>>(dev, nmax, 99);
  CUZK_CUDA_CHECK(cudaGetLastError());
  CUZK_CUDA_CHECK(cudaMallocHost(&pinned, nmax * sizeof(S)));
  CUZK_CUDA_CHECK(cudaMemcpy(pinned, dev, nmax * sizeof(S), cudaMemcpyDeviceToHost));
  std::printf("%s: 2^%d bases generated on the device in %.1f ms\n", label, hi, gen_ms);
  std::fflush(stdout);
  for (int lg = lo; lg <= hi; lg += 2) {
    const size_t n = size_t(1) << lg;
    const int r = lg >= 26 ? std::max(3, runs - 2) : runs;
    ec::Jacobian<C> r1, r2;
    Row row{label, lg, 0, 0, anchors.count(lg) ? anchors.at(lg) : 0, 0};
    row.dev = time_runs(g, dev, nullptr, n, r, &r1);
    row.c = g.last_stats().window_bits;
    row.affine = g.last_stats().affine;
    if constexpr (requires { typename C::Base::Params; }) {
      // G1 (base field prime) has both bucket sums: the same MSM with the one
      // the default did not pick, time and result
      GpuMsmOptions o;
      if (row.affine)
        o.affine_accumulation = false;
      else
        o.affine_min_scalars = 0;
      g.set_options(o);
      ec::Jacobian<C> rx;
      row.other = time_runs(g, dev, nullptr, n, r, &rx);
      std::printf("%s 2^%d: %s bucket sums %.2f ms (c=%d)%s\n", label, lg, row.affine ? "XYZZ" : "affine", row.other,
                  g.last_stats().window_bits, rx == r1 ? "" : "  MISMATCH affine/xyzz");
      g.set_options(GpuMsmOptions{});
    }
    row.host = time_runs(g, nullptr, pinned, n, r, &r2);
    std::printf("%s 2^%d: device scalars %.2f ms, pinned host scalars %.2f ms (c=%d, %d windows)%s\n", label, lg,
                row.dev, row.host, row.c, g.last_stats().windows, r1 == r2 ? "" : "  MISMATCH device/host");
    print_profile(g, dev, n, label);
    if (lg >= 24) {
      for (int c : sweep) {
        GpuMsmOptions o;
        o.window_bits = c;
        g.set_options(o);
        ec::Jacobian<C> r3;
        const double t = time_runs(g, dev, nullptr, n, std::max(2, r - 2), &r3);
        std::printf("  sweep %s 2^%d c=%d: %.2f ms%s\n", label, lg, c, t, r3 == r1 ? "" : "  MISMATCH");
        g.set_options(GpuMsmOptions{});
      }
    }
    std::fflush(stdout);
    rows.push_back(row);
  }
  cudaFreeHost(pinned);
  cudaFree(dev);
}

}  // namespace

int main(int argc, char** argv) {
  if (gpu::device_count() == 0) {
    std::printf("bench_msm_gpu: no CUDA device, nothing to measure\n");
    return 0;
  }
  const int g1_hi = argc > 1 ? std::atoi(argv[1]) : 26;
  const int g2_hi = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
  const int lo = argc > 4 ? std::atoi(argv[4]) : 20;  // e.g. one size under a profiler
  std::vector<int> sweep;
  if (const char* e = std::getenv("CUZK_MSM_BENCH_SWEEP")) {
    std::string s(e);
    for (size_t p = 0; p < s.size();) {
      size_t q = s.find(',', p);
      if (q == std::string::npos) q = s.size();
      if (q > p) sweep.push_back(std::atoi(s.substr(p, q - p).c_str()));
      p = q + 1;
    }
  }
  const auto info = gpu::device_info(0);
  std::printf("device: %s, %d SMs, %.1f GiB\n", info.name.c_str(), info.sm_count, info.total_memory / double(1 << 30));
  std::vector<Row> rows;
  const std::map<int, double> g1_anchor{{20, 22.2}, {22, 53.0}, {24, 154.7}, {26, 555.6}};
  try {
    if (g1_hi >= lo) bench_curve<ec::Bls12_381_G1>("bls12_381_g1", lo, g1_hi, runs, g1_anchor, sweep, rows);
    if (g2_hi >= lo) bench_curve<ec::Bls12_381_G2>("bls12_381_g2", lo, g2_hi, runs, {}, {}, rows);
  } catch (const std::exception& e) {
    std::printf("bench_msm_gpu: %s\n", e.what());
    return 1;
  }
  std::printf(
      "\n| MSM | n | bucket sums | device scalars, ms | pinned host scalars, ms | other sums, ms | sppark (device), ms "
      "| ratio | c |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (auto& r : rows) {
    char x[32] = "-", a[32] = "-", q[32] = "-";
    if (r.other > 0) std::snprintf(x, sizeof x, "%.2f (%s)", r.other, r.affine ? "xyzz" : "affine");
    if (r.anchor > 0) std::snprintf(a, sizeof a, "%.1f", r.anchor), std::snprintf(q, sizeof q, "%.2fx", r.dev / r.anchor);
    std::printf("| %s | 2^%d | %s | %.2f | %.2f | %s | %s | %s | %d |\n", r.op.c_str(), r.lg,
                r.affine ? "affine" : "xyzz", r.dev, r.host, x, a, q, r.c);
  }
  return 0;
}
