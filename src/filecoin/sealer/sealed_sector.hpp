// A sector sealed in memory with stacked DRG, every artefact kept: tree D
// over its data (comm_d), replica_id, the SDR labels of every layer, tree C
// over the column hashes (comm_c), the replica (last layer's label + data in
// Fr) and its tree R (comm_r_last), and comm_r = Poseidon-2(comm_c,
// comm_r_last), as rust-fil-proofs' seal_pre_commit_phase1/2 produce them.
// For sectors up to 2^24 nodes (host labelling holds every layer).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/sdr/stacked_graph.hpp"
#include "filecoin/sealer/seal_config.hpp"
#include "filecoin/sealer/sector_openings.hpp"

namespace cuzk::filecoin {

// Who seals which sector with what chain randomness; replica_id derives from
// it and comm_d.
struct SectorIdentity {
  Domain prover_id{};
  uint64_t sector_id = 0;
  Domain ticket{};
};

struct SealedSector {
  SealConfig config;
  SectorIdentity identity;  // zero when sealed from a replica_id directly
  Domain replica_id{};
  Domain comm_d{};
  Domain comm_c{};
  Domain comm_r_last{};
  Domain comm_r{};
  StackedGraph graph;
  std::vector<std::vector<Domain>> labels;  // [layer - 1][node]
  MerkleTree tree_d;                        // leaves: the sector data
  MerkleTree tree_c;                        // leaves: the column hashes
  MerkleTree tree_r;                        // leaves: the replica

  uint64_t nodes() const { return config.nodes(); }
  std::span<const Domain> data() const { return tree_d.level(0); }
  std::span<const Domain> replica() const { return tree_r.level(0); }
};

// Seals `data` (config.nodes() canonical Fr nodes: Fr32-padded sector bytes,
// see leaves_from_bytes) with replica_id = SHA-256(prover_id || sector_id BE
// || ticket || comm_d || porep_id) (trunc254). Error when config is invalid
// or the data has another node count; DecodeError naming a non-canonical node.
SealedSector seal_sector(const SealConfig& config, std::vector<Domain> data, const SectorIdentity& identity);

// The same with a given replica_id (the SDR known answers fix it directly).
SealedSector seal_sector_with_replica_id(const SealConfig& config, std::vector<Domain> data,
                                         const Domain& replica_id);

// A committed-capacity sector: all-zero data, comm_d = zero_piece_commitment.
SealedSector seal_cc_sector(const SealConfig& config, const SectorIdentity& identity);

// The sealed sector's openings for stacked_proof (stacked_proof_builder.hpp).
class DenseSectorOpenings final : public SectorOpenings {
 public:
  explicit DenseSectorOpenings(const SealedSector& sector) : s_(sector) {}
  uint32_t layers() const override { return uint32_t(s_.labels.size()); }
  std::vector<Domain> column_rows(uint64_t node) const override;
  MerkleProof tree_d_proof(uint64_t node) const override { return s_.tree_d.prove(node); }
  MerkleProof tree_c_proof(uint64_t node) const override { return s_.tree_c.prove(node); }
  MerkleProof tree_r_proof(uint64_t node) const override { return s_.tree_r.prove(node); }

 private:
  const SealedSector& s_;
};

}  // namespace cuzk::filecoin
