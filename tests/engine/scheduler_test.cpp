// Scheduler order: priority, then oldest job, then lowest partition; cancel;
// close wakes blocked consumers.
#include <gtest/gtest.h>

#include <thread>

#include "core/error.hpp"
#include "engine/scheduler.hpp"

using namespace cuzk::engine;

TEST(Scheduler, PriorityThenOldestJobThenLowestPartition) {
  Scheduler s;
  s.push({1, 1, 2, Priority::kNormal});
  s.push({1, 1, 0, Priority::kNormal});
  s.push({2, 2, 0, Priority::kLow});
  s.push({3, 3, 1, Priority::kCritical});
  s.push({4, 4, 0, Priority::kHigh});
  s.push({3, 3, 0, Priority::kCritical});
  s.push({5, 0, 0, Priority::kNormal});  // submitted earlier than job 1 (seq 0)
  std::vector<std::pair<uint64_t, uint32_t>> got;
  while (auto t = s.try_pop()) got.push_back({t->job_id, t->partition});
  std::vector<std::pair<uint64_t, uint32_t>> want = {{3, 0}, {3, 1}, {4, 0}, {5, 0}, {1, 0}, {1, 2}, {2, 0}};
  EXPECT_EQ(got, want);
}

TEST(Scheduler, CancelRemovesOnlyThatJob) {
  Scheduler s;
  for (uint32_t p = 0; p < 4; ++p) s.push({7, 1, p, Priority::kNormal});
  s.push({8, 2, 0, Priority::kNormal});
  EXPECT_EQ(s.cancel(7), 4u);
  EXPECT_EQ(s.size(), 1u);
  EXPECT_EQ(s.try_pop()->job_id, 8u);
}

TEST(Scheduler, CloseAndStopWakeBlockedConsumers) {
  Scheduler s;
  std::thread t([&] { EXPECT_FALSE(s.pop().has_value()); });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  s.close();
  t.join();
  EXPECT_THROW(s.push({1, 1, 0, Priority::kLow}), cuzk::Error);

  Scheduler s2;
  std::stop_source stop;
  std::thread t2([&] { EXPECT_FALSE(s2.pop(stop.get_token()).has_value()); });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  stop.request_stop();
  t2.join();
}

TEST(Scheduler, ParsesPriorities) {
  EXPECT_EQ(parse_priority("CRITICAL"), Priority::kCritical);
  EXPECT_EQ(parse_priority("low"), Priority::kLow);
  EXPECT_THROW(parse_priority("urgent"), cuzk::Error);
}
