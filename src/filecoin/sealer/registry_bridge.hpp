// The registry facts and challenge derivations the sealer needs, as plain
// values, so that sealer sources working with Merkle trees never include the
// registry headers (see seal_config.hpp). Implemented in registry_bridge.cpp,
// the one sealer source that includes them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/sealer/seal_config.hpp"

namespace cuzk::filecoin {

struct SealProofFacts {
  std::string name;  // serde name, e.g. "StackedDrg2KiBV1_1"
  SealConfig config;
  size_t partitions = 0;
  size_t challenges_per_partition = 0;
};

SealProofFacts seal_proof_facts(RegisteredSealProof proof);

// The challenged nodes of every partition: [partition][challenge], drawn as
// the type draws them (interactive: seed; synthetic: replica_id, comm_r,
// seed; non-interactive: replica_id, comm_r).
std::vector<std::vector<uint64_t>> seal_proof_challenges(RegisteredSealProof proof, const Domain& replica_id,
                                                         const Domain& seed, const Domain& comm_r);

struct PoStProofFacts {
  std::string name;
  uint64_t sector_size = 0;
  bool winning = false;
};

PoStProofFacts post_proof_facts(RegisteredPoStProof proof);

// The leaves the vanilla proof of the sector at sector_index (counted over
// the whole proof) opens: 10 for Window, 66 for Winning.
std::vector<uint64_t> registered_post_challenges(RegisteredPoStProof proof, const Domain& randomness,
                                                 uint64_t sector_id, uint64_t sector_index);

}  // namespace cuzk::filecoin
