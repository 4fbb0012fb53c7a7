// Synthetic PoRep challenges (storage-proofs-porep stacked/vanilla/
// challenges.rs, module synthetic). After sealing, a prover commits to a set
// of min(sector_nodes, 2^18) synthetic challenges:
//   keystream = ChaCha20(key = Blake2b-256 keyed "filecoin.io|PoRep|1|Synthetic|1|Generation"
//                              over replica_id || comm_r, nonce "synth-porep\0"),
//   challenge i = (LE(keystream[32 i, 32 i + 32)) mod (nodes - 1)) + 1.
// When the seed arrives, PoRep challenge j (global over partitions) is the
// synthetic challenge numbered u32_le(select[4 j, 4 j + 4]) mod count, with
// select = ChaCha20(Blake2b-256 keyed "...|Selection" over replica_id || seed).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

class SyntheticChallenges {
 public:
  static constexpr size_t kDefaultCount = size_t(1) << 18;

  // replica_id and comm_r must be canonical Fr representations (DecodeError
  // otherwise); sector_nodes in [2, 2^32). The first form uses rust's default
  // count, min(sector_nodes, 2^18); an explicit count must be in [1, 2^27].
  SyntheticChallenges(uint64_t sector_nodes, const Domain& replica_id, const Domain& comm_r);
  SyntheticChallenges(uint64_t sector_nodes, const Domain& replica_id, const Domain& comm_r, size_t count);

  size_t count() const { return count_; }
  uint64_t sector_nodes() const { return nodes_; }

  // The i-th synthetic challenge (i < count()).
  uint64_t challenge(size_t i) const;
  // The whole synthetic set, in order (what a synthetic C1 proves).
  std::vector<uint64_t> all() const;
  // Which synthetic challenges partition k's PoRep challenges are (indexes
  // into all()), and the challenges themselves.
  std::vector<uint32_t> selection(const Domain& seed, size_t challenges_per_partition, size_t partition) const;
  std::vector<uint64_t> porep_challenges(const Domain& seed, size_t challenges_per_partition,
                                         size_t partition) const;

 private:
  uint64_t nodes_;
  size_t count_;
  Domain replica_id_;
  std::array<uint8_t, 32> generation_key_;
};

}  // namespace cuzk::filecoin
