// SnarkjsRunner without a daemon: jobs on both curves prove and their proofs
// verify; zkeys are counted in the budget and, when it is short, the least
// recently used idle one is given back; a zkey larger than the whole budget
// fails its job with the reason; a queued job can be cancelled. With an
// accelerator, its proofs are used when they verify, and a wrong or failing
// accelerator costs a CPU proof, never a bad one.
#include <gtest/gtest.h>

#include <condition_variable>
#include <map>
#include <mutex>

#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_prover.hpp"
#include "service/snarkjs_runner.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::service;

namespace {

const auto& fixture = testing_support::snarkjs_fixture;
const auto& bytes_of = testing_support::file_bytes;

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
  const std::string vk_text = formats::read_text_file(fixture(curve, "verification_key.json"));
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

namespace {

// Computes the terms on the CPU, then does what it was told: nothing more
// (a sound accelerator), spoil H (a wrong one), or throw (a failing one).
class FakeAccelerator final : public ZkeyAccelerator {
 public:
  enum class Mode { kSound, kWrong, kThrows };
  explicit FakeAccelerator(Mode m) : mode_(m) {}
  std::string name() const override { return "fake"; }
  groth16::ProofTerms<groth16::Bn254> terms(const groth16::ZkeyProvingKey<groth16::Bn254>& pk,
                                            std::span<const groth16::Bn254::Fr> w) override {
    return make(pk, w);
  }
  groth16::ProofTerms<groth16::Bls12_381> terms(const groth16::ZkeyProvingKey<groth16::Bls12_381>& pk,
                                                std::span<const groth16::Bls12_381::Fr> w) override {
    return make(pk, w);
  }
  void forget(const void* pk) override {
    std::lock_guard lk(mu);
    forgotten.push_back(pk);
  }
  std::mutex mu;
  std::vector<const void*> seen, forgotten;

 private:
  template <class E>
  groth16::ProofTerms<E> make(const groth16::ZkeyProvingKey<E>& pk, std::span<const typename E::Fr> w) {
    using F = typename E::Fr;
    {
      std::lock_guard lk(mu);
      seen.push_back(&pk);
    }
    if (mode_ == Mode::kThrows) throw CudaError("fake accelerator: out of memory");
    ntt::Domain<F> d(pk.log_n(), ff::RootConvention::kSnarkjs);
    std::vector<F> a(pk.domain_size), b(pk.domain_size), c(pk.domain_size);
    groth16::evaluate_ab(pk, w, std::span<F>(a), std::span<F>(b));
    groth16::compute_h_snarkjs<F>(a, b, c, d);
    auto t = groth16::compute_terms_zkey(pk, w, std::span<const F>(a));
    if (mode_ == Mode::kWrong) t.h = t.h.dbl();
    return t;
  }
  Mode mode_;
};

}  // namespace

TEST(SnarkjsRunner, AcceleratedProofsAreUsedOnlyWhenTheyVerify) {
  using Mode = FakeAccelerator::Mode;
  for (Mode mode : {Mode::kSound, Mode::kWrong, Mode::kThrows}) {
    SCOPED_TRACE(int(mode));
    engine::MemoryBudget budget(uint64_t(1) << 30);
    Reports reports;
    auto accel = std::make_shared<FakeAccelerator>(mode);
    {
      SnarkjsRunner runner(budget, reports.sink(), 2, accel);
      runner.submit(1, fixture("bn128", "circuit.zkey"), bytes_of(fixture("bn128", "witness.wtns")),
                    engine::Priority::kNormal);
      runner.submit(2, fixture("bls12381", "circuit.zkey"), bytes_of(fixture("bls12381", "witness.wtns")),
                    engine::Priority::kNormal);
      auto a = reports.wait(1), b = reports.wait(2);
      ASSERT_EQ(a.status, engine::JobStatus::kDone) << a.error;
      ASSERT_EQ(b.status, engine::JobStatus::kDone) << b.error;
      EXPECT_TRUE(verifies<groth16::Bn254>("bn128", a));  // whatever the accelerator did
      EXPECT_TRUE(verifies<groth16::Bls12_381>("bls12381", b));
      const auto st = runner.accelerator_stats();
      EXPECT_EQ(st.proofs, mode == Mode::kSound ? 2u : 0u);
      EXPECT_EQ(st.rejected, mode == Mode::kWrong ? 2u : 0u);
      EXPECT_EQ(st.failed, mode == Mode::kThrows ? 2u : 0u);
      EXPECT_EQ(st.unsatisfied, 0u);
      EXPECT_EQ(accel->seen.size(), 2u);

      // a witness that breaks the circuit fails on both: not the accelerator's fault
      auto bad = bytes_of(fixture("bn128", "witness.wtns"));
      bad[bad.size() - 32] ^= 1;  // the low byte of the last wire's value
      runner.submit(3, fixture("bn128", "circuit.zkey"), bad, engine::Priority::kNormal);
      auto c = reports.wait(3);
      ASSERT_EQ(c.status, engine::JobStatus::kDone) << c.error;
      EXPECT_FALSE(verifies<groth16::Bn254>("bn128", c));
      const auto st2 = runner.accelerator_stats();
      EXPECT_EQ(st2.unsatisfied, mode == Mode::kThrows ? 0u : 1u);
      EXPECT_EQ(st2.rejected, st.rejected);
    }
    // the runner let both zkeys go, and told the accelerator
    EXPECT_EQ(accel->forgotten.size(), 2u);
    std::sort(accel->seen.begin(), accel->seen.end());
    std::sort(accel->forgotten.begin(), accel->forgotten.end());
    accel->seen.erase(std::unique(accel->seen.begin(), accel->seen.end()), accel->seen.end());
    EXPECT_EQ(accel->seen, accel->forgotten);
  }
}
