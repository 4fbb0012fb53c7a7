// The Groth16 prover on a GPU: the same steps as the CPU prover (prover.hpp),
// with the H polynomial (NTTs) and all five MSMs — B in G2 included — on the
// device, and the epilogue on the CPU. Proofs are interchangeable with CPU
// proofs. Host-includable; implemented in libcuzk_groth16_cuda.
//
//   GpuProvingKey<Bls12_381> key(pk, /*device*/ 0);   // bases resident on the device
//   GpuProver<Bls12_381> prover(0);                     // stream + scratch of one worker
//   ProofTerms<Bls12_381> t = prover.compute(key, assignment, &timing);
//   Proof p = assemble_proof(pk.vk, t, r, s);
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "groth16/cuda/device_abc_stream.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16::cuda {

template <class F>
class DeviceConstraintMatrices;  // groth16/cuda/device_matrices.cuh

template <class E>
class GpuProvingKey {
 public:
  // Uploads h, l, a, b_g1, b_g2 (bellperson convention) to `device`.
  GpuProvingKey(const ProvingKey<E>& pk, int device = 0);

  // Query sizes of a key (points in h, l, a, b_g1 = b_g2).
  struct Sizes {
    size_t h, l, a, b;
  };
  // BENCHMARK ONLY: random subgroup points made on the device, of the sizes a
  // circuit needs (r1cs::DensityCounter gives them). Proofs made with it do
  // not verify; it exists to time circuits (2^27) whose real setup is out of
  // reach, with honest data movement and arithmetic.
  static std::unique_ptr<GpuProvingKey> random_for_benchmark(Sizes sizes, uint64_t seed, int device = 0);

  // Throws Error naming the first query whose size disagrees with the assignment.
  void check_matches(const r1cs::ProvingAssignment<typename E::Fr>& pa) const;
  ~GpuProvingKey();
  GpuProvingKey(const GpuProvingKey&) = delete;
  GpuProvingKey& operator=(const GpuProvingKey&) = delete;
  int device() const;
  size_t device_bytes() const;
  // Caps each MSM's device scratch (0: what is free, less a margin); beyond
  // the cap the MSM processes its windows in batches.
  void set_msm_scratch_limit(size_t bytes);
  struct Impl;
  Impl& impl() const { return *impl_; }

 private:
  GpuProvingKey() = default;
  std::unique_ptr<Impl> impl_;
};

// Phase timings of one compute() call, seconds (host clock around
// synchronized device work) and bytes copied to the device.
struct GpuTimings {
  double h2d = 0, products = 0, ntt = 0, msm = 0;  // products: a = A z, b = B z on the device
  uint64_t h2d_bytes = 0;
  double h2d_gbps() const { return h2d > 0 ? double(h2d_bytes) / h2d / 1e9 : 0; }
};

// One worker's device state (stream, scratch, MSM workspaces). Several
// provers may share a device; `kernel_lock`, when given, is held only around
// the kernels so one worker's copies overlap another's compute.
template <class E>
class GpuProver {
 public:
  // stage_pageable: a/b and the witness in pageable memory are copied
  // through pinned chunks of the prover's own (gpu/host_to_device.hpp)
  // instead of the driver's pageable path; pinned sources go direct either way.
  explicit GpuProver(int device = 0, std::mutex* kernel_lock = nullptr, bool stage_pageable = false);
  ~GpuProver();
  GpuProver(const GpuProver&) = delete;
  GpuProver& operator=(const GpuProver&) = delete;

  // a/b are read (and may be released by the caller) once copy_inputs()
  // returns; c = a * b is made on the device; compute() does both steps. An
  // assignment whose a/b were streamed names its closed stream (on this
  // device): only the witness is copied then, and the NTTs work in the
  // stream's device memory, which must stay alive until compute_copied()
  // returns. An assignment whose a/b are the prover's to make
  // (ProvingAssignment::a_b_on_device) names the circuit's matrices on this
  // device: only the witness is copied, a = A z and b = B z are made here,
  // and the first constraint whose C z differs from a * b is returned
  // (nullopt when all hold, or when a/b came from the host, checked there).
  std::optional<size_t> copy_inputs(const GpuProvingKey<E>& key, const r1cs::ProvingAssignment<typename E::Fr>& pa,
                                    GpuTimings* t = nullptr, const DeviceAbcStream<typename E::Fr>* streamed = nullptr,
                                    const DeviceConstraintMatrices<typename E::Fr>* matrices = nullptr);
  ProofTerms<E> compute_copied(const GpuProvingKey<E>& key, const r1cs::ProvingAssignment<typename E::Fr>& pa,
                               GpuTimings* t = nullptr);
  ProofTerms<E> compute(const GpuProvingKey<E>& key, const r1cs::ProvingAssignment<typename E::Fr>& pa,
                        GpuTimings* t = nullptr) {
    if (copy_inputs(key, pa, t)) throw Error("GPU prover: the witness does not satisfy the circuit");
    return compute_copied(key, pa, t);
  }

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::groth16::cuda
