// The engine's GPU backend against its CPU backend: the same prepared
// partition (a snarkjs key of either curve, a bellperson circuit) gives the
// same proof terms on both; an engine on the GPU backend proves bellperson
// and snarkjs jobs side by side, every proof verified; evicted keys leave
// the device.
#include <gtest/gtest.h>

#include "engine/cuda/gpu_backend.hpp"
#include "engine/proving_engine.hpp"
#include "engine/synthetic_partition.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "gpu/device.hpp"
#include "groth16/zkey_prover.hpp"
#include "support/snarkjs_fixtures.hpp"
#include "support/synthetic_key.hpp"

using namespace cuzk;
using namespace cuzk::engine;
using testing_support::file_bytes;
using testing_support::snarkjs_fixture;

namespace {

constexpr uint64_t MiB = uint64_t(1) << 20;

struct Pool {
  MemoryBudget budget{1024 * MiB};
  PinnedPool pool{budget, std::make_shared<PlainHostAllocator>()};
};

// A snarkjs partition as the engine's synthesis stage leaves it.
template <class E>
std::unique_ptr<PartitionData> zkey_partition(PinnedPool& pool, const ZkeyKey<E>& pk, const std::string& curve) {
  using F = typename E::Fr;
  const auto w = formats::snarkjs::read_wtns<E>(file_bytes(snarkjs_fixture(curve, "witness.wtns")), "witness");
  auto d = std::make_unique<PartitionData>();
  d->plan.snarkjs = true;
  d->plan.witness_elems = pk.n_vars;
  d->plan.ab_elems = pk.domain_size;
  d->plan.log_n = pk.log_n();
  d->witness = pool.take(w.size() * sizeof(F), "witness");
  d->abc = pool.take(2 * size_t(pk.domain_size) * sizeof(F), "a|b");
  std::copy(w.begin(), w.end(), d->witness.as<F>());
  groth16::evaluate_ab(pk, d->wires<F>(), d->a<F>(), d->b<F>());
  return d;
}

// A bellperson partition synthesized into pool buffers.
std::unique_ptr<PartitionData> bellperson_partition(PinnedPool& pool, const SyntheticPartition& c) {
  const auto shape = c.shape();
  auto d = std::make_unique<PartitionData>();
  d->plan.witness_elems = shape.num_inputs + shape.num_aux;
  d->plan.ab_elems = shape.abc_length();
  d->plan.shape = shape;
  d->witness = pool.take(d->plan.witness_elems * sizeof(Fr), "witness");
  d->abc = pool.take(2 * d->plan.ab_elems * sizeof(Fr), "a|b");
  Fr* w = d->witness.as<Fr>();
  Fr* ab = d->abc.as<Fr>();
  const size_t m = d->plan.ab_elems;
  d->assignment = std::make_unique<r1cs::ProvingAssignment<Fr>>(r1cs::AssignmentBuffers<Fr>{
      {w, shape.num_inputs}, {w + shape.num_inputs, shape.num_aux}, {ab, m}, {ab + m, m}});
  c.synthesize(*d->assignment);
  d->assignment->finish();
  return d;
}

template <class E>
void expect_same_terms(const groth16::ProofTerms<E>& gpu, const groth16::ProofTerms<E>& cpu, const std::string& what) {
  EXPECT_TRUE(gpu.h == cpu.h) << what;
  EXPECT_TRUE(gpu.l == cpu.l) << what;
  EXPECT_TRUE(gpu.a == cpu.a) << what;
  EXPECT_TRUE(gpu.b_g1 == cpu.b_g1) << what;
  EXPECT_TRUE(gpu.b_g2 == cpu.b_g2) << what;
}

template <class E>
void check_zkey_terms(const std::string& curve) {
  Pool p;
  GpuBackend gpu(0);
  CpuBackend cpu;
  Timeline clock;
  const JobKey key = load_key_file(snarkjs_fixture(curve, "circuit.zkey"));
  const auto& pk = *std::get<std::shared_ptr<const ZkeyKey<E>>>(key);
  auto dg = zkey_partition<E>(p.pool, pk, curve), dc = zkey_partition<E>(p.pool, pk, curve);
  const auto tg = gpu.compute(pk, *dg, {}, clock, "gpu");
  const auto tc = cpu.compute(pk, *dc, {}, clock, "cpu");
  expect_same_terms(tg, tc, curve);
  EXPECT_FALSE(dg->abc) << "a|b go back to the pool once on the device";
  EXPECT_EQ(gpu.keys_resident(), 1u);
  gpu.forget_key(key);
  EXPECT_EQ(gpu.keys_resident(), 0u);

  // as a GPU host's engine hands it over: the key's points encoded, the
  // witness alone (a and b made on the device)
  const JobKey enc_key = load_key_file(snarkjs_fixture(curve, "circuit.zkey"), groth16::PointStorage::kEncoded);
  const auto& enc = *std::get<std::shared_ptr<const ZkeyKey<E>>>(enc_key);
  ASSERT_TRUE(enc.encoded());
  auto de = zkey_partition<E>(p.pool, pk, curve);
  de->abc.reset();
  de->plan.ab_on_device = true;
  expect_same_terms(gpu.compute(enc, *de, {}, clock, "gpu"), tc, curve + " (witness only, encoded key)");
  gpu.forget_key(enc_key);
}

}  // namespace

TEST(GpuBackend, ZkeyTermsEqualCpuBackend) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  check_zkey_terms<groth16::Bn254>("bn128");
  check_zkey_terms<groth16::Bls12_381>("bls12381");
}

TEST(GpuBackend, BellpersonTermsEqualCpuBackend) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  Pool p;
  GpuBackend gpu(0, 2, false, false);
  CpuBackend cpu;
  Timeline clock;
  for (size_t n : {size_t(1500), size_t(20000)}) {
    const auto key = testing_support::synthetic_key(n);
    SyntheticPartition c(n, 5);
    auto dg = bellperson_partition(p.pool, c), dc = bellperson_partition(p.pool, c);
    expect_same_terms(gpu.compute(*key, *dg, {}, clock, "gpu"), cpu.compute(*key, *dc, {}, clock, "cpu"),
                      "n=" + std::to_string(n));
  }
}

TEST(GpuBackend, EngineProvesMixedJobsThatVerify) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  Pool p;
  auto gpu = std::make_shared<GpuBackend>(0, 2);
  const JobKey bn = load_key_file(snarkjs_fixture("bn128", "circuit.zkey"));
  const JobKey bls = load_key_file(snarkjs_fixture("bls12381", "circuit.zkey"));
  const JobKey bp = testing_support::synthetic_key(4000);
  {
    ProvingEngine eng(automatic_engine_config({gpu}), p.budget, p.pool, {gpu});
    std::vector<uint64_t> ids;
    for (int rep = 0; rep < 3; ++rep) {
      for (const auto& [key, curve] : {std::pair{bn, "bn128"}, std::pair{bls, "bls12381"}}) {
        JobSpec s;
        s.key = key;
        s.witnesses.push_back(std::make_shared<const std::vector<uint8_t>>(file_bytes(snarkjs_fixture(curve, "witness.wtns"))));
        s.verify_after = true;
        ids.push_back(eng.submit(std::move(s)));
      }
      JobSpec s;
      s.key = bp;
      for (int part = 0; part < 2; ++part) s.partitions.push_back(std::make_shared<SyntheticPartition>(4000, 10 * rep + part));
      s.verify_after = true;
      ids.push_back(eng.submit(std::move(s)));
    }
    for (auto id : ids) {
      const auto r = eng.await(id);
      EXPECT_EQ(r.status, JobStatus::kDone) << id << ": " << r.error;
    }
  }
  EXPECT_EQ(gpu->keys_resident(), 3u);
  for (const auto& k : {bn, bls, bp}) gpu->forget_key(k);
  EXPECT_EQ(gpu->keys_resident(), 0u);
  EXPECT_EQ(p.pool.stats().buffers_in_use, 0u);
}
