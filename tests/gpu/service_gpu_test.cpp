// The daemon's snarkjs jobs on the GPU: SnarkjsRunner with the GPU
// accelerator proves the snarkjs fixtures of both curves on the device (its
// proofs pass the runner's verification, so none falls back to the CPU), and
// the device copies go when the runner lets the zkeys go.
#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>

#include "gpu/device.hpp"
#include "service/cuda/gpu_zkey_accelerator.hpp"
#include "service/snarkjs_runner.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::service;

namespace {

const auto& fixture = testing_support::snarkjs_fixture;
const auto& bytes_of = testing_support::file_bytes;

}  // namespace

TEST(ServiceGpu, SnarkjsJobsProveOnTheGpu) {
  if (gpu::device_count() == 0) GTEST_SKIP() << "no CUDA device";
  engine::MemoryBudget budget(uint64_t(1) << 30);
  std::mutex mu;
  std::condition_variable cv;
  std::map<uint64_t, SnarkjsOutput> got;
  auto accel = std::make_shared<GpuZkeyAccelerator>(0);
  {
    SnarkjsRunner runner(
        budget,
        [&](uint64_t id, SnarkjsOutput o) {
          std::lock_guard lk(mu);
          got[id] = std::move(o);
          cv.notify_all();
        },
        2, accel);
    uint64_t id = 0;
    for (const char* curve : {"bn128", "bls12381"})
      for (int rep = 0; rep < 2; ++rep)
        runner.submit(++id, fixture(curve, "circuit.zkey"), bytes_of(fixture(curve, "witness.wtns")),
                      engine::Priority::kNormal);
    std::unique_lock lk(mu);
    cv.wait(lk, [&] { return got.size() == 4; });
    for (auto& [i, o] : got) EXPECT_EQ(o.status, engine::JobStatus::kDone) << i << ": " << o.error;
    const auto st = runner.accelerator_stats();
    EXPECT_EQ(st.proofs, 4u) << "rejected " << st.rejected << ", failed " << st.failed;
    EXPECT_EQ(accel->keys_resident(), 2u);
  }
  EXPECT_EQ(accel->keys_resident(), 0u);
}
