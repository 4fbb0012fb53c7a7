// Where the daemon's snarkjs (.zkey) jobs compute their proof terms when not
// on the host CPU: a GPU (src/service/cuda/gpu_zkey_accelerator.hpp, CUDA
// builds). The SnarkjsRunner verifies every proof made from these terms
// before it returns it and proves on the CPU instead when the proof fails or
// the accelerator throws, so an accelerator fault costs time, never a wrong
// proof.
#pragma once
#include <span>
#include <string>

#include "groth16/curve.hpp"
#include "groth16/prover.hpp"
#include "groth16/zkey_keys.hpp"

namespace cuzk::service {

class ZkeyAccelerator {
 public:
  virtual ~ZkeyAccelerator() = default;
  virtual std::string name() const = 0;
  // The five MSM answers for `witness` under `pk` (the caller keeps pk alive
  // until forget(&pk)); throws on failure.
  virtual groth16::ProofTerms<groth16::Bn254> terms(const groth16::ZkeyProvingKey<groth16::Bn254>& pk,
                                                    std::span<const groth16::Bn254::Fr> witness) = 0;
  virtual groth16::ProofTerms<groth16::Bls12_381> terms(const groth16::ZkeyProvingKey<groth16::Bls12_381>& pk,
                                                        std::span<const groth16::Bls12_381::Fr> witness) = 0;
  // `pk` is about to be freed: drop whatever was made for it (device copies).
  virtual void forget(const void* pk) = 0;
};

}  // namespace cuzk::service
