// What each published sector size fixes (filecoin-proofs constants.rs,
// storage-proofs-update constants.rs; FILECOIN.md §4.1): nodes, SDR layers,
// the TreeR/TreeC shape, PoRep partitions and challenge minimums, WindowPoSt
// sectors per partition, SnapDeals partitions / challenges / h / apex leaves.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace cuzk::filecoin {

constexpr size_t kDrgDegree = 6;        // BucketGraph base degree
constexpr size_t kExpansionDegree = 8;  // expander parents per node
constexpr size_t kMaxChallengesPerPartition = 18;
constexpr size_t kWindowPostChallengeCount = 10;
constexpr size_t kWinningPostChallengeCount = 66;
constexpr size_t kWinningPostSectorCount = 1;
constexpr uint64_t kNodeSize = 32;

// Arities of a TreeR/TreeC: base levels, then an optional sub level, then an
// optional top level (0 = absent).
struct TreeArities {
  size_t base = 8, sub = 0, top = 0;
  // "8-8-0", as rust's MerkleTreeTrait::display() writes the arities.
  std::string arities() const;
  bool operator==(const TreeArities&) const = default;
};

struct SectorParams {
  uint64_t sector_size;  // bytes
  uint64_t nodes;        // 32-byte nodes
  size_t layers;         // SDR layers
  TreeArities tree;
  size_t porep_partitions;                // interactive and synthetic PoRep
  size_t porep_minimum_challenges;        // interactive and synthetic, over all partitions
  size_t ni_porep_partitions;             // non-interactive PoRep
  size_t ni_porep_minimum_challenges;
  size_t window_post_sector_count;        // sectors per WindowPoSt partition
  size_t update_partitions;               // SnapDeals
  size_t update_challenges_per_partition;
  size_t update_apex_leaves;
  size_t update_h;                        // hs[3], the h every proof uses
};

// The five published sizes, smallest first: 2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB.
std::span<const SectorParams> published_sector_sizes();
// Error naming the size when it is not published.
const SectorParams& sector_params(uint64_t sector_size);
// "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" (the spelling in proof names).
std::string sector_size_name(uint64_t sector_size);

// Challenges per partition: ceil(minimum / partitions) (filecoin-proofs
// parameters.rs select_challenges); 2 for the small sizes, 18 for 32/64 GiB.
size_t porep_challenges_per_partition(const SectorParams& p, bool non_interactive);

}  // namespace cuzk::filecoin
