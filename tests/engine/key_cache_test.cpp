// KeyCache on the CPU: keys load once per path (also under concurrent asks),
// are counted in the budget, evicted least recently used first when the budget
// needs room, never while a job holds them, and unknown ids/paths say so.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>
#include <thread>

#include "engine/key_cache.hpp"
#include "engine/pinned_pool.hpp"

using namespace cuzk;
using namespace cuzk::engine;

namespace {

namespace fs = std::filesystem;

// Temp "params" files; the loader fabricates a key of `points` G1 points per
// file, so the test needs no setup.
struct Files {
  fs::path dir = fs::temp_directory_path() / ("cuzk_key_cache_" + std::to_string(::getpid()));
  Files() { fs::create_directories(dir); }
  ~Files() { fs::remove_all(dir); }
  std::string make(const std::string& name, size_t bytes = 1000) {
    auto p = dir / name;
    std::ofstream(p) << std::string(bytes, 'x');
    return p.string();
  }
};

struct Rig {
  std::atomic<int> loads{0};
  size_t points = 1000;
  MemoryBudget budget;
  KeyCache cache;
  explicit Rig(uint64_t total)
      : budget(total), cache(budget, [this](const std::string&) {
          ++loads;
          std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let concurrent asks overlap
          BellpersonKey k;
          k.h.resize(points);
          return JobKey(std::make_shared<const BellpersonKey>(std::move(k)));
        }) {}
  uint64_t one_key() const {
    BellpersonKey k;
    k.h.resize(points);
    return key_memory_bytes(k);
  }
};

}  // namespace

TEST(KeyCache, LoadsOncePerPathAndCountsInTheBudget) {
  Files f;
  Rig rig(64 << 20);
  const auto path = f.make("a.params");
  std::vector<std::thread> ts;
  std::vector<JobKey> got(8);
  for (int i = 0; i < 8; ++i) ts.emplace_back([&, i] { got[i] = rig.cache.get(path); });
  for (auto& t : ts) t.join();
  EXPECT_EQ(rig.loads.load(), 1);
  for (auto& g : got) EXPECT_EQ(key_identity(g), key_identity(got[0]));
  EXPECT_EQ(rig.budget.stats().used, rig.one_key());
  auto list = rig.cache.list();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].users, 8);
  EXPECT_EQ(list[0].id, fs::canonical(path).string());
  EXPECT_EQ(key_identity(rig.cache.get(list[0].id)), key_identity(got[0]));  // by id too
}

TEST(KeyCache, PreloadNamesAKeyAndEvictFreesTheBudget) {
  Files f;
  Rig rig(64 << 20);
  EXPECT_EQ(rig.cache.preload(f.make("a.params"), "porep"), "porep");
  EXPECT_EQ(rig.cache.preload(f.dir / "a.params"), "porep");  // same file, same key
  EXPECT_THROW(rig.cache.preload(f.make("b.params"), "porep"), Error);  // id taken
  EXPECT_EQ(rig.loads.load(), 1);
  {
    auto lease = rig.cache.get("porep");
    try {
      rig.cache.evict("porep");
      FAIL() << "evicted a key in use";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("in use by 1 job"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(rig.cache.evict("porep"), rig.one_key());
  EXPECT_EQ(rig.budget.stats().used, 0u);
  EXPECT_TRUE(rig.cache.list().empty());
}

TEST(KeyCache, UnknownKeysAndMissingFilesAreNotFound) {
  Files f;
  Rig rig(64 << 20);
  EXPECT_THROW(rig.cache.get("no-such-id"), KeyNotFound);
  EXPECT_THROW(rig.cache.preload((f.dir / "missing.params").string()), KeyNotFound);
  EXPECT_THROW(rig.cache.evict("no-such-id"), KeyNotFound);
  try {
    rig.cache.get("no-such-id");
  } catch (const KeyNotFound& e) {
    EXPECT_NE(std::string(e.what()).find("'no-such-id'"), std::string::npos);
  }
}

TEST(KeyCache, LoaderErrorsPropagateAndLeaveNothingBehind) {
  Files f;
  MemoryBudget budget(64 << 20);
  KeyCache cache(budget, [](const std::string& p) -> JobKey { throw DecodeError("bad params '" + p + "'"); });
  EXPECT_THROW(cache.get(f.make("bad.params")), DecodeError);
  EXPECT_TRUE(cache.list().empty());
  EXPECT_EQ(budget.stats().used, 0u);
}

TEST(KeyCache, BudgetEvictsIdleKeysLeastRecentlyUsedFirstNeverHeldOnes) {
  Files f;
  // Budget for three keys (file-size estimates are tiny): the fourth evicts.
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(3 * one + one / 2);
  auto a = f.make("a.params"), b = f.make("b.params"), c = f.make("c.params"), d = f.make("d.params");
  auto held = r.cache.get(a);  // oldest, but held by a "job"
  r.cache.get(b);
  r.cache.get(c);
  r.cache.get(d);  // needs room: b is the least recently used idle key
  std::set<std::string> ids;
  for (auto& i : r.cache.list()) ids.insert(fs::path(i.path).filename());
  EXPECT_EQ(ids, (std::set<std::string>{"a.params", "c.params", "d.params"}));
  EXPECT_EQ(r.cache.stats().evictions, 1u);
  EXPECT_LE(r.budget.stats().used, r.budget.total());
  // pinned keys stay too
  r.cache.preload(c, "", true);
  r.cache.get(b);  // evicts d (idle, unpinned), not c (pinned) or a (held)
  ids.clear();
  for (auto& i : r.cache.list()) ids.insert(fs::path(i.path).filename());
  EXPECT_EQ(ids, (std::set<std::string>{"a.params", "b.params", "c.params"}));
}

TEST(KeyCache, KeyLargerThanTheBudgetIsRefused) {
  Files f;
  Rig r(1000);
  EXPECT_THROW(r.cache.get(f.make("big.params", 100000)), Error);
  EXPECT_TRUE(r.cache.list().empty());
}

TEST(KeyCache, KeyThatCanNeverFitBesidePinnedKeysIsRefusedAtOnce) {
  Files f;
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(one * 5 / 2);
  r.cache.preload(f.make("pinned.params"), "pinned", true);
  EXPECT_EQ(r.budget.stats().pinned, one);
  // the file fits the total, but never beside the pinned key: refused, not queued
  const std::string big = f.make("big.params", one * 13 / 10);
  try {
    r.cache.get(big);
    ADD_FAILURE() << "loaded";
  } catch (const BudgetExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("big.params"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("pinned keys hold"), std::string::npos) << e.what();
  }
  EXPECT_EQ(r.budget.stats().waiters, 0u);
  EXPECT_EQ(r.cache.list().size(), 1u);
  // a key larger in memory than its file suggests is refused once its size is known
  Rig small(one * 3 / 4);
  try {
    small.cache.get(f.make("grows.params", one / 2));
    ADD_FAILURE() << "loaded";
  } catch (const BudgetExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("grows.params"), std::string::npos) << e.what();
  }
  EXPECT_EQ(small.budget.stats().used, 0u);
  EXPECT_TRUE(small.cache.list().empty());
}

TEST(KeyCache, ALoadWaitingForMemoryEndsOnStopDeadlineOrStopLoads) {
  Files f;
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(one * 3 / 2);
  auto held = r.cache.get(f.make("held.params"));  // a job holds it: not evictable
  const std::string next = f.make("next.params");
  // the caller's stop
  std::stop_source caller;
  std::thread t([&] { EXPECT_THROW(r.cache.get(next, caller.get_token()), Cancelled); });
  while (r.budget.stats().waiters == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  caller.request_stop();
  t.join();
  // the caller's deadline, and the cache's own limit
  EXPECT_THROW(r.cache.get(next, {}, MemoryBudget::Clock::now() + std::chrono::milliseconds(50)), BudgetTimeout);
  r.cache.set_load_wait_limit(0.05);
  EXPECT_THROW(r.cache.get(next), BudgetTimeout);
  r.cache.set_load_wait_limit(600);
  // the daemon's drain: the waiter returns, later loads are refused
  std::thread d([&] {
    try {
      r.cache.get(next);
      ADD_FAILURE() << "loaded";
    } catch (const Cancelled& e) {
      EXPECT_NE(std::string(e.what()).find("shutting down"), std::string::npos) << e.what();
    }
  });
  while (r.budget.stats().waiters == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  r.cache.stop_loads("shutting down");
  d.join();
  EXPECT_THROW(r.cache.get(f.make("later.params")), Cancelled);
  EXPECT_EQ(r.budget.stats().waiters, 0u);
  EXPECT_EQ(r.cache.list().size(), 1u);
  EXPECT_EQ(r.budget.stats().used, one);
}

TEST(KeyCache, ReleasingTheLastLeaseUnblocksAWaitingAcquirer) {
  Files f;
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(one + one / 2);
  auto held = r.cache.get(f.make("a.params"));
  std::atomic<bool> got{false};
  std::thread t([&] {
    auto res = r.budget.acquire(one, "partition");  // blocks: a is held
    got = true;
  });
  while (r.budget.stats().waiters == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_FALSE(got.load());  // waiting on the budget, which cannot evict a held key
  held = JobKey{};  // idle now: the budget evicts it
  t.join();
  EXPECT_TRUE(got.load());
  EXPECT_TRUE(r.cache.list().empty());
}

TEST(KeyCache, EvictionCanBeDisabled) {
  Files f;
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(one + one / 2);
  r.cache.preload(f.make("a.params"), "a");
  r.cache.disable_eviction("device copies are keyed by address");
  EXPECT_EQ(r.cache.evict_idle(one), 0u);
  try {
    r.cache.evict("a");
    FAIL() << "evicted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("device copies"), std::string::npos) << e.what();
  }
  EXPECT_EQ(r.cache.list().size(), 1u);
}

TEST(KeyCache, EvictedKeysAreAnnouncedToTheirHolders) {
  // what lets a GPU backend free its device copy of exactly the evicted key
  Files f;
  const uint64_t one = Rig(1 << 20).one_key();
  Rig r(2 * one + one / 2);
  std::vector<const void*> gone;
  r.cache.on_evict([&](const JobKey& k) { gone.push_back(key_identity(k)); });
  auto a = f.make("a.params"), b = f.make("b.params"), c = f.make("c.params");
  const void* ka = key_identity(r.cache.get(a));
  const void* kb = key_identity(r.cache.get(b));
  r.cache.get(c);  // budget evicts a, the least recently used
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0], ka);
  const auto id_b = r.cache.preload(b);
  r.cache.evict(id_b);  // by request
  ASSERT_EQ(gone.size(), 2u);
  EXPECT_EQ(gone[1], kb);
}
