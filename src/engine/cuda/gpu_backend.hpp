// The engine's GPU backend: one per device, several workers (two by default)
// sharing a kernel lock so one worker's host-to-device copies and CPU work
// overlap the other's kernels. Proving keys of every kind (bellperson,
// snarkjs on either curve) are uploaded once per device and kept resident
// (keyed by the host key's identity); a snarkjs key's proofs take turns on
// its device buffers. a/b go back to the pool
// as soon as they are on the device; where the device has room they skip the
// pool and stream to it while synthesis runs (open_stream). c = a * b is made
// on the device.
//
// Device memory, per device: the resident keys (with their circuits'
// matrices); per worker a/b/c, witness and gathered scalars / NTT scratch
// (5 n field elements) plus a capped MSM scratch; the rest, in slots of a/b
// (2 n elements), for streams. A worker's buffers are made only where they
// fit beside what is resident: on a card too small for two, one worker
// proves while the other waits for it.
#pragma once
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/backend.hpp"
#include "groth16/cuda/device_abc_stream.hpp"

namespace cuzk::groth16::cuda {
template <class E>
class GpuProvingKey;
template <class E>
class GpuProver;
template <class E>
class GpuZkeyProver;
template <class F>
class DeviceConstraintMatrices;
}  // namespace cuzk::groth16::cuda

namespace cuzk::engine {

class GpuBackend final : public ProverBackend {
 public:
  // stage_pageable: copy pageable pool buffers through pinned staging chunks
  // (a pool of plain memory, e.g. where pinning is not allowed) instead of the
  // driver's pageable path.
  // stream_abc: take a/b during synthesis where the device has room.
  explicit GpuBackend(int device, unsigned workers = 2, bool stage_pageable = false, bool stream_abc = true);
  ~GpuBackend() override;
  std::string name() const override { return "gpu" + std::to_string(device_); }
  unsigned workers() const override { return workers_; }
  bool proves_zkey_on_device() const override { return true; }
  bool products_on_device() const override { return true; }
  std::optional<DeviceInfo> device_info() const override;
  uint64_t scratch_bytes(const PartitionPlan&) const override { return 0; }
  groth16::ProofTerms<groth16::Bls12_381> compute(const BellpersonKey& pk, PartitionData& part, std::stop_token stop,
                                                  const Timeline& clock, const std::string& track) override;
  groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                              std::stop_token stop, const Timeline& clock,
                                              const std::string& track) override;
  groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>& pk, PartitionData& part,
                                                  std::stop_token stop, const Timeline& clock,
                                                  const std::string& track) override;
  // Uploads the key first if needed, so streams never take the room it needs.
  std::unique_ptr<r1cs::AbcStream<Fr>> open_stream(const BellpersonKey& pk, const r1cs::CircuitShape& shape) override;
  // Streams open now, and the most this device allows for a shape (0 if none fits).
  size_t streams_open() const;
  size_t stream_limit(const r1cs::CircuitShape& shape) const;
  // Constraints per copy of a stream, and each worker's MSM scratch cap.
  static constexpr size_t kStreamWindow = size_t(1) << 16;
  static constexpr size_t kMsmScratch = size_t(6) << 30;
  static constexpr size_t kDeviceMargin = size_t(2) << 30;  // left free on the device
  // Device memory one worker's buffers take for a circuit of this shape.
  static size_t worker_bytes(const r1cs::CircuitShape& shape);
  using DeviceKey = groth16::cuda::GpuProvingKey<Curve>;
  // Uploads a key ahead of the first proof (otherwise done on first use).
  void preload(const groth16::ProvingKey<Curve>& pk);
  // Serves jobs naming `handle` with an already-resident device key (e.g. a
  // benchmark key made on the device: DeviceKey::random_for_benchmark).
  void install(const groth16::ProvingKey<Curve>& handle, std::shared_ptr<DeviceKey> key);
  // Frees the device copy (a worker still using it keeps it until done).
  void forget_key(const JobKey& key) override;
  // Keys resident on the device now, of every kind.
  size_t keys_resident() const;

 private:
  using Prover = groth16::cuda::GpuProver<Curve>;
  std::shared_ptr<DeviceKey> key_for(const groth16::ProvingKey<Curve>& pk);
  // An idle worker's prover, or a new one where its buffers fit the device
  // beside what is resident (always the first); else waits for an idle one.
  std::unique_ptr<Prover> take_prover(const r1cs::CircuitShape& shape, std::stop_token stop);
  void return_prover(std::unique_ptr<Prover> p);

  size_t stream_limit_locked(const r1cs::CircuitShape& shape) const;  // requires mu_
  void give_back_slot(groth16::cuda::DeviceAbcSlot&& slot);

  int device_;
  unsigned workers_;
  bool stage_pageable_, stream_abc_;
  std::mutex kernel_lock_;
  mutable std::mutex mu_;
  // Keyed by the host key's address; the vk copy guards against a key freed
  // (e.g. evicted from a key cache) and another loaded at the same address.
  // With the matrices of the circuit it last proved from the witness
  // alone, uploaded on first use and freed with the key.
  using DeviceMatrices = groth16::cuda::DeviceConstraintMatrices<Fr>;
  struct ResidentKey {
    groth16::VerifyingKey<Curve> vk;
    std::shared_ptr<DeviceKey> key;
    std::weak_ptr<const r1cs::ConstraintMatrices<Fr>> host_matrices;  // which ones (the host may drop them)
    std::shared_ptr<const DeviceMatrices> matrices;
  };
  std::shared_ptr<const DeviceMatrices> matrices_for(const groth16::ProvingKey<Curve>& pk,
                                                     const std::shared_ptr<const r1cs::ConstraintMatrices<Fr>>& m,
                                                     bool* uploaded);
  std::map<const groth16::ProvingKey<Curve>*, ResidentKey> keys_;
  // snarkjs keys: a prover each (points and buffers on the device), made on first use
  template <class E>
  struct ResidentZkey {
    groth16::VerifyingKey<E> vk;
    std::shared_ptr<groth16::cuda::GpuZkeyProver<E>> prover;
  };
  template <class E>
  using Zkeys = std::map<const ZkeyKey<E>*, ResidentZkey<E>>;
  Zkeys<groth16::Bn254> zkeys_bn254_;
  Zkeys<groth16::Bls12_381> zkeys_bls12_381_;
  template <class E>
  Zkeys<E>& zkeys();
  template <class E>
  // The key's prover on this device, made (the key uploaded) on first use:
  // then *uploaded is set.
  std::shared_ptr<groth16::cuda::GpuZkeyProver<E>> zkey_prover(const ZkeyKey<E>& pk, bool* uploaded = nullptr);
  template <class E>
  groth16::ProofTerms<E> compute_zkey(const ZkeyKey<E>& pk, PartitionData& part, std::stop_token stop,
                                      const Timeline& clock, const std::string& track);
  size_t resident_bytes_locked() const;  // requires mu_
  // What is resident plus `workers` workers' buffers and the margin (requires mu_).
  size_t fixed_bytes_locked(const r1cs::CircuitShape& shape, size_t workers) const;
  std::vector<std::unique_ptr<Prover>> idle_provers_;
  size_t provers_made_ = 0;  // idle or working
  std::condition_variable_any prover_idle_;
  std::vector<groth16::cuda::DeviceAbcSlot> idle_slots_;  // kept for the next stream
  size_t streams_open_ = 0;
  mutable size_t total_memory_ = 0;  // of the device, read once
};

}  // namespace cuzk::engine
