// What a registered proof type fixes for a sparse sector, and which nodes its
// proofs open: the sector spec, comm_d of the all-zero data, replica_id, the
// PoRep challenges of every partition, and PoSt challenged leaves.
//
// Only interactive PoRep types (V1, V1_1) have a sparse sector. Synthetic and
// non-interactive challenges are derived from comm_r; Rust never meets a cycle
// because it labels every node before it computes comm_r and only then derives
// them (prove_layers: derive_synthetic / ni_challenges.derive after tau.comm_r
// is set). A sparse sector's comm_r depends on which nodes are labelled, i.e.
// on the challenges, so a valid sparse proof of those types would be a fixed
// point of a hash (computing it is what their soundness forbids); they are refused.
//
// This header declares the proof-type enums without including the registry,
// so it can sit beside merkle/tree_shape.hpp (the registry's own TreeShape
// has the same name).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/sparse_sector/sparse_sector_spec.hpp"
#include "filecoin/vanilla/seal_commit_phase1.hpp"

namespace cuzk::filecoin {

// A PoSt whose challenged leaves a sparse sector should fill with
// pseudo-random replica values (so its proofs do not all open the default leaf).
struct SparsePoStTarget {
  RegisteredPoStProof proof{};
  Domain randomness{};       // canonical Fr representation (Curio clears the top two bits)
  uint64_t sector_index = 0;  // the sector's position in the whole proof (Window, API 1.0 only)
};

struct SparseSealRequest {
  RegisteredSealProof proof{};
  Domain prover_id{};
  uint64_t sector_id = 0;
  Domain ticket{};
  Domain seed{};
  Domain default_label{};  // the value of every unlabelled node in every layer
  std::vector<SparsePoStTarget> post_targets;
};

struct SparseSealPlan {
  SparseSectorSpec spec;
  std::string registered_proof;  // serde name, e.g. "StackedDrg32GiBV1_1"
  VanillaSealProofKind vanilla_kind = VanillaSealProofKind::k2KiB;
  size_t partitions = 0;
  size_t challenges_per_partition = 0;
  Domain comm_d{};  // of sector_size zero bytes
  Domain replica_id{};
  std::vector<std::vector<uint64_t>> challenges;  // [partition][i]
  std::vector<uint64_t> post_leaves;              // of every post target
};

// Error naming the proof type for a synthetic or non-interactive type, and
// for a PoSt target of another sector size.
SparseSealPlan plan_sparse_seal(const SparseSealRequest& request);

// The leaves the vanilla proof of one sector opens for this PoSt type
// (post_vanilla_challenges); Error unless the type's sector size is
// sector_size, or for Winning with sector_index != 0.
std::vector<uint64_t> sparse_post_leaves(RegisteredPoStProof proof, uint64_t sector_size, const Domain& randomness,
                                         uint64_t sector_id, uint64_t sector_index);

// The PoRep challenges of every partition, derived from the C1 output's own
// fields as a verifier would (any challenge kind); Error for an unknown name.
std::vector<std::vector<uint64_t>> rederive_porep_challenges(const SealCommitPhase1Output& c1);

// The registered PoSt type's name, e.g. "StackedDrgWindow32GiBV1_2".
std::string post_proof_name(RegisteredPoStProof proof);

}  // namespace cuzk::filecoin
