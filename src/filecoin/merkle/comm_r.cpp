#include "filecoin/merkle/comm_r.hpp"

#include <array>
#include <string>

#include "core/error.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

Domain comm_r_of(const Domain& comm_c, const Domain& comm_r_last) {
  const std::array<Fr, 2> kids = {fr_of(comm_c, "comm_c"), fr_of(comm_r_last, "comm_r_last")};
  return domain_of(poseidon_node(kids));
}

Domain comm_r_last_from_roots(std::span<const Domain> roots) {
  switch (roots.size()) {
    case 1: return roots[0];
    case 2:
    case 4:
    case 8: return poseidon_node(roots);
    case 16: {
      const std::array<Domain, 2> halves = {poseidon_node(roots.first(8)), poseidon_node(roots.subspan(8))};
      return poseidon_node(halves);
    }
  }
  throw Error("comm_r_last: " + std::to_string(roots.size()) +
              " tree-r-last roots (Filecoin trees have 1, 2, 4, 8 or 16)");
}

}  // namespace cuzk::filecoin
