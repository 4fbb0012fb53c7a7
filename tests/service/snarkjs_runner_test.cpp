// SnarkjsRunner without a daemon: jobs on both curves prove and their proofs
// verify; zkeys are counted in the budget and, when it is short, the least
// recently used idle one is given back; a zkey larger than the whole budget
// fails its job with the reason; a queued job can be cancelled.
#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>

#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "groth16/verifier.hpp"
#include "service/snarkjs_runner.hpp"

using namespace cuzk;
using namespace cuzk::service;

namespace {

std::string fixture(const std::string& curve, const std::string& file) {
  return std::string(CUZK_SOURCE_DIR) + "/tests/snarkjs/fixtures/" + curve + "/" + file;
}

std::vector<uint8_t> bytes_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

// Collects the runner's reports; wait(id) blocks until that job's arrives.
struct Reports {
  std::mutex mu;
  std::condition_variable cv;
  std::map<uint64_t, SnarkjsOutput> got;
  SnarkjsRunner::Done sink() {
    return [this](uint64_t id, SnarkjsOutput o) {
      std::lock_guard lk(mu);
      got[id] = std::move(o);
      cv.notify_all();
    };
  }
  SnarkjsOutput wait(uint64_t id) {
    std::unique_lock lk(mu);
    cv.wait(lk, [&] { return got.count(id) > 0; });
    return got[id];
  }
};

template <class E>
bool verifies(const std::string& curve, const SnarkjsOutput& o) {
  namespace sj = formats::snarkjs;
  using F = typename E::Fr;
  std::ifstream f(fixture(curve, "verification_key.json"));
  const std::string vk_text((std::istreambuf_iterator<char>(f)), {});
  groth16::PreparedVerifyingKey<E> pvk(sj::vk_from_json<E>(vk_text, "vk"));
  auto pub = sj::public_from_json<F>(o.public_json, "public");
  return groth16::verify_proof(pvk, sj::proof_from_json<E>(o.proof_json, "proof"), std::span<const F>(pub));
}

}  // namespace

TEST(SnarkjsRunner, ProvesBothCurvesAndGivesBackIdleZkeysUnderPressure) {
  const uint64_t bn = bytes_of(fixture("bn128", "circuit.zkey")).size();
  const uint64_t bls = bytes_of(fixture("bls12381", "circuit.zkey")).size();
  engine::MemoryBudget budget(std::max(bn, bls) + std::min(bn, bls) / 2);  // one zkey at a time
  Reports reports;
  {
    SnarkjsRunner runner(budget, reports.sink());
    runner.submit(1, fixture("bn128", "circuit.zkey"), bytes_of(fixture("bn128", "witness.wtns")),
                  engine::Priority::kNormal);
    auto a = reports.wait(1);
    ASSERT_EQ(a.status, engine::JobStatus::kDone) << a.error;
    EXPECT_TRUE(verifies<groth16::Bn254>("bn128", a));
    EXPECT_EQ(runner.keys_loaded(), 1u);
    EXPECT_EQ(budget.stats().used, runner.key_bytes());

    // the BLS12-381 zkey does not fit beside the idle BN254 one: that one goes
    runner.submit(2, fixture("bls12381", "circuit.zkey"), bytes_of(fixture("bls12381", "witness.wtns")),
                  engine::Priority::kNormal);
    auto b = reports.wait(2);
    ASSERT_EQ(b.status, engine::JobStatus::kDone) << b.error;
    EXPECT_TRUE(verifies<groth16::Bls12_381>("bls12381", b));
    EXPECT_EQ(runner.keys_loaded(), 1u);
    EXPECT_EQ(runner.key_bytes(), bls);
    EXPECT_LE(budget.stats().used, budget.total());

    // a witness of the other curve fails with the reason
    runner.submit(3, fixture("bls12381", "circuit.zkey"), bytes_of(fixture("bn128", "witness.wtns")),
                  engine::Priority::kNormal);
    auto c = reports.wait(3);
    EXPECT_EQ(c.status, engine::JobStatus::kFailed);
    EXPECT_FALSE(c.error.empty());
  }
  EXPECT_EQ(budget.stats().used, 0u);  // the runner gave every zkey back
}

TEST(SnarkjsRunner, ZkeyLargerThanTheBudgetFailsItsJob) {
  engine::MemoryBudget budget(1000);
  Reports reports;
  SnarkjsRunner runner(budget, reports.sink());
  runner.submit(7, fixture("bn128", "circuit.zkey"), bytes_of(fixture("bn128", "witness.wtns")),
                engine::Priority::kNormal);
  auto r = reports.wait(7);
  EXPECT_EQ(r.status, engine::JobStatus::kFailed);
  EXPECT_NE(r.error.find("more than the whole budget"), std::string::npos) << r.error;
  EXPECT_FALSE(runner.cancel(7));  // ended: nothing to cancel
}
