#include "filecoin/challenges/porep_challenges.hpp"

#include <string>
#include <string_view>

#include "core/error.hpp"
#include "filecoin/challenges/challenge_math.hpp"
#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

namespace {

constexpr std::string_view kNonInteractiveTag = "filecoin.io|PoRep|1|NonInteractive|1";

// The first global challenge index of the partition, checked against the
// integer widths rust uses (k: u8, j: u32).
uint32_t first_index(size_t challenges_per_partition, size_t partition) {
  if (partition > 255)
    throw Error("PoRep challenges: partition index " + std::to_string(partition) + " does not fit u8");
  const uint64_t end = uint64_t(challenges_per_partition) * (uint64_t(partition) + 1);
  if (end > (uint64_t(1) << 32))
    throw Error("PoRep challenges: challenge index " + std::to_string(end - 1) + " does not fit u32");
  return uint32_t(uint64_t(challenges_per_partition) * partition);
}

template <class Prefix>
std::vector<uint64_t> derive(uint64_t sector_nodes, size_t challenges_per_partition, size_t partition,
                             const Prefix& hash_prefix) {
  detail::check_porep_nodes(sector_nodes);
  const uint32_t first = first_index(challenges_per_partition, partition);
  std::vector<uint64_t> out;
  out.reserve(challenges_per_partition);
  Sha256 h;
  for (size_t i = 0; i < challenges_per_partition; ++i) {
    uint8_t j[4];
    detail::write_u32_le(first + uint32_t(i), j);
    hash_prefix(h);
    const Digest d = h.update(j, 4).finish();
    out.push_back(detail::porep_challenge_of(d, sector_nodes));
  }
  return out;
}

}  // namespace

std::vector<uint64_t> interactive_porep_challenges(uint64_t sector_nodes, const Domain& replica_id,
                                                   const Domain& seed, size_t challenges_per_partition,
                                                   size_t partition) {
  return derive(sector_nodes, challenges_per_partition, partition,
                [&](Sha256& h) { h.update(replica_id).update(seed); });
}

std::vector<uint64_t> non_interactive_porep_challenges(uint64_t sector_nodes, const Domain& replica_id,
                                                       const Domain& comm_r, size_t challenges_per_partition,
                                                       size_t partition) {
  return derive(sector_nodes, challenges_per_partition, partition, [&](Sha256& h) {
    h.update(kNonInteractiveTag.data(), kNonInteractiveTag.size()).update(replica_id).update(comm_r);
  });
}

}  // namespace cuzk::filecoin
