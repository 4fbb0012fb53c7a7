#include "filecoin/verify/filecoin_verify.hpp"

#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

VerifyResult check(const PreparedVerifyingKey& pvk, std::span<const uint8_t> proof, const std::string& what,
                   const std::vector<std::vector<Fr>>& inputs) {
  const auto proofs = split_partition_proofs(proof, inputs.size(), what);
  return verify_partitions(pvk, proofs, inputs);
}

}  // namespace

VerifyResult verify_porep(const PorepShape& shape, const PorepPublicValues& values, const PreparedVerifyingKey& pvk,
                          std::span<const uint8_t> proof) {
  if (shape.mode == PoRepChallengeKind::kNonInteractive && proof.size() != shape.partitions * kGroth16ProofBytes)
    throw DecodeError("NI-PoRep proof: " + std::to_string(proof.size()) + " bytes; only the " +
                      std::to_string(shape.partitions) + " partition proofs (" +
                      std::to_string(shape.partitions * kGroth16ProofBytes) +
                      " bytes, seal_commit_phase2_circuit_proofs) can be verified here, not a SnarkPack aggregate");
  // the cheap size check before the parent graph and challenges are built
  expect_partition_proof_bytes(proof, shape.partitions, "PoRep proof");
  PorepPublicInputs inputs(shape, values);
  return check(pvk, proof, "PoRep proof", inputs.all());
}

VerifyResult verify_window_post(const FallbackPostShape& shape, const Domain& randomness,
                                std::vector<PostSector> sectors, const PreparedVerifyingKey& pvk,
                                std::span<const uint8_t> proof) {
  auto inputs = window_post_public_inputs(shape, randomness, std::move(sectors));
  return check(pvk, proof, "WindowPoSt proof", inputs);
}

VerifyResult verify_winning_post(uint64_t sector_nodes, size_t challenge_count, ApiVersion api_version,
                                 const Domain& randomness, const PostSector& sector, const PreparedVerifyingKey& pvk,
                                 std::span<const uint8_t> proof) {
  std::vector<std::vector<Fr>> inputs{
      winning_post_public_inputs(sector_nodes, challenge_count, api_version, randomness, sector)};
  return check(pvk, proof, "WinningPoSt proof", inputs);
}

VerifyResult verify_snap(uint64_t sector_nodes, const SnapPublicValues& values, const PreparedVerifyingKey& pvk,
                         std::span<const uint8_t> proof) {
  return check(pvk, proof, "SnapDeals proof", snap_public_inputs_all(sector_nodes, values));
}

}  // namespace cuzk::filecoin
