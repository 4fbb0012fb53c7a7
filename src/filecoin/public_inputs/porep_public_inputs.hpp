// PoRep (StackedDRG) public inputs, storage-proofs-porep stacked/circuit/
// proof.rs StackedCompound::generate_public_inputs. Partition k's inputs are
//   replica_id, comm_d, comm_r,
// then for each of k's challenges c (18 inputs each):
//   c (comm_d path), the 6 DRG parents of c, the 8 expander parents of c,
//   c (the challenge itself), c (comm_r_last path), c (comm_c path),
// every path packed as one Fr holding the leaf index (por.rs). The
// challenges depend on the mode: interactive (replica_id, seed), synthetic
// (the synthetic set of replica_id, comm_r, selected by seed) or
// non-interactive (replica_id, comm_r).
// replica_id = trunc254(SHA-256(prover_id || sector_id BE || ticket || comm_d
// || porep_id)); comm_r and comm_d must be non-zero field elements
// (filecoin-proofs verify_seal).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "filecoin/api_version.hpp"
#include "filecoin/domain.hpp"
#include "filecoin/registry/seal_proof.hpp"

namespace cuzk::filecoin {

// What a registered seal proof fixes (porep_shape(RegisteredSealProof)); a
// custom setup may differ (polka-storage's: StackedDrg2KiBV1's porep id
// under API 1.2.0).
struct PorepShape {
  uint64_t sector_nodes = 0;  // sector size / 32
  Domain porep_id{};
  ApiVersion api_version = ApiVersion::kV1_1_0;
  PoRepChallengeKind mode = PoRepChallengeKind::kInteractive;
  size_t partitions = 0;
  size_t challenges_per_partition = 0;
};

PorepShape porep_shape(RegisteredSealProof proof);

// What one sealed sector's proof is checked against.
struct PorepPublicValues {
  Domain comm_r{}, comm_d{}, prover_id{}, ticket{}, seed{};
  uint64_t sector_id = 0;
};

// The replica id, the field elements and the parent graph, computed once;
// partitions then drawn one at a time. Error for a bad shape (zero counts,
// node count outside what the graph allows); DecodeError naming comm_r or
// comm_d when zero or not a field element.
class PorepPublicInputs {
 public:
  PorepPublicInputs(const PorepShape& shape, const PorepPublicValues& values);
  ~PorepPublicInputs();
  PorepPublicInputs(PorepPublicInputs&&) noexcept;

  const Domain& replica_id() const { return replica_id_; }
  // Partition k's challenged nodes (k < partitions; Error otherwise).
  std::vector<uint64_t> challenges(size_t k) const;
  std::vector<Fr> partition(size_t k) const;
  std::vector<std::vector<Fr>> all() const;

  static constexpr size_t kInputsPerChallenge = 18;

 private:
  struct Graph;
  PorepShape shape_;
  PorepPublicValues values_;
  Domain replica_id_{};
  Fr replica_id_fr_, comm_d_fr_, comm_r_fr_;
  std::unique_ptr<Graph> graph_;
};

}  // namespace cuzk::filecoin
