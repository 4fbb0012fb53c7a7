// Host sealer benchmark (not a ctest): seals a 2 KiB and an 8 MiB sector
// (random data, StackedDrg{2KiB,8MiB}V1_1) and times each step: sealing, C1
// (vanilla proofs + JSON), WindowPoSt and WinningPoSt sector proofs, the
// SnapDeals encoding and partition proofs. Wall and process-CPU seconds (the
// host is shared). Usage: filecoin_sealer_bench [--2k-only]
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>

#include "core/parallel.hpp"
#include "core/timer.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"
#include "filecoin/sealer/column.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "sealer_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::sealer_test;

namespace {

double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

template <class Fn>
auto timed(const std::string& what, Fn&& fn) {
  Stopwatch sw;
  const double c0 = cpu_seconds();
  auto r = fn();
  std::printf("  %-34s %8.3f s wall %8.3f s cpu\n", what.c_str(), sw.seconds(), cpu_seconds() - c0);
  return r;
}

void bench(const char* name, RegisteredSealProof seal, RegisteredPoStProof window, RegisteredPoStProof winning) {
  const SealConfig config = seal_config(seal);
  std::printf("%s (%llu nodes, %u layers)\n", name, (unsigned long long)config.nodes(), config.layers);
  const auto data = random_nodes(config.nodes(), 42);
  const SealedSector s = timed("seal (tree D..comm_r)", [&] {
    return seal_sector(config, data, {filled(1), 7, filled(2)});
  });
  const auto c1 = timed("C1 vanilla proofs", [&] { return seal_commit_phase1(seal, s, filled(3)); });
  const auto json = timed("C1 JSON", [&] { return write_seal_commit_phase1_json(c1); });
  std::printf("  C1 JSON: %zu bytes\n", json.size());
  timed("WindowPoSt sector proof", [&] { return post_sector_proof(window, s, 7, filled(4)); });
  timed("WinningPoSt sector proof", [&] { return post_sector_proof(winning, s, 7, filled(4)); });
  const UpdatedSector u =
      timed("SnapDeals encode", [&] { return encode_sector_update(s, random_nodes(config.nodes(), 43)); });
  const auto snap = timed("SnapDeals partition proofs", [&] { return snap_partition_proofs(s, u); });
  std::printf("  %zu SnapDeals partitions\n", snap.size());
}

// Where sealing's time goes, step by step.
void breakdown(RegisteredSealProof seal) {
  const SealConfig config = seal_config(seal);
  std::printf("seal steps, %llu nodes\n", (unsigned long long)config.nodes());
  auto data = random_nodes(config.nodes(), 42);
  timed("tree D", [&] { return MerkleTree::build(tree_d_shape(config.sector_size), data); });
  const StackedGraph graph(config.nodes(), config.porep_id, config.api_version);
  const auto labels = timed("labels", [&] { return label_all_layers(graph, filled(1), config.layers); });
  auto leaves = timed("tree C leaves (column hashes)", [&] { return tree_c_leaves(labels); });
  timed("tree C / tree R build", [&] { return MerkleTree::build(tree_r_shape(config.sector_size), leaves); });
}

}  // namespace

int main(int argc, char** argv) {
  const bool only_2k = argc > 1 && std::strcmp(argv[1], "--2k-only") == 0;
  std::printf("threads: %u\n", global_pool().size());
  bench("2 KiB", RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredPoStProof::kStackedDrgWindow2KiBV1_2,
        RegisteredPoStProof::kStackedDrgWinning2KiBV1);
  if (!only_2k) {
    bench("8 MiB", RegisteredSealProof::kStackedDrg8MiBV1_1, RegisteredPoStProof::kStackedDrgWindow8MiBV1_2,
          RegisteredPoStProof::kStackedDrgWinning8MiBV1);
    breakdown(RegisteredSealProof::kStackedDrg8MiBV1_1);
  }
  return 0;
}
