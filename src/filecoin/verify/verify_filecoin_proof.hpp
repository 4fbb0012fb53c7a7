// One entry point for every Filecoin proof kind: the proof type (what the
// registered proof fixes: kind, sector size, circuit shape), the public values
// a verifier is given, the verifying key and the proof bytes. Values the kind
// needs must be present and values it does not use must be absent (Error
// naming them), so a mistyped statement is never silently verified as
// another; the one optional value is NI-PoRep's seed, which its challenges
// do not use.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "filecoin/registry/post_proof.hpp"
#include "filecoin/registry/seal_proof.hpp"
#include "filecoin/registry/update_proof.hpp"
#include "filecoin/verify/filecoin_verify.hpp"

namespace cuzk::filecoin {

enum class FilecoinProofKind { kPoRep, kWindowPoSt, kWinningPoSt, kSnapDeals };
const char* filecoin_proof_kind_name(FilecoinProofKind k);

struct FilecoinProofType {
  std::string name;  // the registered name, for messages
  std::variant<RegisteredSealProof, RegisteredPoStProof, RegisteredUpdateProof> registered;
  FilecoinProofKind kind = FilecoinProofKind::kPoRep;
  uint64_t sector_nodes = 0;
  PorepShape porep;              // kPoRep
  FallbackPostShape post;        // kWindowPoSt (per partition) and kWinningPoSt
  size_t winning_challenges = 0; // kWinningPoSt: challenges of its one sector (66)
};

// The values of a statement, by the names rust-fil-proofs' verifiers give
// them (the CLI's flags and JSON keys are the same names).
struct FilecoinPublicValues {
  // PoRep
  std::optional<Domain> comm_r, comm_d, prover_id, ticket, seed;
  std::optional<uint64_t> sector_id;
  // PoSt: the challenged sectors (Winning: exactly one)
  std::optional<Domain> randomness;
  std::vector<PostSector> sectors;
  // SnapDeals
  std::optional<Domain> comm_r_old, comm_d_new, comm_r_new;
};

// Every partition's public inputs (ONE excluded), generated as
// rust-fil-proofs' verifiers generate them; Error naming a value the kind
// needs and lacks, or one it does not use.
std::vector<std::vector<Fr>> filecoin_public_inputs(const FilecoinProofType& type, const FilecoinPublicValues& values);

VerifyResult verify_filecoin_proof(const FilecoinProofType& type, const FilecoinPublicValues& values,
                                   const VerifyingKey& vk, std::span<const uint8_t> proof);

}  // namespace cuzk::filecoin
