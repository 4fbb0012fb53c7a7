// Streaming a/b through the engine, on CPU backends that take a/b into
// their own host memory while synthesis runs, from at most `slots` partitions
// at a time: the GPU backend's contract (ProverBackend::open_stream) with host
// memory standing in for device memory. Streamed partitions take no a/b pool
// buffers, are proven only by the backend they streamed to, and verify; a
// broken streamed witness is refused naming its constraint; cancelling
// returns every stream and buffer.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "engine/proving_engine.hpp"
#include "engine/synthetic_partition.hpp"
#include "groth16/h_poly.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "support/host_abc_stream.hpp"
#include "support/synthetic_key.hpp"
#include "support/tampered_partition.hpp"

using namespace cuzk;
using namespace cuzk::engine;
using testing_support::TamperedPartition;

namespace {

constexpr size_t kN = 1500;
constexpr uint64_t MiB = uint64_t(1) << 20;

std::shared_ptr<const groth16::ProvingKey<Curve>> key() { return testing_support::synthetic_key(kN); }

class StreamingCpuBackend final : public ProverBackend {
 public:
  StreamingCpuBackend(std::string name, size_t slots, size_t window) : name_(std::move(name)), slots_(slots), window_(window) {}
  std::string name() const override { return name_; }
  unsigned workers() const override { return 1; }
  bool uses_host_cores() const override { return true; }
  uint64_t scratch_bytes(const PartitionPlan&) const override { return 0; }

  std::unique_ptr<r1cs::AbcStream<Fr>> open_stream(const BellpersonKey&,
                                                   const r1cs::CircuitShape& shape) override {
    if (open.fetch_add(1) >= slots_) {
      --open;
      return nullptr;
    }
    size_t now = open.load(), seen = peak_open.load();
    while (now > seen && !peak_open.compare_exchange_weak(seen, now)) {
    }
    return std::make_unique<Stream>(*this, shape.abc_length(), window_);
  }

  groth16::ProofTerms<Curve> compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part, std::stop_token stop,
                                     const Timeline&, const std::string&) override {
    if (part.streamed_to && part.streamed_to != this) throw Error(name_ + " got a partition streamed to another backend");
    auto& pa = *part.assignment;
    groth16::check_key_matches(pk, pa);
    std::vector<Fr> h;
    if (part.abc_stream) {
      if (part.abc) ++streamed_with_host_abc;
      auto& s = dynamic_cast<Stream&>(*part.abc_stream);
      if (!s.closed) throw Error("stream not closed");
      const size_t m = pa.abc_length();
      h = groth16::compute_h_bellperson<Fr>(std::span<const Fr>(s.a).first(m), std::span<const Fr>(s.b).first(m));
      ++streamed_proofs;
    } else {
      h = groth16::compute_h_bellperson<Fr>(pa.a(), pa.b());
      ++kept_proofs;
    }
    if (stop.stop_requested()) throw Cancelled("cancelled");
    return groth16::compute_terms_cpu(pk, pa, h);
  }
  // these tests stream bellperson partitions only
  groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>&, PartitionData&, std::stop_token,
                                              const Timeline&, const std::string&) override {
    throw Error(name_ + ": no snarkjs keys here");
  }
  groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>&, PartitionData&, std::stop_token,
                                                  const Timeline&, const std::string&) override {
    throw Error(name_ + ": no snarkjs keys here");
  }

  std::atomic<size_t> open{0}, peak_open{0}, streamed_proofs{0}, kept_proofs{0}, streamed_with_host_abc{0};

 private:
  struct Stream final : testing_support::HostAbcStream<Fr> {
    Stream(StreamingCpuBackend& b, size_t capacity, size_t window) : HostAbcStream(capacity, window), owner(b) {}
    ~Stream() override { --owner.open; }
    StreamingCpuBackend& owner;
  };
  std::string name_;
  size_t slots_, window_;
};

struct Rig {
  MemoryBudget budget{512 * MiB};
  PinnedPool pool{budget, std::make_shared<PlainHostAllocator>()};
  std::vector<std::shared_ptr<StreamingCpuBackend>> backends;
  std::unique_ptr<ProvingEngine> engine;
  Rig(unsigned synth, std::vector<size_t> slots, size_t window = 97) {
    std::vector<std::shared_ptr<ProverBackend>> bs;
    for (size_t i = 0; i < slots.size(); ++i) {
      backends.push_back(std::make_shared<StreamingCpuBackend>("stream" + std::to_string(i), slots[i], window));
      bs.push_back(backends.back());
    }
    engine = std::make_unique<ProvingEngine>(EngineConfig{synth, 2}, budget, pool, bs);
  }
  size_t streamed() const {
    size_t s = 0;
    for (auto& b : backends) s += b->streamed_proofs;
    return s;
  }
  size_t kept() const {
    size_t s = 0;
    for (auto& b : backends) s += b->kept_proofs;
    return s;
  }
  size_t open_streams() const {
    size_t s = 0;
    for (auto& b : backends) s += b->open.load();
    return s;
  }
  void expect_all_returned() {
    for (int i = 0; i < 800 && (pool.stats().bytes_in_use || open_streams()); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(pool.stats().bytes_in_use, 0u);
    EXPECT_EQ(budget.stats().used, pool.stats().bytes_pinned);
    for (auto& b : backends) EXPECT_EQ(b->open.load(), 0u) << b->name() << " has a stream still open";
  }
};

JobSpec job_of(std::vector<std::shared_ptr<const PartitionCircuit>> parts) {
  JobSpec j;
  j.key = key();
  j.partitions = std::move(parts);
  return j;
}

}  // namespace

TEST(StreamingEngine, StreamedPartitionsTakeNoAbcBuffersAndVerify) {
  Rig rig(1, {8});
  groth16::PreparedVerifyingKey<Curve> pvk(key()->vk);
  std::vector<std::shared_ptr<const PartitionCircuit>> parts;
  for (int p = 0; p < 4; ++p) parts.push_back(std::make_shared<SyntheticPartition>(kN, 40 + p));
  auto r = rig.engine->await(rig.engine->submit(job_of(parts)));
  ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
  for (size_t p = 0; p < parts.size(); ++p)
    EXPECT_TRUE(groth16::verify_proof(pvk, r.proofs<Curve>()[p], std::span<const Fr>(r.public_inputs<Curve>()[p]))) << p;
  EXPECT_EQ(rig.streamed(), parts.size());
  EXPECT_EQ(rig.kept(), 0u);
  EXPECT_EQ(rig.backends[0]->streamed_with_host_abc.load(), 0u) << "a streamed partition also took an a/b buffer";
  rig.expect_all_returned();
}

TEST(StreamingEngine, FullBackendsLeavePartitionsOnTheHostAndOwnersProveTheirStreams) {
  // two backends with one stream each, four synthesis threads: some partitions
  // stream (the first always finds a free slot), the rest keep a/b
  Rig rig(4, {1, 1}, 256);
  groth16::PreparedVerifyingKey<Curve> pvk(key()->vk);
  std::vector<uint64_t> ids;
  std::vector<std::shared_ptr<const PartitionCircuit>> parts;
  for (int p = 0; p < 12; ++p) parts.push_back(std::make_shared<SyntheticPartition>(kN, 60 + p));
  for (int j = 0; j < 2; ++j) ids.push_back(rig.engine->submit(job_of(parts)));
  for (auto id : ids) {
    auto r = rig.engine->await(id);
    ASSERT_EQ(r.status, JobStatus::kDone) << r.error;  // a backend proving another's stream fails the job
    for (size_t p = 0; p < parts.size(); ++p)
      EXPECT_TRUE(groth16::verify_proof(pvk, r.proofs<Curve>()[p], std::span<const Fr>(r.public_inputs<Curve>()[p]))) << p;
  }
  EXPECT_GT(rig.streamed(), 0u);
  EXPECT_EQ(rig.streamed() + rig.kept(), 2 * parts.size());
  for (auto& b : rig.backends) EXPECT_LE(b->peak_open.load(), 1u);
  rig.expect_all_returned();
}

TEST(StreamingEngine, BrokenStreamedWitnessIsRefusedNamingTheConstraint) {
  Rig rig(2, {8});
  auto bad = std::make_shared<TamperedPartition>(kN, 12, 300);
  auto r = rig.engine->await(rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 13), bad})));
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_EQ(r.proof_count(), 0u);
  const auto expected = bad->expected_error();
  EXPECT_NE(r.error.find("partition 1 witness does not satisfy the circuit: " + expected), std::string::npos)
      << r.error << " / expected " << expected;
  rig.expect_all_returned();
}

TEST(StreamingEngine, CancelMidSynthesisClosesTheStream) {
  Rig rig(1, {8}, 4096);
  // ~100 ms or more of synthesis: cancelled well before it ends
  auto slow = std::make_shared<SyntheticPartition>(size_t(1) << 20, 9);
  auto id = rig.engine->submit(job_of({slow}));
  for (int i = 0; i < 1000 && rig.backends[0]->open == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(rig.backends[0]->open.load(), 1u);
  rig.engine->cancel(id);
  EXPECT_EQ(rig.engine->await(id).status, JobStatus::kCancelled);
  for (int i = 0; i < 400 && rig.backends[0]->open; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  rig.expect_all_returned();
  auto ok = rig.engine->await(rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 11)})));
  EXPECT_EQ(ok.status, JobStatus::kDone) << ok.error;
}
