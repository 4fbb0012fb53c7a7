// PinnedPool over plain memory: best-fit reuse, stats, eviction through the
// budget, every buffer back on every path (including exceptions).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <thread>

#include "engine/pinned_pool.hpp"

using namespace cuzk;
using namespace cuzk::engine;

namespace {
constexpr size_t MiB = size_t(1) << 20;

// Counts live allocations to prove nothing leaks.
struct CountingAllocator final : HostAllocator {
  std::atomic<int64_t> live{0};
  void* allocate(size_t n) override {
    ++live;
    return PlainHostAllocator().allocate(n);
  }
  void deallocate(void* p, size_t n) noexcept override {
    --live;
    PlainHostAllocator().deallocate(p, n);
  }
  bool pinned() const override { return false; }
  const char* name() const override { return "counting"; }
};
}  // namespace

TEST(PinnedPool, ReusesBestFitAndCounts) {
  MemoryBudget b(64 * MiB);
  auto alloc = std::make_shared<CountingAllocator>();
  {
    PinnedPool pool(b, alloc);
    {
      auto x = pool.take(3 * MiB, "x");
      auto y = pool.take(9 * MiB, "y");
      EXPECT_GE(x.capacity(), 3 * MiB);
      EXPECT_EQ(pool.stats().buffers_in_use, 2u);
      std::memset(x.data(), 1, x.size());
    }
    auto s = pool.stats();
    EXPECT_EQ(s.buffers_idle, 2u);
    EXPECT_EQ(s.bytes_in_use, 0u);
    EXPECT_EQ(b.stats().used, s.bytes_pinned);  // idle buffers stay in the budget
    auto z = pool.take(8 * MiB, "z");  // best fit: the 10 MiB one, not a new one
    EXPECT_EQ(pool.stats().hits, 1u);
    EXPECT_EQ(pool.stats().allocations, 2u);
    auto w = pool.take(1 * MiB, "w");  // the 4 MiB idle buffer fits 2x + 4 MiB rule
    EXPECT_EQ(pool.stats().hits, 2u);
  }
  EXPECT_EQ(alloc->live.load(), 0);
  EXPECT_EQ(b.stats().used, 0u);
}

// prewarm pins what the budget has room for, without waiting or evicting,
// and later takes find those buffers idle.
TEST(PinnedPool, PrewarmPinsWhatFitsAndLaterTakesHit) {
  MemoryBudget b(64 * MiB);
  auto alloc = std::make_shared<CountingAllocator>();
  {
    PinnedPool pool(b, alloc);
    auto other = b.acquire(24 * MiB, "another user");
    EXPECT_EQ(pool.prewarm(10 * MiB, 8), 4u);  // 40 of the 40 MiB left
    auto s = pool.stats();
    EXPECT_EQ(s.buffers_idle, 4u);
    EXPECT_EQ(s.misses, 4u);
    EXPECT_EQ(b.stats().used, 64 * MiB);
    EXPECT_EQ(alloc->live, 4);
    {
      auto x = pool.take(9 * MiB, "x");  // best fit among the idle ones
      EXPECT_EQ(x.capacity(), 10 * MiB);
      EXPECT_EQ(pool.stats().hits, 1u);
    }
    other.release();
    EXPECT_EQ(pool.prewarm(10 * MiB, 5), 5u);  // the 4 idle ones, and one new
    EXPECT_EQ(pool.stats().buffers_idle, 5u);
    EXPECT_EQ(pool.prewarm(10 * MiB, 0), 0u);
  }
  EXPECT_EQ(alloc->live, 0);
  EXPECT_EQ(b.stats().used, 0u);
}

TEST(PinnedPool, IdleBuffersAreEvictedForOtherUsers) {
  MemoryBudget b(32 * MiB);
  auto alloc = std::make_shared<CountingAllocator>();
  PinnedPool pool(b, alloc);
  { auto big = pool.take(24 * MiB, "big"); }
  EXPECT_EQ(b.stats().used, 24 * MiB);
  auto other = b.acquire(20 * MiB, "key");  // needs the pool's idle buffer evicted
  EXPECT_EQ(pool.stats().evictions, 1u);
  EXPECT_EQ(pool.stats().bytes_pinned, 0u);
  EXPECT_EQ(alloc->live.load(), 0);
}

TEST(PinnedPool, BlockedTakeResumesWhenABufferReturns) {
  MemoryBudget b(16 * MiB);
  PinnedPool pool(b, std::make_shared<PlainHostAllocator>());
  auto held = pool.take(12 * MiB, "held");
  std::thread t([&] {
    auto x = pool.take(10 * MiB, "waiter");  // no room until `held` returns and is evicted/reused
    EXPECT_TRUE(x);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  held.reset();  // back to the pool: the waiter reuses it (best fit) or evicts it
  t.join();
  EXPECT_LE(b.stats().peak, 16 * MiB);
}

TEST(PinnedPool, ConcurrentRandomLoadStaysInBudget) {
  MemoryBudget b(64 * MiB);
  auto alloc = std::make_shared<CountingAllocator>();
  {
    PinnedPool pool(b, alloc);
    std::vector<std::thread> ts;
    for (int t = 0; t < 6; ++t) {
      ts.emplace_back([&, t] {
        std::mt19937 rng(t);
        for (int i = 0; i < 100; ++i) {
          std::vector<PinnedPool::Buffer> bufs;
          for (int k = 0, n = 1 + rng() % 3; k < n; ++k) {
            if (auto x = pool.try_take((1 + rng() % 6) * MiB))
              bufs.push_back(std::move(*x));
            else
              bufs.push_back(pool.take((1 + rng() % 4) * MiB, "load"));
          }
          EXPECT_LE(b.stats().used, 64 * MiB);
        }
      });
    }
    for (auto& t : ts) t.join();
    EXPECT_EQ(pool.stats().bytes_in_use, 0u);
    EXPECT_LE(b.stats().peak, 64 * MiB);
  }
  EXPECT_EQ(alloc->live.load(), 0);
  EXPECT_EQ(b.stats().used, 0u);
}
