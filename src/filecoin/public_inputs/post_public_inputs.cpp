#include "filecoin/public_inputs/post_public_inputs.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "filecoin/challenges/post_challenges.hpp"
#include "filecoin/public_inputs/commitment.hpp"

namespace cuzk::filecoin {

std::vector<Fr> fallback_post_public_inputs(const FallbackPostShape& shape, const Domain& randomness,
                                            std::span<const PostSector> sectors, size_t k) {
  if (shape.sector_nodes == 0 || shape.sectors_per_partition == 0 || shape.challenges_per_sector == 0)
    throw Error("PoSt public inputs: the circuit shape has a zero count");
  safe_commitment(randomness, "randomness");
  const size_t per = shape.sectors_per_partition;
  if (k >= sectors.size() / per + (sectors.size() % per != 0))
    throw Error("PoSt public inputs: partition " + std::to_string(k) + " has no sectors (" +
                std::to_string(sectors.size()) + " sectors, " + std::to_string(per) + " per partition)");
  const auto chunk = sectors.subspan(k * per, std::min(per, sectors.size() - k * per));
  const size_t per_sector = 1 + shape.challenges_per_sector;
  std::vector<Fr> out;
  out.reserve(per * per_sector);
  for (size_t i = 0; i < chunk.size(); ++i) {
    const PostSector& s = chunk[i];
    out.push_back(safe_commitment(s.comm_r, "comm_r of sector " + std::to_string(s.sector_id)));
    const auto leaves = post_sector_leaf_challenges(shape.sector_nodes, shape.api_version, randomness, s.sector_id,
                                                    k * per + i, shape.challenges_per_sector);
    for (uint64_t leaf : leaves) out.push_back(Fr::from_u64(leaf));
  }
  // the circuit always holds `per` sectors: the last one proved again
  const std::vector<Fr> last(out.end() - per_sector, out.end());
  while (out.size() < per * per_sector) out.insert(out.end(), last.begin(), last.end());
  return out;
}

size_t window_post_partition_count(size_t sectors, size_t sectors_per_partition) {
  if (sectors_per_partition == 0) throw Error("WindowPoSt: zero sectors per partition");
  return std::max<size_t>(1, sectors / sectors_per_partition + (sectors % sectors_per_partition != 0));
}

std::vector<std::vector<Fr>> window_post_public_inputs(const FallbackPostShape& shape, const Domain& randomness,
                                                       std::vector<PostSector> sectors) {
  if (sectors.empty()) throw Error("WindowPoSt: no sectors");
  std::sort(sectors.begin(), sectors.end(),
            [](const PostSector& a, const PostSector& b) { return a.sector_id < b.sector_id; });
  for (size_t i = 1; i < sectors.size(); ++i)
    if (sectors[i].sector_id == sectors[i - 1].sector_id)
      throw Error("WindowPoSt: sector " + std::to_string(sectors[i].sector_id) + " given twice");
  const size_t partitions = window_post_partition_count(sectors.size(), shape.sectors_per_partition);
  std::vector<std::vector<Fr>> out;
  out.reserve(partitions);
  for (size_t k = 0; k < partitions; ++k) out.push_back(fallback_post_public_inputs(shape, randomness, sectors, k));
  return out;
}

std::vector<Fr> winning_post_public_inputs(uint64_t sector_nodes, size_t challenge_count, ApiVersion api_version,
                                           const Domain& randomness, const PostSector& sector) {
  if (challenge_count == 0) throw Error("WinningPoSt: zero challenges");
  const std::vector<PostSector> copies(challenge_count, sector);
  const FallbackPostShape shape{sector_nodes, challenge_count, 1, api_version};
  return fallback_post_public_inputs(shape, randomness, copies, 0);
}

}  // namespace cuzk::filecoin
