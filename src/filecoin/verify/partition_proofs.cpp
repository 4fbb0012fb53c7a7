#include "filecoin/verify/partition_proofs.hpp"

#include "core/error.hpp"
#include "formats/bellperson_params.hpp"

namespace cuzk::filecoin {

void expect_partition_proof_bytes(std::span<const uint8_t> bytes, size_t partitions, const std::string& what) {
  if (partitions == 0) throw Error(what + ": zero partitions");
  if (bytes.size() != partitions * kGroth16ProofBytes)
    throw DecodeError(what + ": " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(partitions) +
                      " partition proof(s) of " + std::to_string(kGroth16ProofBytes) + " bytes = " +
                      std::to_string(partitions * kGroth16ProofBytes));
}

std::vector<Groth16Proof> split_partition_proofs(std::span<const uint8_t> bytes, size_t partitions,
                                                 const std::string& what) {
  expect_partition_proof_bytes(bytes, partitions, what);
  std::vector<Groth16Proof> out;
  out.reserve(partitions);
  for (size_t k = 0; k < partitions; ++k) {
    try {
      out.push_back(formats::bellperson::proof_from_bytes(bytes.subspan(k * kGroth16ProofBytes, kGroth16ProofBytes)));
    } catch (const DecodeError& e) {
      throw DecodeError(what + ", partition " + std::to_string(k) + ": " + e.what());
    }
  }
  return out;
}

VerifyResult verify_partitions(const PreparedVerifyingKey& pvk, std::span<const Groth16Proof> proofs,
                               std::span<const std::vector<Fr>> inputs) {
  if (proofs.size() != inputs.size())
    throw Error("verify: " + std::to_string(proofs.size()) + " partition proofs but " +
                std::to_string(inputs.size()) + " public-input vectors");
  const size_t expected = pvk.vk.ic.size() - 1;
  for (size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k].size() != expected)
      throw Error("verify: partition " + std::to_string(k) + " has " + std::to_string(inputs[k].size()) +
                  " public inputs, the verifying key expects " + std::to_string(expected) +
                  " (a key for another proof type or sector size?)");
  VerifyResult r;
  r.partitions = proofs.size();
  for (size_t k = 0; k < proofs.size(); ++k) {
    if (!groth16::verify_proof(pvk, proofs[k], std::span<const Fr>(inputs[k]))) {
      r.first_invalid_partition = k;
      return r;
    }
  }
  r.valid = true;
  return r;
}

}  // namespace cuzk::filecoin
