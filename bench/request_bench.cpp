// What the daemon spends on a snarkjs request before its job is queued: the
// wire bytes parsed into a SubmitProofRequest (as gRPC does), then
// service::request_of (checks, the retry fingerprint, the witness taken out).
// The witness is 32-byte wires, 2^k of them (CUZK_REQUEST_LOG2, default 20;
// 22 is the 134 MB of a 4M-constraint circuit). bytes_per_second is the
// witness's size.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>

#include "cuzk/v1/proving.pb.h"
#include "service/request_proto.hpp"

using namespace cuzk;

namespace {

size_t witness_bytes() {
  const char* v = std::getenv("CUZK_REQUEST_LOG2");
  return size_t(32) << (v ? std::atoi(v) : 20);
}

v1::SubmitProofRequest snarkjs_request() {
  std::string wtns(witness_bytes(), '\0');
  std::mt19937_64 rng(1);
  for (auto& c : wtns) c = char(rng());
  v1::SubmitProofRequest m;
  m.set_request_id("bench");
  m.set_proof_kind(v1::SNARKJS_GROTH16);
  m.mutable_snarkjs()->set_zkey_path("/keys/circuit.zkey");
  m.mutable_snarkjs()->set_wtns(std::move(wtns));
  return m;
}

void BM_RequestOf(benchmark::State& st) {
  const auto m = snarkjs_request();
  for (auto _ : st) benchmark::DoNotOptimize(service::request_of(m));
  st.SetBytesProcessed(int64_t(st.iterations() * witness_bytes()));
}
BENCHMARK(BM_RequestOf)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ParseThenRequestOf(benchmark::State& st) {
  const std::string wire = snarkjs_request().SerializeAsString();
  for (auto _ : st) {
    v1::SubmitProofRequest m;
    if (!m.ParseFromString(wire)) st.SkipWithError("parse failed");
    benchmark::DoNotOptimize(service::request_of(m));
  }
  st.SetBytesProcessed(int64_t(st.iterations() * witness_bytes()));
}
BENCHMARK(BM_ParseThenRequestOf)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
