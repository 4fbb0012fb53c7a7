// Values for Filecoin tests: a Domain of one repeated byte, and pseudo-random
// sector data whose nodes are canonical Fr representations.
#pragma once
#include <cstdint>
#include <vector>

#include "filecoin/domain.hpp"

namespace cuzk::test {

inline filecoin::Domain filled(uint8_t b) {
  filecoin::Domain d;
  d.fill(b);
  return d;
}

inline std::vector<filecoin::Domain> data_nodes(uint64_t nodes, uint64_t seed) {
  std::vector<filecoin::Domain> out(nodes);
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
  for (auto& d : out) {
    for (auto& b : d) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      b = uint8_t(x);
    }
    d = filecoin::trunc254(d);
  }
  return out;
}

}  // namespace cuzk::test
