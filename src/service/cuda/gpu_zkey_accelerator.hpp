// The snarkjs jobs' accelerator on one GPU: a GpuZkeyProver per loaded zkey
// (its points resident on the device, made on the key's first job), dropped
// when the runner lets the key go. Host code; links libcuzk_groth16_cuda.
#pragma once
#include <map>
#include <memory>
#include <mutex>

#include "groth16/cuda/gpu_zkey_prover.hpp"
#include "service/zkey_accelerator.hpp"

namespace cuzk::service {

class GpuZkeyAccelerator final : public ZkeyAccelerator {
 public:
  explicit GpuZkeyAccelerator(int device) : device_(device) {}
  std::string name() const override { return "gpu" + std::to_string(device_); }
  groth16::ProofTerms<groth16::Bn254> terms(const groth16::ZkeyProvingKey<groth16::Bn254>& pk,
                                            std::span<const groth16::Bn254::Fr> witness) override {
    return prover_for(pk, bn254_)->compute(witness);
  }
  groth16::ProofTerms<groth16::Bls12_381> terms(const groth16::ZkeyProvingKey<groth16::Bls12_381>& pk,
                                                std::span<const groth16::Bls12_381::Fr> witness) override {
    return prover_for(pk, bls12_381_)->compute(witness);
  }
  void forget(const void* pk) override;
  size_t keys_resident() const;

 private:
  template <class E>
  using Provers = std::map<const void*, std::shared_ptr<groth16::cuda::GpuZkeyProver<E>>>;
  // The key's prover, made (points uploaded) on first use; held by the caller
  // while it proves, so a concurrent forget() frees it only afterwards.
  template <class E>
  std::shared_ptr<groth16::cuda::GpuZkeyProver<E>> prover_for(const groth16::ZkeyProvingKey<E>& pk, Provers<E>& provers) {
    std::lock_guard lk(mu_);
    auto& p = provers[&pk];
    if (!p) p = std::make_shared<groth16::cuda::GpuZkeyProver<E>>(pk, device_);
    return p;
  }

  int device_;
  mutable std::mutex mu_;
  Provers<groth16::Bn254> bn254_;
  Provers<groth16::Bls12_381> bls12_381_;
};

}  // namespace cuzk::service
