// The figures `cuzk bench pipeline` prints from the timed job's partition
// timelines: stage medians, partitions/s (whole run and steady state), H2D
// GB/s, GPU busy fraction, host memory per partition, peak RSS, budget and pool.
#pragma once
#include <vector>

#include "engine/memory_budget.hpp"
#include "engine/pinned_pool.hpp"
#include "engine/timeline.hpp"

namespace cuzk::app {

// wall_s: the timed run; t_start / t_end: its bounds on the engine's clock.
void print_pipeline_report(const std::vector<engine::PartitionTimeline>& tls, double wall_s, double t_start,
                           double t_end, const engine::MemoryBudget& budget, const engine::PinnedPool& pool);

}  // namespace cuzk::app
