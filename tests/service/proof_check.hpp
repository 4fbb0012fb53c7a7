// Test tool: how many partition proofs of a daemon's answer verify under a
// bellperson verifying key with the public inputs the answer gives.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "cuzk/v1/proving.pb.h"
#include "ff/field_io.hpp"
#include "formats/bellperson_params.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::testing_support {

inline int count_valid(const cuzk::v1::AwaitProofResponse& r,
                       const groth16::PreparedVerifyingKey<groth16::Bls12_381>& vk) {
  using Fr = groth16::Bls12_381::Fr;
  int ok = 0;
  for (const auto& p : r.partitions()) {
    std::vector<Fr> inputs;
    for (const auto& s : p.public_inputs()) inputs.push_back(ff::from_decimal<Fr>(s, "input"));
    auto proof = formats::bellperson::proof_from_bytes(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(p.proof().data()), p.proof().size()));
    ok += groth16::verify_proof(vk, proof, std::span<const Fr>(inputs));
  }
  return ok;
}

}  // namespace cuzk::testing_support
