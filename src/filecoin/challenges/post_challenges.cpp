#include "filecoin/challenges/post_challenges.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "filecoin/challenges/challenge_math.hpp"
#include "filecoin/hash/sha256.hpp"

namespace cuzk::filecoin {

uint64_t post_challenge_index(ApiVersion version, uint64_t sector_index, uint64_t challenges_per_sector,
                              uint64_t n) {
  switch (version) {
    case ApiVersion::kV1_0_0:
    case ApiVersion::kV1_1_0: return sector_index * challenges_per_sector + n;
    case ApiVersion::kV1_2_0: return n;
  }
  throw Error("PoSt challenges: unknown API version");
}

namespace {

struct LeafHasher {
  uint8_t prefix[40];  // randomness || u64_le(sector_id), shared by a sector's challenges
  Sha256 h;

  LeafHasher(uint64_t sector_nodes, const Domain& randomness, uint64_t sector_id) {
    if (sector_nodes == 0) throw Error("PoSt challenges: sector_nodes is 0");
    fr_of(randomness, "PoSt challenges: randomness");
    std::copy(randomness.begin(), randomness.end(), prefix);
    detail::write_u64_le(sector_id, prefix + 32);
  }

  uint64_t leaf(uint64_t sector_nodes, uint64_t challenge_index) {
    uint8_t index[8];
    detail::write_u64_le(challenge_index, index);
    const Digest d = h.update(prefix, sizeof prefix).update(index, 8).finish();
    return detail::read_u64_le(d.data()) % sector_nodes;
  }
};

}  // namespace

uint64_t post_leaf_challenge(uint64_t sector_nodes, const Domain& randomness, uint64_t sector_id,
                             uint64_t challenge_index) {
  return LeafHasher(sector_nodes, randomness, sector_id).leaf(sector_nodes, challenge_index);
}

std::vector<uint64_t> post_sector_leaf_challenges(uint64_t sector_nodes, ApiVersion version,
                                                  const Domain& randomness, uint64_t sector_id,
                                                  uint64_t sector_index, size_t challenges_per_sector) {
  LeafHasher hasher(sector_nodes, randomness, sector_id);
  std::vector<uint64_t> out;
  out.reserve(challenges_per_sector);
  for (size_t n = 0; n < challenges_per_sector; ++n)
    out.push_back(hasher.leaf(sector_nodes, post_challenge_index(version, sector_index, challenges_per_sector, n)));
  return out;
}

uint64_t post_sector_challenge(const Domain& randomness, uint64_t n, uint64_t sector_set_len,
                               const Domain& prover_id) {
  if (sector_set_len == 0) throw Error("PoSt challenges: empty sector set");
  fr_of(randomness, "PoSt challenges: randomness");
  fr_of(prover_id, "PoSt challenges: prover_id");
  uint8_t index[8];
  detail::write_u64_le(n, index);
  const Digest d = Sha256().update(prover_id).update(randomness).update(index, 8).finish();
  return detail::read_u64_le(d.data()) % sector_set_len;
}

}  // namespace cuzk::filecoin
