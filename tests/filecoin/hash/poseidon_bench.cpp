// Filecoin Poseidon throughput on this machine: one thread, then the process
// thread pool, for the arities tree building uses most (2, 8, 11), from field
// elements and from 32-byte domains. Prints hashes per second; asserts nothing.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/parallel.hpp"
#include "filecoin/hash/poseidon.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Chains hashes so the compiler cannot drop them; returns the last digest.
Fr chain(int arity, size_t n, Fr seed) {
  std::vector<Fr> in(static_cast<size_t>(arity));
  for (int i = 0; i < arity; ++i) in[size_t(i)] = Fr::from_u64(uint64_t(i) + 1);
  for (size_t k = 0; k < n; ++k) {
    in[0] = seed;
    seed = poseidon_hash(std::span<const Fr>(in));
  }
  return seed;
}

// The same through 32-byte representations (what tree building hashes).
Domain chain_domains(int arity, size_t n) {
  std::vector<Domain> in(static_cast<size_t>(arity));
  for (int i = 0; i < arity; ++i) in[size_t(i)] = domain_of(Fr::from_u64(uint64_t(i) + 1));
  for (size_t k = 0; k < n; ++k) in[0] = poseidon_hash(in);
  return in[0];
}

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? size_t(std::strtoull(argv[1], nullptr, 10)) : 20000;
  auto& pool = global_pool();
  std::printf("Poseidon (neptune OptimizedStatic form), %zu hashes per run, %u threads in pool\n", n, pool.size());
  uint64_t sink = 0;
  for (int arity : {2, 8, 11}) {
    poseidon_hash(std::vector<Fr>(static_cast<size_t>(arity)));  // build constants outside the timing
    auto t0 = std::chrono::steady_clock::now();
    Fr d = chain(arity, n, Fr::one());
    const double one = double(n) / seconds_since(t0);
    sink ^= d.m.v[0];

    t0 = std::chrono::steady_clock::now();
    sink ^= chain_domains(arity, n)[0];
    const double domains = double(n) / seconds_since(t0);

    const size_t chunks = pool.size() * 4;
    std::vector<Fr> outs(chunks);
    t0 = std::chrono::steady_clock::now();
    pool.parallel_for(chunks, 1, [&](size_t b, size_t e) {
      for (size_t c = b; c < e; ++c) outs[c] = chain(arity, n / 4, Fr::from_u64(c));
    });
    const double all = double(chunks * (n / 4)) / seconds_since(t0);
    for (const auto& o : outs) sink ^= o.m.v[0];
    std::printf("arity %2d: %9.0f hashes/s on 1 thread (%9.0f from 32-byte domains), %9.0f hashes/s on %u threads\n",
                arity, one, domains, all, pool.size());
  }
  std::printf("(checksum %016llx)\n", static_cast<unsigned long long>(sink));
  return 0;
}
