// The SDR parent cache exactly as rust-fil-proofs writes it
// (stacked/vanilla/cache.rs): for every node its 14 parents (6 DRG then
// 8 expander) as u32 little-endian, 56 bytes a node; its SHA-256 digest; its
// file name v28-sdr-parent-<hex SHA-256(hasher name || graph identifier ||
// feistel keys u64 LE || nodes u32 LE)>.cache; and parent_cache.json.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/hash/sha256.hpp"
#include "filecoin/sdr/stacked_graph.hpp"

namespace cuzk::filecoin {

inline constexpr size_t kParentCacheEntryBytes = kDegree * sizeof(uint32_t);  // 56
// Caches kept whole in memory stop at 2^24 nodes (512 MiB sectors, 940 MB);
// larger ones are streamed (digest, write_parent_cache).
inline constexpr uint64_t kMaxInMemoryCacheNodes = uint64_t(1) << 24;

// "v28-sdr-parent-<64 hex>": the key of parent_cache.json.
std::string parent_cache_id(const StackedGraph& graph);
// parent_cache_id + ".cache": the file name under FIL_PROOFS_PARENT_CACHE.
std::string parent_cache_file_name(const StackedGraph& graph);

// The entries of nodes [first_node, first_node + out.size() / 14), computed
// on the thread pool. Error when out.size() is not a multiple of 14 or the
// range passes the last node.
void fill_parent_cache(const StackedGraph& graph, uint64_t first_node, std::span<uint32_t> out);

// The whole cache (nodes * 14 words); Error above kMaxInMemoryCacheNodes.
std::vector<uint32_t> build_parent_cache(const StackedGraph& graph);

// SHA-256 of the cache file's bytes, generated in bounded chunks.
Digest parent_cache_digest(const StackedGraph& graph);

// Writes the cache file to `path` (through `path`.partial, renamed when
// complete) and returns its SHA-256. Errors name the path.
Digest write_parent_cache(const StackedGraph& graph, const std::filesystem::path& path);

// One entry of rust-fil-proofs' storage-proofs-porep/parent_cache.json.
struct ParentCacheManifestEntry {
  std::string_view id;  // parent_cache_id
  uint64_t sector_size;
  std::string_view digest;  // hex SHA-256 of the file
};
std::span<const ParentCacheManifestEntry> parent_cache_manifest();
// The manifest entry named `id`, or nullptr for caches rust does not list.
const ParentCacheManifestEntry* find_parent_cache_manifest_entry(std::string_view id);

}  // namespace cuzk::filecoin
