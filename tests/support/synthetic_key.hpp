// Test tool: a development proving key for the engine's synthetic partition
// of n constraints, made once per n per test process (setup is the slow part
// of small engine tests).
#pragma once
#include <map>
#include <memory>
#include <mutex>

#include "engine/synthetic_partition.hpp"
#include "groth16/setup.hpp"

namespace cuzk::testing_support {

inline std::shared_ptr<const groth16::ProvingKey<engine::Curve>> synthetic_key(size_t n) {
  static std::mutex mu;
  static std::map<size_t, std::shared_ptr<const groth16::ProvingKey<engine::Curve>>> keys;
  std::lock_guard lk(mu);
  auto& k = keys[n];
  if (!k) {
    engine::SyntheticPartition p(n, 1);
    k = std::make_shared<const groth16::ProvingKey<engine::Curve>>(
        groth16::generate_random_parameters<engine::Curve>([&](auto& cs) { p.circuit().synthesize(cs); }));
  }
  return k;
}

}  // namespace cuzk::testing_support
