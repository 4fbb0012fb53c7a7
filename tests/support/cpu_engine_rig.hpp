// Test tool: a proving engine on the CPU backend with its own budget and
// pool, and the check every engine test ends with: each buffer back in the
// pool and the budget holding only idle pool buffers.
#pragma once
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "engine/proving_engine.hpp"

namespace cuzk::testing_support {

struct CpuEngineRig {
  static constexpr uint64_t kBudget = uint64_t(512) << 20;
  engine::MemoryBudget budget{kBudget};
  engine::PinnedPool pool{budget, std::make_shared<PlainHostAllocator>()};
  std::unique_ptr<engine::ProvingEngine> engine;
  explicit CpuEngineRig(unsigned synthesis_threads = 2, unsigned workers = 1) {
    engine = std::make_unique<engine::ProvingEngine>(
        engine::EngineConfig{synthesis_threads, 2}, budget, pool,
        std::vector<std::shared_ptr<engine::ProverBackend>>{std::make_shared<engine::CpuBackend>(workers)});
  }
  // Buffers of a failed or cancelled job come back from the threads that held
  // them, possibly just after await() returns: wait (up to 4 s on a loaded
  // machine), then check.
  void expect_all_returned() {
    for (int i = 0; i < 800 && (pool.stats().bytes_in_use || pool.stats().buffers_in_use); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(pool.stats().bytes_in_use, 0u);
    EXPECT_EQ(pool.stats().buffers_in_use, 0u);
    EXPECT_EQ(budget.stats().used, pool.stats().bytes_pinned);  // only idle pool buffers remain
  }
};

}  // namespace cuzk::testing_support
