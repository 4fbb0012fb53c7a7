// The proving pipeline on the CPU backend: proofs from the engine verify;
// priorities are respected; failures and cancellation at every stage return
// every buffer to the pool and every byte to the budget.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>

#include "circuits/synthetic.hpp"
#include "engine/proving_engine.hpp"
#include "engine/synthetic_partition.hpp"
#include "ff/field_io.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "support/controlled_partition.hpp"
#include "support/cpu_engine_rig.hpp"
#include "support/synthetic_key.hpp"
#include "support/tampered_partition.hpp"

using namespace cuzk;
using namespace cuzk::engine;
using testing_support::ControlledPartition;
using testing_support::TamperedPartition;

namespace {

constexpr size_t kN = 1500;
constexpr uint64_t MiB = uint64_t(1) << 20;

std::shared_ptr<const groth16::ProvingKey<Curve>> key() { return testing_support::synthetic_key(kN); }

using Rig = testing_support::CpuEngineRig;

JobSpec job_of(std::vector<std::shared_ptr<const PartitionCircuit>> parts, Priority pr = Priority::kNormal) {
  JobSpec j;
  j.key = key();
  j.partitions = std::move(parts);
  j.priority = pr;
  return j;
}

}  // namespace

TEST(ProvingEngine, ProofsVerifyAcrossPartitionsAndJobs) {
  Rig rig(2, 2);
  groth16::PreparedVerifyingKey<Curve> pvk(key()->vk);
  std::vector<uint64_t> ids;
  for (int j = 0; j < 3; ++j) {
    std::vector<std::shared_ptr<const PartitionCircuit>> parts;
    for (int p = 0; p < 3; ++p) parts.push_back(std::make_shared<SyntheticPartition>(kN, 10 * j + p));
    auto spec = job_of(parts);
    spec.verify_after = (j == 0);
    ids.push_back(rig.engine->submit(spec));
  }
  for (auto id : ids) {
    auto r = rig.engine->await(id);
    ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
    ASSERT_EQ(r.proof_count(), 3u);
    for (size_t p = 0; p < 3; ++p)
      EXPECT_TRUE(groth16::verify_proof(pvk, r.proofs<Curve>()[p], std::span<const Fr>(r.public_inputs<Curve>()[p])));
    EXPECT_EQ(r.timelines.size(), 3u);
    for (const auto& tl : r.timelines) {
      EXPECT_GT(tl.seconds(Stage::kSynthesis), 0);
      EXPECT_GT(tl.seconds(Stage::kMsm), 0);
    }
  }
  rig.expect_all_returned();
  EXPECT_GT(rig.pool.stats().hits, 0u);  // buffers were reused, not re-pinned per proof
  auto trace = rig.engine->timeline().chrome_trace_json();
  EXPECT_NE(trace.find("\"synthesis\""), std::string::npos);
}

TEST(ProvingEngine, HigherPriorityJobsFinishFirst) {
  Rig rig(1, 1);
  // a blocker holds the single synthesis thread until the rest are queued
  auto held = std::make_shared<ControlledPartition>(kN, 1);
  held->hold = true;
  auto blocker = rig.engine->submit(job_of({held}));
  while (!held->started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  auto low = rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 2)}, Priority::kLow));
  auto normal = rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 3)}, Priority::kNormal));
  auto critical = rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 4)}, Priority::kCritical));
  held->hold = false;
  std::vector<std::pair<double, uint64_t>> finish;
  for (auto id : {blocker, low, normal, critical}) {
    auto r = rig.engine->await(id);
    ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
    double end = 0;
    for (auto& tl : r.timelines)
      for (auto& s : tl.spans) end = std::max(end, s.end_s);
    finish.push_back({end, id});
  }
  std::sort(finish.begin(), finish.end());
  std::vector<uint64_t> order;
  for (auto& f : finish) order.push_back(f.second);
  // critical overtakes normal and low; normal overtakes low (the blocker may be anywhere before them)
  auto pos = [&](uint64_t id) { return std::find(order.begin(), order.end(), id) - order.begin(); };
  EXPECT_LT(pos(critical), pos(normal));
  EXPECT_LT(pos(normal), pos(low));
  rig.expect_all_returned();
}

TEST(ProvingEngine, FailureAndUnsatisfiedWitnessReturnEverything) {
  Rig rig;
  auto bad = std::make_shared<ControlledPartition>(kN, 5);
  bad->fail = true;
  auto id = rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 6), bad}));
  auto r = rig.engine->await(id);
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_NE(r.error.find("circuit exploded"), std::string::npos) << r.error;

  // a partition whose key belongs to another circuit shape
  auto other = rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN + 700, 7)}));
  auto r2 = rig.engine->await(other);
  EXPECT_EQ(r2.status, JobStatus::kFailed);
  // the engine keeps serving
  auto ok = rig.engine->await(rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 8)})));
  EXPECT_EQ(ok.status, JobStatus::kDone) << ok.error;
  rig.expect_all_returned();
}

// JobSpec::blinding: the caller's r, s make the proof (the same pair, the
// same proof; another pair, another proof; all verify); a count other than
// the partitions' is refused.
TEST(ProvingEngine, CallerBlindingMakesTheProof) {
  Rig rig;
  groth16::PreparedVerifyingKey<Curve> pvk(key()->vk);
  std::mt19937_64 rng(5);
  const Blinding b1{ff::random_element<Fr>(rng), ff::random_element<Fr>(rng)};
  const Blinding b2{ff::random_element<Fr>(rng), ff::random_element<Fr>(rng)};
  auto part = std::make_shared<SyntheticPartition>(kN, 21);
  const auto prove = [&](std::vector<Blinding> b) {
    auto spec = job_of({part, part});
    spec.blinding = std::move(b);
    spec.verify_after = true;
    auto r = rig.engine->await(rig.engine->submit(spec));
    EXPECT_EQ(r.status, JobStatus::kDone) << r.error;
    return r;
  };
  const auto r1 = prove({b1, b2}), r2 = prove({b1, b1});
  ASSERT_EQ(r1.proof_count(), 2u);
  ASSERT_EQ(r2.proof_count(), 2u);
  EXPECT_EQ(r1.proofs<Curve>()[0], r2.proofs<Curve>()[0]);
  EXPECT_EQ(r2.proofs<Curve>()[0], r2.proofs<Curve>()[1]);
  EXPECT_NE(r1.proofs<Curve>()[1], r2.proofs<Curve>()[1]);
  for (const auto* r : {&r1, &r2})
    for (size_t p = 0; p < 2; ++p)
      EXPECT_TRUE(groth16::verify_proof(pvk, r->proofs<Curve>()[p], std::span<const Fr>(r->public_inputs<Curve>()[p])));
  auto spec = job_of({part, part});
  spec.blinding = {b1};
  EXPECT_THROW(rig.engine->submit(spec), Error);
  rig.expect_all_returned();
}

TEST(ProvingEngine, UnsatisfiedWitnessIsRefusedNamingTheConstraint) {
  Rig rig;
  auto bad = std::make_shared<TamperedPartition>(kN, 12, 300);
  auto r = rig.engine->await(rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 13), bad})));
  EXPECT_EQ(r.status, JobStatus::kFailed);
  EXPECT_EQ(r.proof_count(), 0u);
  const auto expected = bad->expected_error();  // e.g. "constraint #301 'block 2/xor 5'"
  EXPECT_NE(r.error.find("partition 1 witness does not satisfy the circuit: " + expected), std::string::npos)
      << r.error << " / expected " << expected;
  EXPECT_NE(expected.find('\''), std::string::npos) << "the synthetic circuit names its constraints: " << expected;
  rig.expect_all_returned();
}

TEST(ProvingEngine, CancelMidSynthesisReturnsEverything) {
  Rig rig(1, 1);
  // held inside synthesis (its buffers taken) until after the cancel
  auto slow = std::make_shared<ControlledPartition>(kN, 9);
  slow->hold = true;
  auto id = rig.engine->submit(job_of({slow, std::make_shared<SyntheticPartition>(kN, 10)}));
  slow->wait_started();
  EXPECT_GT(rig.pool.stats().bytes_in_use, 0u);  // its buffers are out
  rig.engine->cancel(id);
  slow->hold = false;
  auto r = rig.engine->await(id);
  EXPECT_EQ(r.status, JobStatus::kCancelled);
  // the synthesis thread notices at its next stop check and returns the buffers
  for (int i = 0; i < 400 && rig.pool.stats().bytes_in_use; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  rig.expect_all_returned();
  auto ok = rig.engine->await(rig.engine->submit(job_of({std::make_shared<SyntheticPartition>(kN, 11)})));
  EXPECT_EQ(ok.status, JobStatus::kDone) << ok.error;
}

TEST(ProvingEngine, BudgetBoundsConcurrencyWithoutDeadlock) {
  // a budget that holds about one partition's buffers at a time
  MemoryBudget budget(6 * MiB);
  PinnedPool pool(budget, std::make_shared<PlainHostAllocator>());
  {
    ProvingEngine engine(EngineConfig{3, 3}, budget, pool,
                         {std::make_shared<CpuBackend>(2)});
    std::vector<uint64_t> ids;
    for (int j = 0; j < 4; ++j)
      ids.push_back(engine.submit(job_of({std::make_shared<SyntheticPartition>(kN, 20 + j)})));
    for (auto id : ids) EXPECT_EQ(engine.await(id).status, JobStatus::kDone);
    EXPECT_LE(budget.stats().peak, 6 * MiB);
  }
  EXPECT_EQ(pool.stats().bytes_in_use, 0u);
}

TEST(ProvingEngine, SnapshotStagesOnFinishedAndForget) {
  Rig rig(1, 1);
  auto held = std::make_shared<ControlledPartition>(kN, 3);
  held->hold = true;
  std::atomic<uint64_t> finished_id{0};
  auto spec = job_of({held, std::make_shared<SyntheticPartition>(kN, 4)});
  spec.label = "snap";
  spec.on_finished = [&](uint64_t id) { finished_id = id; };
  const uint64_t id = rig.engine->submit(std::move(spec));
  while (!held->started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  auto snap = rig.engine->snapshot();
  ASSERT_EQ(snap.size(), 1u);
  EXPECT_EQ(snap[0].id, id);
  EXPECT_EQ(snap[0].label, "snap");
  ASSERT_EQ(snap[0].stages.size(), 2u);
  EXPECT_EQ(snap[0].stages[0], PartitionStage::kSynthesis);
  EXPECT_EQ(snap[0].stages[1], PartitionStage::kQueued);
  EXPECT_FALSE(rig.engine->forget(id));  // still running
  EXPECT_EQ(finished_id.load(), 0u);
  held->hold = false;
  auto r = rig.engine->await(id);
  ASSERT_EQ(r.status, JobStatus::kDone) << r.error;
  for (int i = 0; i < 1000 && finished_id.load() != id; ++i)  // runs just after await's wake-up
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(finished_id.load(), id);
  snap = rig.engine->snapshot();
  ASSERT_EQ(snap.size(), 1u);
  EXPECT_EQ(snap[0].stages, (std::vector<PartitionStage>{PartitionStage::kDone, PartitionStage::kDone}));
  EXPECT_EQ(snap[0].timelines.size(), 2u);
  EXPECT_TRUE(rig.engine->forget(id));
  EXPECT_TRUE(rig.engine->snapshot().empty());
  EXPECT_THROW(rig.engine->status(id), Error);
}

TEST(ProvingEngine, OnFinishedRunsOnceForCancelledJobs) {
  Rig rig(1, 1);
  auto held = std::make_shared<ControlledPartition>(kN, 5);
  held->hold = true;
  std::atomic<int> calls{0};
  auto spec = job_of({held});
  spec.on_finished = [&](uint64_t) { ++calls; };
  const uint64_t id = rig.engine->submit(std::move(spec));
  while (!held->started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  rig.engine->cancel(id);
  rig.engine->cancel(id);
  held->hold = false;
  EXPECT_EQ(rig.engine->await(id).status, JobStatus::kCancelled);
  // once the synthesis thread has let go of the job's buffers it is done with the job
  rig.expect_all_returned();
  EXPECT_EQ(calls.load(), 1);
}
