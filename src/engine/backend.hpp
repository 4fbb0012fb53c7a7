// A prover backend turns one prepared partition into the MSM answers of its
// proof (H polynomial + the five MSMs), for every key the engine serves: a
// bellperson key (BLS12-381) or a snarkjs key (BN254, BLS12-381). The CPU
// backend is here; the GPU backend lives in src/engine/cuda (CUDA builds).
// Backends may release the partition's a/b buffers as soon as they no longer
// need them. A backend with room (device memory) may take a bellperson
// partition's a/b while synthesis still runs (open_stream); that partition is
// then proven by that backend.
#pragma once
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/memory_budget.hpp"
#include "engine/pinned_pool.hpp"
#include "engine/proof_job.hpp"
#include "groth16/prover.hpp"
#include "r1cs/abc_stream.hpp"

namespace cuzk::engine {

// What a partition needs of the host, known before it is prepared: the
// engine takes its pool buffers and the backends' scratch from this.
struct PartitionPlan {
  bool snarkjs = false;     // the key's convention (else bellperson)
  size_t witness_elems = 0;  // bellperson: inputs + aux; snarkjs: wires
  size_t ab_elems = 0;       // length of a (and of b)
  // a/b are the backend's to make (none on the host): snarkjs from the key's
  // matrices, bellperson from the circuit's recorded ones
  bool ab_on_device = false;
  int log_n = 0;             // the H polynomial's domain
  std::optional<r1cs::CircuitShape> shape;  // bellperson circuits
};

// A prepared partition: the pool buffers and what synthesis (bellperson) or
// witness evaluation (snarkjs) wrote into them. Field elements of both
// curves are 32 bytes.
struct PartitionData {
  uint64_t job_id = 0;
  uint32_t partition = 0;
  PartitionPlan plan;
  PinnedPool::Buffer witness;  // the full assignment (ONE, inputs, aux / wires)
  PinnedPool::Buffer abc;      // a | b (c = a * b is not kept), unless streamed
  MemoryBudget::Reservation scratch;  // the backend's working memory, reserved with the buffers
  // bellperson: a/b streamed during synthesis to `streamed_to` (which alone may prove it)
  std::unique_ptr<r1cs::AbcStream<Fr>> abc_stream;
  class ProverBackend* streamed_to = nullptr;
  std::unique_ptr<r1cs::ProvingAssignment<Fr>> assignment;  // bellperson
  // bellperson with ab_on_device: the circuit's matrices, and what names
  // constraint i when the backend finds it unsatisfied
  std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices;
  std::function<std::string(size_t)> describe;
  PartitionTimeline timeline;
  void release_abc() { abc.reset(); }

  // snarkjs partitions: the wires, and a = A w, b = B w over the domain
  template <class F>
  std::span<const F> wires() const {
    return {witness.as<F>(), plan.witness_elems};
  }
  template <class F>
  std::span<F> a() {
    return {abc.as<F>(), plan.ab_elems};
  }
  template <class F>
  std::span<F> b() {
    return {abc.as<F>() + plan.ab_elems, plan.ab_elems};
  }
};

class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  virtual std::string name() const = 0;
  // Number of partitions it can work on at once (worker threads the engine starts).
  virtual unsigned workers() const = 0;
  // Whether its work runs on the host's cores (then synthesis competes with it).
  virtual bool uses_host_cores() const { return false; }
  // Whether it proves snarkjs keys from the witness alone: their query points
  // still encoded (groth16/key_points.hpp), a = A w and b = B w made on the
  // device. Where every backend does (prove_zkey_on_device), keys load so and
  // the engine neither evaluates nor keeps a/b.
  virtual bool proves_zkey_on_device() const { return false; }
  // Whether it makes a bellperson partition's a = A z, b = B z from the
  // circuit's recorded matrices itself (checking C z against a * b). Where
  // every backend does, such partitions keep only their witness on the host.
  virtual bool products_on_device() const { return false; }
  // A GPU's ordinal, model and memory now, for status pages; nullopt for a CPU backend.
  struct DeviceInfo {
    int ordinal = 0;
    std::string name;
    uint64_t total_bytes = 0, free_bytes = 0;
  };
  virtual std::optional<DeviceInfo> device_info() const { return std::nullopt; }
  // The key is about to be freed (evicted from a KeyCache): drop any copy of it.
  virtual void forget_key(const JobKey&) {}
  // Where it has room for them now, a stream that takes this partition's
  // a/b while synthesis runs (the partition is then the backend's to
  // prove); null otherwise, and the partition keeps a/b on the host.
  virtual std::unique_ptr<r1cs::AbcStream<Fr>> open_stream(const BellpersonKey&, const r1cs::CircuitShape&) {
    return nullptr;
  }
  // Host memory it needs per partition besides the pool buffers; the engine
  // reserves it together with them, so no worker ever waits on the budget
  // while holding buffers.
  virtual uint64_t scratch_bytes(const PartitionPlan& plan) const = 0;
  // One overload per key kind. Throws Error when the key does not fit the
  // partition (checked here, not at synthesis: a backend may hold its own
  // copy of the key, e.g. on a device).
  virtual groth16::ProofTerms<groth16::Bls12_381> compute(const BellpersonKey& pk, PartitionData& part,
                                                          std::stop_token stop, const Timeline& clock,
                                                          const std::string& track) = 0;
  virtual groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                                      std::stop_token stop, const Timeline& clock,
                                                      const std::string& track) = 0;
  virtual groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>& pk, PartitionData& part,
                                                          std::stop_token stop, const Timeline& clock,
                                                          const std::string& track) = 0;
};

// Every backend proves .zkey keys on its device (and there is one).
inline bool prove_zkey_on_device(const std::vector<std::shared_ptr<ProverBackend>>& backends) {
  return !backends.empty() &&
         std::all_of(backends.begin(), backends.end(), [](const auto& b) { return b->proves_zkey_on_device(); });
}

// The CPU prover: NTTs and MSMs on the shared thread pool; its scratch is
// four n-element vectors for a bellperson key (a, b, c on the coset and h),
// one for a snarkjs key (c; a and b are the partition's).
class CpuBackend final : public ProverBackend {
 public:
  explicit CpuBackend(unsigned workers = 1) : workers_(workers) {}
  std::string name() const override { return "cpu"; }
  unsigned workers() const override { return workers_; }
  bool uses_host_cores() const override { return true; }
  uint64_t scratch_bytes(const PartitionPlan& plan) const override {
    return (plan.snarkjs ? 1 : 4) * (uint64_t(1) << plan.log_n) * sizeof(Fr);
  }
  groth16::ProofTerms<groth16::Bls12_381> compute(const BellpersonKey& pk, PartitionData& part, std::stop_token stop,
                                                  const Timeline& clock, const std::string& track) override;
  groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                              std::stop_token stop, const Timeline& clock,
                                              const std::string& track) override;
  groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>& pk, PartitionData& part,
                                                  std::stop_token stop, const Timeline& clock,
                                                  const std::string& track) override;

 private:
  unsigned workers_;
};

}  // namespace cuzk::engine
