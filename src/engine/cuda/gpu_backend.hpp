// The engine's GPU backend: one per device, several workers (two by default)
// sharing a kernel lock so one worker's host-to-device copies and CPU work
// overlap the other's kernels. Proving keys are uploaded once per device and
// kept resident (keyed by the host key's identity). a/b/c go back to the pool
// as soon as they are on the device.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/backend.hpp"

namespace cuzk::groth16::cuda {
template <class E>
class GpuProvingKey;
template <class E>
class GpuProver;
}  // namespace cuzk::groth16::cuda

namespace cuzk::engine {

class GpuBackend final : public ProverBackend {
 public:
  // stage_pageable: copy pageable pool buffers through pinned staging chunks
  // (a pool of plain memory, e.g. where pinning is not allowed) instead of the
  // driver's pageable path.
  explicit GpuBackend(int device, unsigned workers = 2, bool stage_pageable = false);
  ~GpuBackend() override;
  std::string name() const override { return "gpu" + std::to_string(device_); }
  unsigned workers() const override { return workers_; }
  uint64_t scratch_bytes(const r1cs::CircuitShape&) const override { return 0; }
  groth16::ProofTerms<Curve> compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part, std::stop_token stop,
                                     const Timeline& clock, const std::string& track) override;
  using DeviceKey = groth16::cuda::GpuProvingKey<Curve>;
  // Uploads a key ahead of the first proof (otherwise done on first use).
  void preload(const groth16::ProvingKey<Curve>& pk);
  // Serves jobs naming `handle` with an already-resident device key (e.g. a
  // benchmark key made on the device: DeviceKey::random_for_benchmark).
  void install(const groth16::ProvingKey<Curve>& handle, std::shared_ptr<DeviceKey> key);
  // Frees the device copy (a worker still using it keeps it until done).
  void forget_key(const groth16::ProvingKey<Curve>& pk) override;

 private:
  using Prover = groth16::cuda::GpuProver<Curve>;
  std::shared_ptr<DeviceKey> key_for(const groth16::ProvingKey<Curve>& pk);
  std::unique_ptr<Prover> take_prover();
  void return_prover(std::unique_ptr<Prover> p);

  int device_;
  unsigned workers_;
  bool stage_pageable_;
  std::mutex kernel_lock_;
  std::mutex mu_;
  // Keyed by the host key's address; the vk copy guards against a key freed
  // (e.g. evicted from a key cache) and another loaded at the same address.
  struct ResidentKey {
    groth16::VerifyingKey<Curve> vk;
    std::shared_ptr<DeviceKey> key;
  };
  std::map<const groth16::ProvingKey<Curve>*, ResidentKey> keys_;
  std::vector<std::unique_ptr<Prover>> idle_provers_;
};

}  // namespace cuzk::engine
