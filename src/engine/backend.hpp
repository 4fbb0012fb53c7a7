// A prover backend turns one synthesized partition into the MSM answers of its
// proof (H polynomial + A, B1, B2, H, L). The CPU backend is here; the GPU
// backend lives in src/engine/gpu_backend (CUDA builds). Backends may release
// the partition's a/b buffers as soon as they no longer need them. A backend
// with room (device memory) may take a partition's a/b while synthesis still
// runs (open_stream); that partition is then proven by that backend.
#pragma once
#include <memory>
#include <stop_token>
#include <string>

#include "engine/memory_budget.hpp"
#include "engine/pinned_pool.hpp"
#include "engine/proof_job.hpp"
#include "groth16/prover.hpp"
#include "r1cs/abc_stream.hpp"

namespace cuzk::engine {

// A synthesized partition: the assignment and the pool buffers behind it.
struct PartitionData {
  uint64_t job_id = 0;
  uint32_t partition = 0;
  PinnedPool::Buffer witness;  // inputs + aux
  PinnedPool::Buffer abc;      // a | b (c = a * b is not kept), unless streamed
  MemoryBudget::Reservation scratch;  // the backend's working memory, reserved with the buffers
  // a/b streamed during synthesis to `streamed_to` (which alone may prove it)
  std::unique_ptr<r1cs::AbcStream<Fr>> abc_stream;
  class ProverBackend* streamed_to = nullptr;
  std::unique_ptr<r1cs::ProvingAssignment<Fr>> assignment;
  PartitionTimeline timeline;
  void release_abc() { abc.reset(); }
};

class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  virtual std::string name() const = 0;
  // Number of partitions it can work on at once (worker threads the engine starts).
  virtual unsigned workers() const = 0;
  // Whether its work runs on the host's cores (then synthesis competes with it).
  virtual bool uses_host_cores() const { return false; }
  // The key is about to be freed (evicted from a KeyCache): drop any copy of it.
  virtual void forget_key(const groth16::ProvingKey<Curve>&) {}
  // Where it has room for them now, a stream that takes this partition's
  // a/b while synthesis runs (the partition is then the backend's to
  // prove); null otherwise, and the partition keeps a/b on the host.
  virtual std::unique_ptr<r1cs::AbcStream<Fr>> open_stream(const groth16::ProvingKey<Curve>&, const r1cs::CircuitShape&) {
    return nullptr;
  }
  // Host memory it needs per partition besides the pool buffers; the engine
  // reserves it together with them, so no worker ever waits on the budget
  // while holding buffers.
  virtual uint64_t scratch_bytes(const r1cs::CircuitShape& shape) const = 0;
  // Throws Error when the key does not fit the partition (checked here, not at
  // synthesis: a backend may hold its own copy of the key, e.g. on a device).
  virtual groth16::ProofTerms<Curve> compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part,
                                             std::stop_token stop, const Timeline& clock, const std::string& track) = 0;
};

// The CPU prover: NTTs and MSMs on the shared thread pool; its scratch is
// four n-element vectors.
class CpuBackend final : public ProverBackend {
 public:
  explicit CpuBackend(unsigned workers = 1) : workers_(workers) {}
  std::string name() const override { return "cpu"; }
  unsigned workers() const override { return workers_; }
  bool uses_host_cores() const override { return true; }
  uint64_t scratch_bytes(const r1cs::CircuitShape& shape) const override {
    return 4 * (uint64_t(1) << ntt::Domain<Fr>::log_size_for(shape.abc_length())) * sizeof(Fr);
  }
  groth16::ProofTerms<Curve> compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part, std::stop_token stop,
                                     const Timeline& clock, const std::string& track) override;

 private:
  unsigned workers_;
};

}  // namespace cuzk::engine
