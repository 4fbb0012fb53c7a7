// SDR benchmark (not a ctest): parent-cache generation + SHA-256 for the
// registered proofs' graphs, checked against parent_cache.json, and host
// label throughput. Usage: filecoin_sdr_bench [--512m] [--write DIR]
//   --512m       also the two 512 MiB caches (~940 MB each, streamed)
//   --write DIR  write the cache files to DIR instead of only hashing them
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/parallel.hpp"
#include "core/timer.hpp"
#include "filecoin/sdr/labels.hpp"
#include "filecoin/sdr/parent_cache.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

// Process CPU seconds (all threads): on a shared host the wall clock
// includes waiting for a core, this does not.
double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

PorepId registered(uint64_t id) {
  PorepId p{};
  for (int i = 0; i < 8; ++i) p[size_t(i)] = uint8_t(id >> (8 * i));
  return p;
}

struct Proof {
  const char* name;
  uint64_t nodes;
  uint64_t id;
  ApiVersion version;
};

bool bench_cache(const Proof& p, const std::optional<std::filesystem::path>& dir) {
  Stopwatch sw;
  StackedGraph graph(p.nodes, registered(p.id), p.version);
  const double setup = sw.seconds();
  const std::string id = parent_cache_id(graph);
  sw.restart();
  const double cpu0 = cpu_seconds();
  const Digest d = dir ? write_parent_cache(graph, *dir / (id + ".cache")) : parent_cache_digest(graph);
  const double t = sw.seconds(), cpu = cpu_seconds() - cpu0;
  const ParentCacheManifestEntry* want = find_parent_cache_manifest_entry(id);
  const bool match = want && want->digest == to_hex(d);
  std::printf("%-22s %10llu nodes  graph %6.3f s  cache+sha256 %8.3f s wall, %8.3f s cpu (%6.1f cpu-ns/node)  %s  %s\n",
              p.name, (unsigned long long)p.nodes, setup, t, cpu, cpu * 1e9 / double(p.nodes), to_hex(d).c_str(),
              match ? "MATCHES parent_cache.json" : "MISMATCH");
  return match;
}

void bench_parents(uint64_t nodes) {
  StackedGraph graph(nodes, registered(6), ApiVersion::kV1_1_0);
  const uint64_t n = std::min<uint64_t>(nodes, 1 << 16);
  NodeParents p{};
  uint64_t sink = 0;
  const double cpu0 = cpu_seconds();
  for (uint64_t node = 0; node < n; ++node) {
    graph.parents(node, p);
    sink += p[13];
  }
  const double t = cpu_seconds() - cpu0;
  std::printf("parents(), one thread, %llu-node graph: %.1f cpu-ns/node (checksum %llu)\n", (unsigned long long)nodes,
              t * 1e9 / double(n), (unsigned long long)sink);
}

void bench_labels(uint64_t nodes, uint32_t layers) {
  StackedGraph graph(nodes, registered(6), ApiVersion::kV1_1_0);
  Domain replica{};
  replica.fill(9);
  std::vector<uint32_t> cache;
  const double cache_cpu0 = cpu_seconds();
  if (nodes <= kMaxInMemoryCacheNodes) cache = build_parent_cache(graph);
  const double cache_cpu = cpu_seconds() - cache_cpu0;
  Stopwatch sw;
  const double cpu0 = cpu_seconds();
  auto labels = label_all_layers(graph, replica, layers);
  const double t = sw.seconds(), cpu = cpu_seconds() - cpu0 - cache_cpu;
  const double count = double(nodes) * layers;
  std::printf("label_all_layers %llu nodes x %u layers: %.3f s wall; labelling alone %.0f labels/cpu-s "
              "(%.0f cpu-ns/label, %.1f MB/s of labels)\n",
              (unsigned long long)nodes, layers, t, count / cpu, cpu * 1e9 / count, count * 32 / cpu / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  bool big = false;
  std::optional<std::filesystem::path> dir;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--512m")) {
      big = true;
    } else if (!std::strcmp(argv[i], "--write") && i + 1 < argc) {
      dir = argv[++i];
    } else {
      std::fprintf(stderr, "usage: %s [--512m] [--write DIR]\n", argv[0]);
      return 2;
    }
  }
  std::printf("threads: %u\n", global_pool().size());
  std::vector<Proof> proofs = {
      {"StackedDrg2KiBV1", 64, 0, ApiVersion::kV1_0_0},
      {"StackedDrg2KiBV1_1", 64, 5, ApiVersion::kV1_1_0},
      {"StackedDrg8MiBV1", 1 << 18, 1, ApiVersion::kV1_0_0},
      {"StackedDrg8MiBV1_1", 1 << 18, 6, ApiVersion::kV1_1_0},
  };
  if (big) {
    proofs.push_back({"StackedDrg512MiBV1", 1 << 24, 2, ApiVersion::kV1_0_0});
    proofs.push_back({"StackedDrg512MiBV1_1", 1 << 24, 7, ApiVersion::kV1_1_0});
  }
  bool ok = true;
  for (const Proof& p : proofs) ok = bench_cache(p, dir) && ok;
  bench_parents(1 << 18);
  bench_parents(uint64_t(1) << 30);
  bench_labels(64, 11);
  bench_labels(1 << 18, 2);
  return ok ? 0 : 1;
}
