// The engine's trace keeps the most recent partitions, not every partition a
// long-running daemon ever proved.
#include <gtest/gtest.h>

#include "engine/timeline.hpp"

using namespace cuzk::engine;

TEST(Timeline, KeepsTheRecentPartitionsOnly) {
  Timeline t;
  constexpr uint64_t kJobs = 100000;
  for (uint64_t j = 1; j <= kJobs; ++j) t.record({j, 0, {{Stage::kSynthesis, 0.0, 1.0, 0, "synthesis 0"}}});
  const auto kept = t.snapshot();
  ASSERT_FALSE(kept.empty());
  EXPECT_LT(kept.size(), kJobs / 4);
  EXPECT_EQ(kept.back().job_id, kJobs);  // the newest stays
  for (size_t i = 1; i < kept.size(); ++i) EXPECT_EQ(kept[i].job_id, kept[i - 1].job_id + 1);  // in order, no gaps
  EXPECT_FALSE(t.chrome_trace_json().empty());
}
