// One pipeline for every key: snarkjs (.zkey, BN254 and BLS12-381) jobs and
// bellperson jobs on the same engine share one queue by priority, one pool
// and one budget; snarkjs proofs verify against snarkjs's own
// verification_key.json; a wrong witness fails its job, naming why; backends
// that make a/b themselves get the witness alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "engine/job_key.hpp"
#include "engine/key_cache.hpp"
#include "engine/proving_engine.hpp"
#include "formats/public_inputs_json.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_prover.hpp"
#include "support/controlled_partition.hpp"
#include "support/cpu_engine_rig.hpp"
#include "support/snarkjs_fixtures.hpp"
#include "support/synthetic_key.hpp"

using namespace cuzk;
using namespace cuzk::engine;
using testing_support::ControlledPartition;
using testing_support::file_bytes;
using testing_support::snarkjs_fixture;

namespace {

constexpr size_t kN = 1500;
constexpr uint64_t MiB = uint64_t(1) << 20;

using Rig = testing_support::CpuEngineRig;

JobKey fixture_key(const std::string& curve) { return load_key_file(snarkjs_fixture(curve, "circuit.zkey")); }

JobSpec snarkjs_job(const JobKey& key, std::vector<uint8_t> wtns, Priority pr = Priority::kNormal) {
  JobSpec j;
  j.key = key;
  j.witnesses.push_back(std::make_shared<const std::vector<uint8_t>>(std::move(wtns)));
  j.priority = pr;
  j.verify_after = true;
  return j;
}

JobSpec bellperson_job(std::shared_ptr<const PartitionCircuit> c, Priority pr = Priority::kNormal) {
  JobSpec j;
  j.key = testing_support::synthetic_key(kN);
  j.partitions.push_back(std::move(c));
  j.priority = pr;
  return j;
}

double finished_at(const JobResult& r) {
  double end = 0;
  for (const auto& tl : r.timelines)
    for (const auto& s : tl.spans) end = std::max(end, s.end_s);
  return end;
}

template <class E>
void check_fixture(const std::string& curve) {
  namespace sj = formats::snarkjs;
  using F = typename E::Fr;
  Rig rig(2, 2);
  const JobKey key = fixture_key(curve);
  EXPECT_EQ(key_kind(key), std::string("snarkjs ") + E::kName);
  const auto r = rig.engine->await(rig.engine->submit(snarkjs_job(key, file_bytes(snarkjs_fixture(curve, "witness.wtns")))));
  ASSERT_EQ(r.status, JobStatus::kDone) << curve << ": " << r.error;
  ASSERT_EQ(r.proof_count(), 1u);
  // checked with snarkjs's own verifying key, not the one we parsed from the zkey
  const auto vk = sj::vk_from_json<E>(formats::read_text_file(snarkjs_fixture(curve, "verification_key.json")), "vk");
  groth16::PreparedVerifyingKey<E> pvk(vk);
  const auto& pub = r.template public_inputs<E>()[0];
  EXPECT_EQ(pub, sj::public_from_json<F>(formats::read_text_file(snarkjs_fixture(curve, "public.json")), "public"));
  EXPECT_TRUE(groth16::verify_proof(pvk, r.template proofs<E>()[0], std::span<const F>(pub)));
  auto tampered = r.template proofs<E>()[0];
  tampered.c = tampered.a;
  EXPECT_FALSE(groth16::verify_proof(pvk, tampered, std::span<const F>(pub)));
  using Other = std::conditional_t<std::is_same_v<E, groth16::Bn254>, groth16::Bls12_381, groth16::Bn254>;
  EXPECT_THROW((void)r.template proofs<Other>(), Error);
  rig.expect_all_returned();
}

// A backend that proves .zkey keys "on its device" as GPUs do: the engine
// hands it the witness alone, and it makes a and b itself (here on the host,
// in a buffer of its own, before the CPU prover takes over).
class OnDeviceZkeyBackend final : public ProverBackend {
 public:
  explicit OnDeviceZkeyBackend(PinnedPool& pool) : pool_(pool) {}
  std::string name() const override { return "on-device"; }
  unsigned workers() const override { return 1; }
  bool proves_zkey_on_device() const override { return true; }
  uint64_t scratch_bytes(const PartitionPlan& plan) const override { return cpu_.scratch_bytes(plan); }
  groth16::ProofTerms<groth16::Bls12_381> compute(const BellpersonKey& pk, PartitionData& part, std::stop_token stop,
                                                  const Timeline& clock, const std::string& track) override {
    return cpu_.compute(pk, part, stop, clock, track);
  }
  groth16::ProofTerms<groth16::Bn254> compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                              std::stop_token stop, const Timeline& clock,
                                              const std::string& track) override {
    return zkey(pk, part, stop, clock, track);
  }
  groth16::ProofTerms<groth16::Bls12_381> compute(const ZkeyKey<groth16::Bls12_381>& pk, PartitionData& part,
                                                  std::stop_token stop, const Timeline& clock,
                                                  const std::string& track) override {
    return zkey(pk, part, stop, clock, track);
  }
  std::atomic<int> witness_only{0}, given_ab{0};

 private:
  template <class E>
  groth16::ProofTerms<E> zkey(const ZkeyKey<E>& pk, PartitionData& part, std::stop_token stop, const Timeline& clock,
                              const std::string& track) {
    using F = typename E::Fr;
    if (part.plan.ab_on_device && part.abc.capacity() == 0)
      ++witness_only;
    else
      ++given_ab;
    part.abc = pool_.take(2 * part.plan.ab_elems * sizeof(F), "a|b made by the backend");
    groth16::evaluate_ab(pk, part.wires<F>(), part.a<F>(), part.b<F>());
    return cpu_.compute(pk, part, stop, clock, track);
  }
  PinnedPool& pool_;
  CpuBackend cpu_;
};

}  // namespace

// Where every backend makes a/b itself, snarkjs partitions reach it with the
// witness alone (no a|b buffer taken or filled by the engine), and their
// proofs verify (the engine verifies every one); bellperson jobs on the same
// engine are unchanged.
TEST(MixedJobs, BackendsThatProveZkeyOnDeviceGetTheWitnessAlone) {
  MemoryBudget budget(uint64_t(512) << 20);
  PinnedPool pool(budget, std::make_shared<PlainHostAllocator>());
  auto backend = std::make_shared<OnDeviceZkeyBackend>(pool);
  ProvingEngine engine(EngineConfig{2, 2}, budget, pool, {backend});
  for (const char* curve : {"bn128", "bls12381"}) {
    const auto r =
        engine.await(engine.submit(snarkjs_job(fixture_key(curve), file_bytes(snarkjs_fixture(curve, "witness.wtns")))));
    ASSERT_EQ(r.status, JobStatus::kDone) << curve << ": " << r.error;
  }
  EXPECT_EQ(backend->witness_only.load(), 2);
  EXPECT_EQ(backend->given_ab.load(), 0);
  const auto r = engine.await(engine.submit(bellperson_job(std::make_shared<SyntheticPartition>(kN, 1))));
  EXPECT_EQ(r.status, JobStatus::kDone) << r.error;
}

TEST(MixedJobs, SnarkjsBn254ProofsVerifyWithSnarkjsKey) { check_fixture<groth16::Bn254>("bn128"); }
TEST(MixedJobs, SnarkjsBls12381ProofsVerifyWithSnarkjsKey) { check_fixture<groth16::Bls12_381>("bls12381"); }

TEST(MixedJobs, WrongWitnessFailsItsJobNamingWhy) {
  Rig rig(2, 1);
  const JobKey key = fixture_key("bn128");
  // the last 32 bytes of a .wtns are the last wire's value
  auto bad = file_bytes(snarkjs_fixture("bn128", "witness.wtns"));
  bad[bad.size() - 32] ^= 1;
  auto r = rig.engine->await(rig.engine->submit(snarkjs_job(key, bad)));
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_NE(r.error.find("does not verify"), std::string::npos) << r.error;
  EXPECT_EQ(r.proof_count(), 0u);
  // a witness over the other curve's field, and bytes that are no witness
  r = rig.engine->await(rig.engine->submit(snarkjs_job(key, file_bytes(snarkjs_fixture("bls12381", "witness.wtns")))));
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_NE(r.error.find("bls12381"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("bn128"), std::string::npos) << r.error;
  r = rig.engine->await(rig.engine->submit(snarkjs_job(key, {1, 2, 3})));
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_NE(r.error.find("witness of partition 0"), std::string::npos) << r.error;
  rig.expect_all_returned();
  // the engine still proves afterwards
  r = rig.engine->await(rig.engine->submit(snarkjs_job(key, file_bytes(snarkjs_fixture("bn128", "witness.wtns")))));
  EXPECT_EQ(r.status, JobStatus::kDone) << r.error;
}

TEST(MixedJobs, KeyAndInputsMustAgree) {
  Rig rig;
  auto zk = snarkjs_job(fixture_key("bn128"), file_bytes(snarkjs_fixture("bn128", "witness.wtns")));
  zk.partitions.push_back(std::make_shared<SyntheticPartition>(kN, 1));
  EXPECT_THROW(rig.engine->submit(zk), Error);
  auto bp = bellperson_job(std::make_shared<SyntheticPartition>(kN, 1));
  bp.witnesses.push_back(std::make_shared<const std::vector<uint8_t>>());
  EXPECT_THROW(rig.engine->submit(bp), Error);
}

TEST(MixedJobs, OneQueueByPriorityAcrossKeyKinds) {
  Rig rig(1, 1);
  const JobKey bn = fixture_key("bn128"), bls = fixture_key("bls12381");
  // a blocker holds the single synthesis thread until every job is queued
  auto held = std::make_shared<ControlledPartition>(kN, 1);
  held->hold = true;
  const auto blocker = rig.engine->submit(bellperson_job(held));
  held->wait_started();
  const auto low = rig.engine->submit(snarkjs_job(bn, file_bytes(snarkjs_fixture("bn128", "witness.wtns")), Priority::kLow));
  const auto normal = rig.engine->submit(bellperson_job(std::make_shared<SyntheticPartition>(kN, 2), Priority::kNormal));
  const auto high =
      rig.engine->submit(snarkjs_job(bls, file_bytes(snarkjs_fixture("bls12381", "witness.wtns")), Priority::kHigh));
  const auto critical = rig.engine->submit(bellperson_job(std::make_shared<SyntheticPartition>(kN, 3), Priority::kCritical));
  // a queued snarkjs job can be cancelled before it starts
  const auto dropped =
      rig.engine->submit(snarkjs_job(bn, file_bytes(snarkjs_fixture("bn128", "witness.wtns")), Priority::kCritical));
  EXPECT_EQ(rig.engine->status(dropped), JobStatus::kQueued);
  rig.engine->cancel(dropped);
  EXPECT_EQ(rig.engine->await(dropped).status, JobStatus::kCancelled);
  held->hold = false;
  std::vector<std::pair<double, uint64_t>> order;
  for (auto id : {low, normal, high, critical}) {
    const auto r = rig.engine->await(id);
    ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
    order.push_back({finished_at(r), id});
  }
  std::sort(order.begin(), order.end());
  std::vector<uint64_t> ids;
  for (const auto& [t, id] : order) ids.push_back(id);
  // the blocker itself may be overtaken in the ready queue, which is ordered by priority too
  EXPECT_EQ(ids, (std::vector<uint64_t>{critical, high, normal, low}));
  EXPECT_EQ(rig.engine->await(blocker).status, JobStatus::kDone);
  rig.expect_all_returned();
}

TEST(MixedJobs, KeyCacheLoadsBothFormatsIntoOneBudget) {
  MemoryBudget budget(512 * MiB);
  KeyCache cache(budget);
  const auto zk = cache.preload(snarkjs_fixture("bn128", "circuit.zkey"), "circom");
  const JobKey k = cache.get(zk);
  ASSERT_TRUE(std::holds_alternative<std::shared_ptr<const ZkeyKey<groth16::Bn254>>>(k));
  EXPECT_EQ(budget.stats().used, key_memory_bytes(k));
  const auto list = cache.list();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].kind, "snarkjs bn254");
  EXPECT_EQ(list[0].users, 1);
}
