// storage-proofs-post's FallbackPoSt circuit (fallback/circuit.rs), the
// circuit of Winning and Window PoSt, constraint for constraint. Per sector,
// in order: comm_r_last, comm_c and comm_r allocated; comm_r made a public
// input; comm_r = hash2(comm_c, comm_r_last) enforced; then per challenge a
// PoR with a private root shared with comm_r_last (its leaf allocated, its
// packed path bits an input: the challenged leaf). Sectors follow one another
// (the Rust's chunked synthesis concatenates in the same order).
// A blank circuit (no values) synthesizes the same shape for key generation
// and counting; every value is then asked for by no system that counts.
// A system that splits (r1cs::SplitSystem) gets its sectors synthesized
// concurrently, each where the sequential order puts it.
#pragma once
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/parallel.hpp"
#include "filecoin/circuits/por.hpp"
#include "r1cs/shape_counter.hpp"

namespace cuzk::filecoin {

// Sector<Tree>: one sector's witness (values empty in a blank circuit).
struct FallbackPoStSector {
  std::optional<Fr> comm_r;
  std::optional<Fr> comm_c;
  std::optional<Fr> comm_r_last;
  std::vector<std::optional<Fr>> leafs;  // one per challenge
  std::vector<PorAuthPath> paths;        // one per challenge
};

// FallbackPoStCircuit<Tree>: the tree R shape every sector's paths walk, and
// the partition's sectors (sector_count of them, the last repeated as padding).
struct FallbackPoStCircuit {
  TreeShape tree;
  std::vector<FallbackPoStSector> sectors;
};

// Sector::synthesize, in the caller's namespace. Error when the sector's
// leafs and paths differ in number or a path does not fit the tree.
template <class CS>
void synthesize_fallback_post_sector(CS& cs, const TreeShape& tree, const FallbackPoStSector& sector) {
  static_assert(std::is_same_v<typename CS::Field, Fr>, "Filecoin circuits are over BLS12-381 Fr");
  using Num = circuits::AllocatedNum<Fr>;
  if (sector.leafs.size() != sector.paths.size())
    throw Error("FallbackPoSt circuit: a sector has " + std::to_string(sector.leafs.size()) + " leafs and " +
                std::to_string(sector.paths.size()) + " paths");
  const Num comm_r_last = Num::alloc(cs, "comm_r_last", [&] { return circuits::need(sector.comm_r_last); });
  const Num comm_c = Num::alloc(cs, "comm_c", [&] { return circuits::need(sector.comm_c); });
  const Num comm_r = Num::alloc(cs, "comm_r", [&] { return circuits::need(sector.comm_r); });
  comm_r.inputize(cs, "comm_r_input");
  const Num hash = hash2_node_circuit(cs, "H_comm_c_comm_r_last", tree.hasher, comm_c, comm_r_last);
  circuits::constraint::equal<Fr>(cs, "enforce_comm_c_comm_r_last_hash_comm_r", comm_r, hash);
  const auto root = circuits::Root<Fr>::from_allocated(comm_r_last);
  for (size_t i = 0; i < sector.leafs.size(); ++i) {
    r1cs::Namespace ns(cs, [i] { return "challenge_inclusion_" + std::to_string(i); });
    synthesize_por(cs, tree, circuits::Root<Fr>::from_value(sector.leafs[i]), sector.paths[i], root, true);
  }
}

// FallbackPoStCircuit::synthesize: every sector, in order; one sector per
// task on `pool` for a system that splits (every sector has one shape).
template <class CS>
void synthesize_fallback_post(CS& cs, const FallbackPoStCircuit& circuit, ThreadPool& pool) {
  r1cs::Namespace outer(cs, "outer namespace");
  auto sector = [&](auto& sys, size_t i) {
    r1cs::Namespace ns(sys, [i] { return "sector_" + std::to_string(i); });
    synthesize_fallback_post_sector(sys, circuit.tree, circuit.sectors[i]);
  };
  if constexpr (r1cs::SplitSystem<CS>) {
    if (pool.size() > 1 && circuit.sectors.size() > 1 && cs.can_split()) {
      r1cs::ShapeCounter<Fr> counter;
      synthesize_fallback_post_sector(counter, circuit.tree, circuit.sectors[0]);
      r1cs::CircuitShape each = counter.shape();
      each.num_inputs -= 1;  // the counter starts with ONE
      auto pieces = cs.split(circuit.sectors.size(), each);
      pool.parallel_for(pieces.size(), 1, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) sector(pieces[i], i);
      });
      cs.join(pieces);
      return;
    }
  }
  for (size_t i = 0; i < circuit.sectors.size(); ++i) sector(cs, i);
}

// The same on the process-wide pool (core/parallel.hpp).
template <class CS>
void synthesize_fallback_post(CS& cs, const FallbackPoStCircuit& circuit) {
  synthesize_fallback_post(cs, circuit, global_pool());
}

}  // namespace cuzk::filecoin
