#include "filecoin/sdr/parent_cache.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace cuzk::filecoin {

static_assert(std::endian::native == std::endian::little, "the cache is u32 little-endian, written as host words");

namespace {

// Nodes generated per step when streaming: 56 MiB of entries.
constexpr uint64_t kStreamChunkNodes = uint64_t(1) << 20;

std::span<const uint8_t> bytes_of(std::span<const uint32_t> words) {
  return {reinterpret_cast<const uint8_t*>(words.data()), words.size_bytes()};
}

// Calls sink(bytes) on the cache in order, one chunk at a time.
template <class Sink>
void stream_parent_cache(const StackedGraph& graph, Sink&& sink) {
  const uint64_t chunk = std::min(graph.nodes(), kStreamChunkNodes);
  std::vector<uint32_t> buffer(size_t(chunk) * kDegree);
  for (uint64_t first = 0; first < graph.nodes(); first += chunk) {
    const uint64_t count = std::min(chunk, graph.nodes() - first);
    std::span<uint32_t> part(buffer.data(), size_t(count) * kDegree);
    fill_parent_cache(graph, first, part);
    sink(bytes_of(part));
  }
}

struct FileClose {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::string parent_cache_id(const StackedGraph& graph) {
  static constexpr char kHasherName[] = "poseidon_hasher";
  Sha256 h;
  h.update(kHasherName, sizeof(kHasherName) - 1);
  const std::string id = graph.identifier();
  h.update(id.data(), id.size());
  for (uint64_t key : graph.feistel_keys()) {
    uint8_t le[8];
    for (int i = 0; i < 8; ++i) le[i] = uint8_t(key >> (8 * i));
    h.update(le, 8);
  }
  const auto entries = uint32_t(graph.nodes());
  const uint8_t entries_le[4] = {uint8_t(entries), uint8_t(entries >> 8), uint8_t(entries >> 16),
                                 uint8_t(entries >> 24)};
  h.update(entries_le, 4);
  return "v28-sdr-parent-" + to_hex(h.finish());
}

std::string parent_cache_file_name(const StackedGraph& graph) { return parent_cache_id(graph) + ".cache"; }

void fill_parent_cache(const StackedGraph& graph, uint64_t first_node, std::span<uint32_t> out) {
  if (out.size() % kDegree != 0)
    throw Error("parent cache: output of " + std::to_string(out.size()) + " words is not whole 14-parent entries");
  const uint64_t count = out.size() / kDegree;
  if (first_node > graph.nodes() || count > graph.nodes() - first_node)
    throw Error("parent cache: nodes [" + std::to_string(first_node) + ", " + std::to_string(first_node + count) +
                ") pass the graph's " + std::to_string(graph.nodes()) + " nodes");
  parallel_for(size_t(count), 1024, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
      graph.parents(first_node + i, std::span<uint32_t, kDegree>(out.data() + i * kDegree, kDegree));
  });
}

std::vector<uint32_t> build_parent_cache(const StackedGraph& graph) {
  if (graph.nodes() > kMaxInMemoryCacheNodes)
    throw Error("parent cache: " + std::to_string(graph.nodes()) +
                " nodes is above the in-memory limit of 2^24; stream it with write_parent_cache");
  std::vector<uint32_t> cache(size_t(graph.nodes()) * kDegree);
  fill_parent_cache(graph, 0, cache);
  return cache;
}

Digest parent_cache_digest(const StackedGraph& graph) {
  Sha256 h;
  stream_parent_cache(graph, [&](std::span<const uint8_t> bytes) { h.update(bytes); });
  return h.finish();
}

Digest write_parent_cache(const StackedGraph& graph, const std::filesystem::path& path) {
  std::filesystem::path partial = path;
  partial += ".partial";
  Sha256 h;
  {
    std::unique_ptr<std::FILE, FileClose> file(std::fopen(partial.c_str(), "wb"));
    if (!file) throw Error("parent cache: cannot create '" + partial.string() + "': " + std::strerror(errno));
    stream_parent_cache(graph, [&](std::span<const uint8_t> bytes) {
      if (std::fwrite(bytes.data(), 1, bytes.size(), file.get()) != bytes.size())
        throw Error("parent cache: cannot write '" + partial.string() + "': " + std::strerror(errno));
      h.update(bytes);
    });
    if (std::fflush(file.get()) != 0)
      throw Error("parent cache: cannot write '" + partial.string() + "': " + std::strerror(errno));
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) throw Error("parent cache: cannot rename '" + partial.string() + "' to '" + path.string() + "': " + ec.message());
  return h.finish();
}

std::span<const ParentCacheManifestEntry> parent_cache_manifest() {
  static constexpr ParentCacheManifestEntry kEntries[] = {
      {"v28-sdr-parent-21981246c370f9d76c7a77ab273d94bde0ceb4e938292334960bce05585dc117", 34359738368,
       "93deeac5e3052b6927467d4b2641bb782f05491de18d510147c93eeedd8672da"},
      {"v28-sdr-parent-2aa9c77c3e58259481351cc4be2079cc71e1c9af39700866545c043bfa30fb42", 536870912,
       "3adcc092423aa76d6a7184016893406da44dd974b219a89cd3ece25e4e3018f5"},
      {"v28-sdr-parent-3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899", 2048,
       "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d"},
      {"v28-sdr-parent-4905486b7af19558ac3649bc6261411858b6add534438878c4ee3b29d8b9de0b", 68719476736,
       "2698b74eb2606b55b98d8b095e18b6320b47f46e00075956d48640ccd1641b03"},
      {"v28-sdr-parent-494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b", 2048,
       "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97"},
      {"v28-sdr-parent-5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5", 8388608,
       "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab"},
      {"v28-sdr-parent-7ba215a1d2345774ab90b8cb1158d296e409d6068819d7b8c7baf0b25d63dc34", 536870912,
       "b5877d1963793efebc261fd8fde4dd6bc59e6b5c7abf52617a4ee023b8dc173a"},
      {"v28-sdr-parent-8a99e8d6b6be7ab87a56b632e6739ff201c23ea14e99737c74690f0e265574d6", 68719476736,
       "2778a732ad46a7dc18e0564dfdf59fd321dcde74ab476fd6d3c4e6735d7cd89c"},
      {"v28-sdr-parent-dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc", 8388608,
       "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce"},
      {"v28-sdr-parent-e1fa5d5b811ddbd118be3412c4a8c329156b8b8acc72632bca459455b5a05a13", 34359738368,
       "3c4f9841fcc75aed8c695800e58d08480629f25af3a2aefd81904181d75cc0b6"},
  };
  return kEntries;
}

const ParentCacheManifestEntry* find_parent_cache_manifest_entry(std::string_view id) {
  for (const auto& e : parent_cache_manifest())
    if (e.id == id) return &e;
  return nullptr;
}

}  // namespace cuzk::filecoin
