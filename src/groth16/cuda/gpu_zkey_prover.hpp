// The snarkjs (.zkey) Groth16 prover on a GPU: a = A w and b = B w from the
// key's sparse rows, copied to the device with its points (or given, already
// evaluated on the host), c = a b, H on the odd coset (six NTTs) and all five
// MSMs (A, B1, B2 over the wires, C over the private wires, H) on the
// device; the CPU epilogue (finalize_zkey_proof) blinds. Same terms as
// compute_terms_zkey, bit for bit.
//
//   GpuZkeyProver<Bn254> prover(pk, 0);   // pk must outlive the prover
//   Proof<Bn254> p = finalize_zkey_proof(pk, prover.compute(witness));
#pragma once
#include <memory>
#include <span>

#include "groth16/cuda/gpu_prover.hpp"
#include "groth16/zkey_keys.hpp"

namespace cuzk::groth16::cuda {

template <class E>
class GpuZkeyProver {
 public:
  // Uploads the five point sets and the A, B matrices to `device`, with
  // room for a, b, c and the witness there; encoded sets are checked there
  // (DecodeError naming the first bad point, or Error when their file
  // changed since it was mapped). Calls from several threads take turns.
  GpuZkeyProver(const ZkeyProvingKey<E>& pk, int device = 0);
  ~GpuZkeyProver();
  GpuZkeyProver(const GpuZkeyProver&) = delete;
  GpuZkeyProver& operator=(const GpuZkeyProver&) = delete;

  // Throws Error for a witness of the wrong length (naming both lengths).
  // Evaluates a, b on the device: only the witness crosses the link (the
  // evaluation counts in t->ntt).
  ProofTerms<E> compute(std::span<const typename E::Fr> witness, GpuTimings* t = nullptr);
  // With a | b (2 domain_size elements, best in pinned memory) evaluated by
  // the caller (evaluate_ab); `ab` may be released once this returns.
  ProofTerms<E> compute_evaluated(std::span<const typename E::Fr> witness, std::span<const typename E::Fr> ab,
                                  GpuTimings* t = nullptr);
  size_t device_bytes() const;

  struct Impl;

 private:
  ProofTerms<E> compute_locked(std::span<const typename E::Fr> witness, std::span<const typename E::Fr> ab,
                               GpuTimings* t);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::groth16::cuda
