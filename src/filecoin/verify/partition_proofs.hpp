// Filecoin's multi-partition Groth16 proofs: one 192-byte bellperson proof
// (compressed A | B | C) per partition, concatenated in partition order
// (rust-fil-proofs MultiProof), each checked against its partition's public
// inputs (without the constant ONE).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "filecoin/domain.hpp"
#include "groth16/curve.hpp"
#include "groth16/keys.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::filecoin {

using Bls12 = groth16::Bls12_381;
using VerifyingKey = groth16::VerifyingKey<Bls12>;
using PreparedVerifyingKey = groth16::PreparedVerifyingKey<Bls12>;
using Groth16Proof = groth16::Proof<Bls12>;

inline constexpr size_t kGroth16ProofBytes = 192;

// DecodeError naming `what` unless bytes holds exactly `partitions` proofs.
void expect_partition_proof_bytes(std::span<const uint8_t> bytes, size_t partitions, const std::string& what);

// The proofs of `partitions` partitions. DecodeError naming `what` when the
// size is not partitions x 192 bytes or a point does not decode (off the
// curve, outside the subgroup, bad flags).
std::vector<Groth16Proof> split_partition_proofs(std::span<const uint8_t> bytes, size_t partitions,
                                                 const std::string& what);

struct VerifyResult {
  bool valid = false;
  size_t partitions = 0;
  std::optional<size_t> first_invalid_partition;  // set when !valid
};

// Every partition's proof against its inputs. Error when the counts of
// proofs and input vectors differ or an input vector's length does not match
// the key (the message names the partition and both lengths).
VerifyResult verify_partitions(const PreparedVerifyingKey& pvk, std::span<const Groth16Proof> proofs,
                               std::span<const std::vector<Fr>> inputs);

}  // namespace cuzk::filecoin
