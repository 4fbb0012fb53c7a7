// Device field arithmetic throughput: every thread of a full wave (as many
// blocks as fit on every SM) runs one dependent chain of `iters` iterations of
// 4 operations; rate = threads * iters * 4 / kernel time (cudaEvents, median of
// several runs after a warm-up). Compared with sppark's fp_t/fr_t measured the
// same way on the H200 (shared/ANCHORS.md): Fp381 2.73e10/s, Fr 5.9e10/s.
// A few chains are recomputed on the host to check the device results.
//
//   bench_device_arith [--iters N] [--runs R] [--block THREADS]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "ff/mont_mul_device.cuh"  // devmont::mul_impl for the "sqr as mul(a,a)" rows
#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"
#include "gpu/device.hpp"

using namespace cuzk;
using namespace cuzk::ff;

namespace {

enum Op { kMul, kSqr, kSqrByMul, kAdd, kSub };
const char* op_name(Op op) {
  switch (op) {
    case kMul: return "mul";
    case kSqr: return "sqr";
    case kSqrByMul: return "sqr as mul(a,a)";
    case kAdd: return "add";
    case kSub: return "sub";
  }
  return "?";
}

template <Op OP, class F>
CUZK_HD void step(F& x, F& y) {
  if constexpr (OP == kMul) {
    x = x * y;
    y = y * x;
  } else if constexpr (OP == kSqr) {
    x = x.sqr();
    x = x.sqr();
  } else if constexpr (OP == kSqrByMul) {
#if CUZK_DEVICE_CODE
    devmont::PtxOps ops;
    devmont::mul_impl<typename F::Params>(ops, x.m, x.m, x.m);
    devmont::mul_impl<typename F::Params>(ops, x.m, x.m, x.m);
#else
    x = x * x;
    x = x * x;
#endif
  } else if constexpr (OP == kAdd) {
    x = x + y;
    y = y + x;
  } else {
    x = x - y;
    y = y - x;
  }
}

template <Op OP, class F>
__global__ void chain_kernel(const F* in, F* out, int iters) {
  const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  F x = in[2 * t], y = in[2 * t + 1];
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
    step<OP>(x, y);
    step<OP>(x, y);
  }
  out[2 * t] = x;
  out[2 * t + 1] = y;
}

template <Op OP, class F>
void host_chain(F& x, F& y, int iters) {
  for (int i = 0; i < iters; ++i) {
    step<OP>(x, y);
    step<OP>(x, y);
  }
}

struct Row {
  std::string field, op;
  double rate = 0;     // operations per second
  double anchor = 0;   // sppark's rate, 0 when none
  int regs = 0, local_bytes = 0, blocks_per_sm = 0;
  double ms = 0;
  bool ok = true;
};

struct Config {
  int iters = 2000;
  int runs = 5;
  int block = 256;
};

template <class F, Op OP>
Row measure(const Config& cfg, const char* field_name, double anchor) {
  auto kernel = chain_kernel<OP, F>;
  cudaFuncAttributes attr{};
  CUZK_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
  int dev = 0, sms = 0, per_sm = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&dev));
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, cfg.block, 0));
  per_sm = std::max(per_sm, 1);
  const size_t blocks = size_t(sms) * per_sm, threads = blocks * cfg.block;

  std::mt19937_64 rng(42);
  std::vector<F> in(2 * threads);
  for (auto& v : in) v = random_element<F>(rng);
  gpu::DeviceBuffer din(in.size() * sizeof(F)), dout(in.size() * sizeof(F));
  din.upload(in.data(), in.size() * sizeof(F));

  gpu::EventTimer timer;
  kernel<<<unsigned(blocks), cfg.block>>>(din.as<F>(), dout.as<F>(), cfg.iters);  // warm-up
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int r = 0; r < cfg.runs; ++r) {
    timer.start();
    kernel<<<unsigned(blocks), cfg.block>>>(din.as<F>(), dout.as<F>(), cfg.iters);
    CUZK_CUDA_CHECK_LAUNCH();
    timer.stop();
    ms.push_back(timer.milliseconds());
  }
  std::sort(ms.begin(), ms.end());
  const double med = ms[ms.size() / 2];

  Row row;
  row.field = field_name;
  row.op = op_name(OP);
  row.ms = med;
  row.rate = double(threads) * cfg.iters * 4 / (med * 1e-3);
  row.anchor = anchor;
  row.regs = attr.numRegs;
  row.local_bytes = int(attr.localSizeBytes);
  row.blocks_per_sm = per_sm;

  // check a few chains against the host
  std::vector<F> out(in.size());
  dout.download(out.data(), out.size() * sizeof(F));
  const size_t check = std::min<size_t>(threads, OP == kAdd || OP == kSub ? 256 : 16);
  for (size_t t = 0; t < check; ++t) {
    size_t k = (t * 7919) % threads;
    F x = in[2 * k], y = in[2 * k + 1];
    host_chain<OP>(x, y, cfg.iters);
    if (!(x == out[2 * k]) || !(y == out[2 * k + 1])) {
      row.ok = false;
      std::fprintf(stderr, "MISMATCH %s %s thread %zu: device %s host %s\n", field_name, op_name(OP), k,
                   to_hex(out[2 * k]).c_str(), to_hex(x).c_str());
      break;
    }
  }
  std::printf("  %-13s %-16s %8.3f ms  %.3e /s  regs %3d  local %d B  blocks/SM %d  threads %zu%s\n", field_name,
              op_name(OP), med, row.rate, row.regs, row.local_bytes, per_sm, threads, row.ok ? "" : "  WRONG");
  std::fflush(stdout);
  return row;
}

template <class F>
void measure_field(const Config& cfg, const char* name, double mul_anchor, std::vector<Row>& rows) {
  rows.push_back(measure<F, kMul>(cfg, name, mul_anchor));
  rows.push_back(measure<F, kSqr>(cfg, name, 0));
  rows.push_back(measure<F, kSqrByMul>(cfg, name, 0));
  rows.push_back(measure<F, kAdd>(cfg, name, 0));
  rows.push_back(measure<F, kSub>(cfg, name, 0));
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--iters") && i + 1 < argc) cfg.iters = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) cfg.runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--block") && i + 1 < argc) cfg.block = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--iters N] [--runs R] [--block THREADS]\n", argv[0]);
      return 2;
    }
  }
  if (gpu::device_count() == 0) {
    std::printf("no CUDA device\n");
    return 0;
  }
  try {
    auto info = gpu::device_info(0);
    std::printf("device 0: %s, %d SMs, sm_%d%d; chains of %d iterations x 4 ops per thread, %d threads a block, "
                "median of %d runs\n",
                info.name.c_str(), info.sm_count, info.major, info.minor, cfg.iters, cfg.block, cfg.runs);
    std::vector<Row> rows;
    // sppark anchors (H200, shared/ANCHORS.md): Fp381 2.73e10/s, Fr (4 limbs) 5.9e10/s
    measure_field<Bls12_381_Fp>(cfg, "bls12_381_fp", 2.73e10, rows);
    measure_field<Bls12_381_Fr>(cfg, "bls12_381_fr", 5.9e10, rows);
    measure_field<Bn254_Fp>(cfg, "bn254_fp", 5.9e10, rows);
    measure_field<Bn254_Fr>(cfg, "bn254_fr", 5.9e10, rows);

    bool all_ok = true;
    std::printf("\n| field | op | ops/s | vs sppark | regs | check |\n| --- | --- | --- | --- | --- | --- |\n");
    for (const auto& r : rows) {
      all_ok &= r.ok;
      char ratio[32] = "";
      if (r.anchor > 0) std::snprintf(ratio, sizeof ratio, "%.2fx of %.2e", r.rate / r.anchor, r.anchor);
      std::printf("| %s | %s | %.3e | %s | %d%s | %s |\n", r.field.c_str(), r.op.c_str(), r.rate, ratio, r.regs,
                  r.local_bytes ? " (spills)" : "", r.ok ? "ok" : "WRONG");
    }
    std::printf("(BN254 rows compare with sppark's BLS12-381 Fr figure: same 4-limb size)\n");
    return all_ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_device_arith: %s\n", e.what());
    return 1;
  }
}
