// Test tool: the engine's synthetic partition, told to throw, or to hold
// (idle, observably started) until released: what lets a test queue work
// behind it or cancel it at a known stage without racing a clock.
#pragma once
#include <atomic>
#include <chrono>
#include <thread>

#include "core/error.hpp"
#include "engine/synthetic_partition.hpp"

namespace cuzk::testing_support {

class ControlledPartition : public engine::SyntheticPartition {
 public:
  using SyntheticPartition::SyntheticPartition;
  std::atomic<bool> fail{false}, hold{false};
  mutable std::atomic<bool> started{false};
  void synthesize(r1cs::ProvingAssignment<engine::Fr>& cs) const override {
    started = true;
    if (fail) throw Error("circuit exploded");
    while (hold) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // wait without working
    SyntheticPartition::synthesize(cs);
  }
  void wait_started() const {
    while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

}  // namespace cuzk::testing_support
