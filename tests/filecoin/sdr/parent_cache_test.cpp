// The parent cache against rust-fil-proofs' storage-proofs-porep/parent_cache.json:
// for the registered 2 KiB and 8 MiB proofs (V1 = 1.0.0 and V1_1 = 1.1.0
// porep ids) the cache file name and the SHA-256 of its bytes; and the file
// layout (14 u32 LE per node) written to disk.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/error.hpp"
#include "filecoin/sdr/parent_cache.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

// The registered-proof porep_id (rust-filecoin-proofs-api registry.rs):
// u64 LE proof id, u64 LE nonce 0, 16 zero bytes.
PorepId registered(uint64_t id) {
  PorepId p{};
  for (int i = 0; i < 8; ++i) p[size_t(i)] = uint8_t(id >> (8 * i));
  return p;
}

struct Entry {
  const char* what;
  uint64_t nodes;
  uint64_t proof_id;
  ApiVersion version;
  const char* id;      // parent_cache.json key
  const char* digest;  // its "digest"
};

// StackedDrg2KiBV1 = 0, 8MiBV1 = 1 (1.0.0); StackedDrg2KiBV1_1 = 5, 8MiBV1_1 = 6 (1.1.0).
const Entry k2KiBV1{"2 KiB V1", 64, 0, ApiVersion::kV1_0_0,
                    "v28-sdr-parent-3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
                    "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d"};
const Entry k2KiBV1_1{"2 KiB V1_1", 64, 5, ApiVersion::kV1_1_0,
                      "v28-sdr-parent-494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
                      "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97"};
const Entry k8MiBV1{"8 MiB V1", 1 << 18, 1, ApiVersion::kV1_0_0,
                    "v28-sdr-parent-dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
                    "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce"};
const Entry k8MiBV1_1{"8 MiB V1_1", 1 << 18, 6, ApiVersion::kV1_1_0,
                      "v28-sdr-parent-5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
                      "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab"};

void expect_entry(const Entry& e) {
  StackedGraph graph(e.nodes, registered(e.proof_id), e.version);
  EXPECT_EQ(parent_cache_id(graph), e.id) << e.what;
  EXPECT_EQ(parent_cache_file_name(graph), std::string(e.id) + ".cache") << e.what;
  EXPECT_EQ(to_hex(parent_cache_digest(graph)), e.digest) << e.what;
  const ParentCacheManifestEntry* m = find_parent_cache_manifest_entry(e.id);
  ASSERT_NE(m, nullptr) << e.what;
  EXPECT_EQ(m->digest, e.digest);
  EXPECT_EQ(m->sector_size, e.nodes * 32);
}

}  // namespace

TEST(ParentCache, TwoKiBDigestsAndNamesMatchRust) {
  expect_entry(k2KiBV1);
  expect_entry(k2KiBV1_1);
}

TEST(ParentCache, EightMiBDigestsAndNamesMatchRust) {
  expect_entry(k8MiBV1);
  expect_entry(k8MiBV1_1);
}

TEST(ParentCache, AnotherPorepIdOrVersionGivesAnotherCache) {
  // the 512 MiB V1 porep id on a 2 KiB graph: another name, another digest
  StackedGraph other(64, registered(2), ApiVersion::kV1_0_0);
  EXPECT_NE(parent_cache_id(other), k2KiBV1.id);
  EXPECT_EQ(find_parent_cache_manifest_entry(parent_cache_id(other)), nullptr);
  EXPECT_NE(to_hex(parent_cache_digest(other)), k2KiBV1.digest);
  // the 1.0.0 porep id with 1.1.0's DRG order: same name (the version is not
  // part of it), another digest
  StackedGraph reordered(64, registered(0), ApiVersion::kV1_1_0);
  EXPECT_EQ(parent_cache_id(reordered), k2KiBV1.id);
  EXPECT_NE(to_hex(parent_cache_digest(reordered)), k2KiBV1.digest);
  // another size: another name
  StackedGraph bigger(128, registered(0), ApiVersion::kV1_0_0);
  EXPECT_NE(parent_cache_id(bigger), k2KiBV1.id);
}

TEST(ParentCache, FileIsFourteenLittleEndianWordsPerNode) {
  StackedGraph graph(64, registered(5), ApiVersion::kV1_1_0);
  const auto path = std::filesystem::temp_directory_path() /
                    ("sdr-parent-cache-test-" + std::to_string(::getpid()) + ".cache");
  const Digest written = write_parent_cache(graph, path);
  EXPECT_EQ(to_hex(written), k2KiBV1_1.digest);
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".partial"));
  ASSERT_EQ(bytes.size(), 64 * kParentCacheEntryBytes);
  EXPECT_EQ(sha256(bytes), written);
  const std::vector<uint32_t> cache = build_parent_cache(graph);
  for (uint64_t node = 0; node < 64; ++node) {
    NodeParents p = graph.parents(node);
    for (size_t k = 0; k < kDegree; ++k) {
      const size_t at = (node * kDegree + k) * 4;
      const uint32_t word = uint32_t(bytes[at]) | uint32_t(bytes[at + 1]) << 8 | uint32_t(bytes[at + 2]) << 16 |
                            uint32_t(bytes[at + 3]) << 24;
      ASSERT_EQ(word, p[k]) << "node " << node << " parent " << k;
      ASSERT_EQ(cache[node * kDegree + k], p[k]);
    }
  }
}

TEST(ParentCache, ManifestHasTheTenRustEntries) {
  auto m = parent_cache_manifest();
  EXPECT_EQ(m.size(), 10u);
  size_t per_size[5] = {};
  for (const auto& e : m) {
    if (e.sector_size == 2048) ++per_size[0];
    if (e.sector_size == 8ull << 20) ++per_size[1];
    if (e.sector_size == 512ull << 20) ++per_size[2];
    if (e.sector_size == 32ull << 30) ++per_size[3];
    if (e.sector_size == 64ull << 30) ++per_size[4];
  }
  for (size_t n : per_size) EXPECT_EQ(n, 2u);
  EXPECT_EQ(find_parent_cache_manifest_entry("v28-sdr-parent-00"), nullptr);
}

TEST(ParentCache, BadRangesAreErrors) {
  StackedGraph graph(64, registered(0), ApiVersion::kV1_0_0);
  std::vector<uint32_t> out(kDegree * 2);
  EXPECT_THROW(fill_parent_cache(graph, 63, out), Error);
  EXPECT_NO_THROW(fill_parent_cache(graph, 62, out));
  std::vector<uint32_t> ragged(kDegree + 1);
  EXPECT_THROW(fill_parent_cache(graph, 0, ragged), Error);
  StackedGraph huge(kMaxInMemoryCacheNodes * 2, registered(0), ApiVersion::kV1_0_0);
  EXPECT_THROW(build_parent_cache(huge), Error);
  EXPECT_THROW(write_parent_cache(graph, "/nonexistent-dir/x.cache"), Error);
}
