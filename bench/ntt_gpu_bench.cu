// GPU NTT benchmark, BLS12-381 Fr, data resident on the device: forward NTT
// at 2^20..2^27, inverse and coset forward at 2^24 and 2^26, in both twiddle
// modes, and the full H step (bellperson and snarkjs) at 2^24 and 2^27.
// Median of --runs timed runs after --warmup runs, cudaEvents around each,
// random (non-zero) data, an explicit scratch buffer; --batch B times B
// transforms back to back (time per transform: launch latency hidden, as in a
// pipeline; the anchors are single calls). Prints a table with the
// ratio to sppark's figures on the H200 (shared/ANCHORS.md; goal <= 0.8).
// Exits 0 with a message when there is no GPU.
//
//   bench_ntt_gpu [--runs R] [--warmup W] [--min-log L] [--max-log L] [--batch B] [--quick]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "ff/fields.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"
#include "gpu/device.hpp"
#include "ntt/cuda/gpu_ntt.hpp"

using namespace cuzk;
using F = ff::Bls12_381_Fr;
using ntt::cuda::GpuNttDomain;
using ntt::cuda::TwiddleMode;

namespace {

int g_runs = 7, g_warmup = 2;
int g_batch = 1;  // transforms back to back per timed run (time per transform)

double median_ms(const std::function<void()>& op) {
  gpu::EventTimer timer;
  for (int i = 0; i < g_warmup; ++i) op();
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<double> t;
  for (int i = 0; i < g_runs; ++i) {
    timer.start();
    for (int b = 0; b < g_batch; ++b) op();
    timer.stop();
    t.push_back(timer.milliseconds() / g_batch);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string op;
  int log_n;
  std::string mode;
  double ms;
  double sppark;  // 0: no anchor
};
std::vector<Row> rows;

double sppark_anchor(const std::string& op, int L) {
  if (op == "forward") {
    switch (L) {
      case 20: return 0.287;
      case 22: return 1.13;
      case 24: return 4.75;
      case 26: return 23.8;
    }
  } else if (op == "inverse") {
    if (L == 24) return 5.00;
    if (L == 26) return 24.9;
  } else if (op == "coset forward") {
    if (L == 24) return 5.34;
    if (L == 26) return 26.2;
  }
  return 0;
}

// twiddle mode and pass plan, e.g. "full 7,7,6"
std::string mode_name(const GpuNttDomain<F>& d) {
  std::string s = d.full_twiddle_table() ? "full" : "two-level";
  const std::vector<int> plan = d.plan();
  for (size_t i = 0; i < plan.size(); ++i) s += (i ? "," : " ") + std::to_string(plan[i]);
  return s;
}

void add(const std::string& op, int L, const std::string& mode, double ms) {
  rows.push_back({op, L, mode, ms, sppark_anchor(op, L)});
  const double sp = rows.back().sppark;
  std::printf("  %-22s 2^%-2d %-16s %9.3f ms%s\n", op.c_str(), L, mode.c_str(), ms,
              sp > 0 ? (" (" + std::to_string(ms / sp).substr(0, 5) + "x sppark)").c_str() : "");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  int min_log = 20, max_log = 27;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      g_runs = std::atoi(argv[++i]);
    else if (a == "--warmup" && i + 1 < argc)
      g_warmup = std::atoi(argv[++i]);
    else if (a == "--max-log" && i + 1 < argc)
      max_log = std::atoi(argv[++i]);
    else if (a == "--min-log" && i + 1 < argc)
      min_log = std::atoi(argv[++i]);
    else if (a == "--batch" && i + 1 < argc)
      g_batch = std::max(1, std::atoi(argv[++i]));
    else if (a == "--quick")
      quick = true;
    else {
      std::fprintf(stderr, "usage: %s [--runs R] [--warmup W] [--min-log L] [--max-log L] [--batch B] [--quick]\n", argv[0]);
      return 2;
    }
  }
  if (gpu::device_count() == 0) {
    std::printf("bench_ntt_gpu: no CUDA device, nothing to measure\n");
    return 0;
  }
  const auto info = gpu::device_info(0);
  std::printf("bench_ntt_gpu: %s, %d SMs; BLS12-381 Fr, device-resident, median of %d after %d warm-up\n",
              info.name.c_str(), info.sm_count, g_runs, g_warmup);

  const size_t max_n = size_t(1) << max_log;
  gpu::DeviceBuffer buf(max_n * sizeof(F)), out(max_n * sizeof(F)), scratch(max_n * sizeof(F));
  ntt::cuda::fill_random<F>(buf.as<F>(), max_n, 1);
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());

  // forward, in place (scratch explicit), both twiddle modes where the table fits
  for (int L = min_log; L <= max_log; ++L) {
    if (quick && L % 2) continue;
    for (TwiddleMode m : {TwiddleMode::kTwoLevel, TwiddleMode::kFullTable}) {
      if (m == TwiddleMode::kFullTable && L > 26) continue;
      GpuNttDomain<F> d(L, ff::RootConvention::kBellperson, m);
      add("forward", L, mode_name(d), median_ms([&] { d.forward(buf.as<F>(), nullptr, scratch.as<F>()); }));
      if (L == 24 || L == 26) {
        add("forward out-of-place", L, mode_name(d),
            median_ms([&] { d.forward(buf.as<F>(), out.as<F>(), nullptr, scratch.as<F>()); }));
        add("inverse", L, mode_name(d), median_ms([&] { d.inverse(buf.as<F>(), nullptr, scratch.as<F>()); }));
        const F g = ff::multiplicative_generator<F>(ff::RootConvention::kBellperson);
        add("coset forward", L, mode_name(d),
            median_ms([&] { d.coset_forward(buf.as<F>(), g, nullptr, scratch.as<F>()); }));
        add("coset inverse", L, mode_name(d),
            median_ms([&] { d.coset_inverse(buf.as<F>(), g, nullptr, scratch.as<F>()); }));
      }
    }
  }

  // H step: a, b, c, scratch on the device; refilled before each run (outside the timing)
  for (int L : {24, 27}) {
    if (L > max_log || L < min_log) continue;
    const size_t n = size_t(1) << L;
    gpu::DeviceBuffer a(n * sizeof(F)), b(n * sizeof(F)), c(n * sizeof(F));
    for (ff::RootConvention conv : {ff::RootConvention::kBellperson, ff::RootConvention::kSnarkjs}) {
      GpuNttDomain<F> d(L, conv);
      std::vector<double> t;
      for (int i = 0; i < g_warmup + std::max(3, g_runs / 2); ++i) {
        ntt::cuda::fill_random<F>(a.as<F>(), n, 11 + i);
        ntt::cuda::fill_random<F>(b.as<F>(), n, 21 + i);
        ntt::cuda::fill_random<F>(c.as<F>(), n, 31 + i);
        gpu::EventTimer timer;
        timer.start();
        if (conv == ff::RootConvention::kBellperson)
          ntt::cuda::gpu_compute_h_bellperson<F>(d, a.as<F>(), b.as<F>(), c.as<F>(), scratch.as<F>(), nullptr);
        else
          ntt::cuda::gpu_compute_h_snarkjs<F>(d, a.as<F>(), b.as<F>(), c.as<F>(), scratch.as<F>(), nullptr);
        timer.stop();
        if (i >= g_warmup) t.push_back(timer.milliseconds());
      }
      std::sort(t.begin(), t.end());
      add(conv == ff::RootConvention::kBellperson ? "H step bellperson (7 NTT)" : "H step snarkjs (6 NTT)", L,
          mode_name(d), t[t.size() / 2]);
    }
  }

  std::printf("\n| op | n | twiddles, plan | ms | sppark ms | ratio |\n| --- | --- | --- | --- | --- | --- |\n");
  for (const Row& r : rows) {
    if (r.sppark > 0)
      std::printf("| %s | 2^%d | %s | %.3f | %.3f | %.2f |\n", r.op.c_str(), r.log_n, r.mode.c_str(), r.ms, r.sppark,
                  r.ms / r.sppark);
    else
      std::printf("| %s | 2^%d | %s | %.3f | | |\n", r.op.c_str(), r.log_n, r.mode.c_str(), r.ms);
  }
  return 0;
}
