// Prints how long building TreeD (SHA-256-trunc254, binary) and TreeR
// (Poseidon 8-0-0) over an 8 MiB sector (2^18 leaves) takes here, plus
// CommP of 8 MiB of payload and the 32 GiB sparse tree's setup and proofs.
// Usage: filecoin_merkle_bench [repetitions=3]; CUZK_THREADS sets the pool.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

#include "core/parallel.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "filecoin/merkle/sparse_tree.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

static double best_seconds(int reps, const std::function<void()>& fn) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const uint64_t sector = 8 << 20;
  std::mt19937_64 rng(1);
  std::vector<Domain> leaves(sector / kNodeBytes);
  for (auto& d : leaves) {
    for (auto& b : d) b = uint8_t(rng());
    d[31] &= 0x3f;
  }
  std::printf("threads: %u, best of %d\n", global_pool().size(), reps);

  Domain root{};
  double s = best_seconds(reps, [&] { root = MerkleTree::build(tree_d_shape(sector), leaves).root(); });
  std::printf("TreeD  8 MiB (2^18 leaves, %llu SHA-256 nodes):     %8.1f ms  (%.2f us/node)\n",
              static_cast<unsigned long long>(leaves.size() - 1), s * 1e3, s * 1e6 / double(leaves.size() - 1));

  const auto r_shape = tree_r_shape(sector);
  uint64_t r_nodes = 0;
  for (uint32_t l = 1; l <= r_shape.height(); ++l) r_nodes += r_shape.nodes_at(l);
  s = best_seconds(reps, [&] { root = MerkleTree::build(r_shape, leaves).root(); });
  std::printf("TreeR  8 MiB (8-0-0, %llu Poseidon-8 nodes):         %8.1f ms  (%.2f us/node)\n",
              static_cast<unsigned long long>(r_nodes), s * 1e3, s * 1e6 / double(r_nodes));

  std::vector<uint8_t> payload(sector / 128 * 127);
  for (auto& b : payload) b = uint8_t(rng());
  s = best_seconds(reps, [&] { root = piece_commitment(payload).comm_p; });
  std::printf("CommP  8 MiB piece (Fr32 + SHA-256 tree):              %8.1f ms\n", s * 1e3);

  const auto big = tree_r_shape(uint64_t(32) << 30);
  s = best_seconds(reps, [&] {
    SparseMerkleTree t(big, leaves[0]);
    std::vector<std::pair<uint64_t, Domain>> set;
    for (int k = 0; k < 100; ++k) set.emplace_back(rng() % big.leaves, leaves[size_t(k + 1)]);
    t.set_leaves(set);
    for (const auto& [i, v] : set) (void)t.prove(i);
    root = t.root();
  });
  std::printf("Sparse TreeR 32 GiB (8-8-0): 100 leaves set + proved:   %8.1f ms\n", s * 1e3);
  std::printf("(last root %02x%02x...)\n", root[0], root[1]);
  return 0;
}
