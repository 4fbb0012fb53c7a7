// storage-proofs-update circuit.rs EmptySectorUpdateCircuit::synthesize, the
// production variant (TreeD SHA-256 binary, TreeR Poseidon of the size's
// shape): the same variables, constraints and coefficients in the same order,
// so its proofs verify under the official v28 SnapDeals parameters.
// Public inputs (after ONE): k_and_h_select, comm_r_old, comm_d_new,
// comm_r_new. Per partition: phi = H(comm_d_new, comm_r_old); comm_r = H(comm_c,
// root_r) for the old and new replica; the apex tree under comm_d_new; then
// per challenge (its bits from gen_challenge_bits with k's bits on top):
// rho = H(phi, high bits), leaf_r_new = leaf_r_old + leaf_d_new * rho, the
// old and new TreeR paths and the TreeD path up to the selected apex leaf.
// Counts (rust tests/circuit.rs): 1,248,389 (1 KiB), 1,705,039 (2 KiB),
// 6,760,091 (32 KiB), 81,049,499 (32 GiB).
// Inputs that cannot belong to the circuit (wrong shapes, k or h_select out
// of range, a leaf_r_new that is not the encoding) throw Error, where the Rust
// asserts; a consistent witness that does not prove the claim leaves a
// constraint unsatisfied. A system that splits (r1cs::SplitSystem) gets the
// challenges synthesized concurrently on the process-wide pool.
#pragma once
#include <bit>
#include <type_traits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "circuits/gadgets/allocated_bit.hpp"
#include "circuits/gadgets/allocated_num.hpp"
#include "circuits/gadgets/boolean.hpp"
#include "circuits/gadgets/insertion.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "circuits/poseidon/neptune_gadget.hpp"
#include "core/error.hpp"
#include "core/parallel.hpp"
#include "r1cs/shape_counter.hpp"
#include "filecoin/circuits/update/apex_por.hpp"
#include "filecoin/circuits/update/challenge_bits.hpp"
#include "filecoin/circuits/update/challenge_high_bits.hpp"
#include "filecoin/circuits/update/label_r_new.hpp"
#include "filecoin/circuits/update/randomness_hash.hpp"
#include "filecoin/circuits/update/update_circuit_inputs.hpp"
#include "filecoin/circuits/update/update_por.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin::update_circuit {

namespace circuit_detail {

inline void check_path(const OptPath& path, const UpdateCircuitParams& p, bool tree_d, const std::string& what) {
  const size_t levels = tree_d ? p.challenge_bit_len : p.tree_r_levels();
  if (path.size() != levels)
    throw Error("SnapDeals circuit: " + what + " has " + std::to_string(path.size()) + " levels, need " +
                std::to_string(levels));
  for (size_t l = 0; l < levels; ++l) {
    const size_t siblings = tree_d ? 1 : size_t(p.tree_r_arity_at(l) - 1);
    if (path[l].size() != siblings)
      throw Error("SnapDeals circuit: " + what + " level " + std::to_string(l) + " has " +
                  std::to_string(path[l].size()) + " siblings, need " + std::to_string(siblings));
  }
}

// The Rust's asserts on inputs, as errors.
inline void check_inputs(const UpdateCircuitInputs& in) {
  const UpdateCircuitParams& p = in.params;
  if (!(p == update_circuit_params(p.sector_nodes)))
    throw Error("SnapDeals circuit: params are not those of " + std::to_string(p.sector_nodes) + " sector nodes");
  if (in.apex_leafs.size() != p.apex_leaf_count)
    throw Error("SnapDeals circuit: " + std::to_string(in.apex_leafs.size()) + " apex leafs, need " +
                std::to_string(p.apex_leaf_count));
  if (in.challenges.size() != p.challenge_count)
    throw Error("SnapDeals circuit: " + std::to_string(in.challenges.size()) + " challenges, need " +
                std::to_string(p.challenge_count));
  for (size_t c = 0; c < in.challenges.size(); ++c) {
    const auto& ch = in.challenges[c];
    const std::string at = "challenge " + std::to_string(c) + " ";
    check_path(ch.path_r_old, p, false, at + "path_r_old");
    check_path(ch.path_d_new, p, true, at + "path_d_new");
    check_path(ch.path_r_new, p, false, at + "path_r_new");
  }
  const size_t from = p.challenge_bit_len - p.partition_bit_len;
  for (size_t c = 1; c < in.challenges.size(); ++c)
    for (size_t l = from; l < p.challenge_bit_len; ++l)
      if (in.challenges[c].path_d_new[l] != in.challenges[0].path_d_new[l])
        throw Error("SnapDeals circuit: challenge " + std::to_string(c) +
                    "'s TreeD path leaves the partition path of challenge 0 at level " + std::to_string(l));
  if (in.k_and_h_select) {
    const auto limbs = in.k_and_h_select->to_canonical();
    for (int i = 1; i < Fr::N; ++i)
      if (limbs.v[i] != 0) throw Error("SnapDeals circuit: k_and_h_select has bits above 64");
    const uint64_t v = limbs.v[0];
    const uint64_t k = v & ((uint64_t(1) << p.partition_bit_len) - 1);
    const uint64_t h_select = v >> p.partition_bit_len;
    if (k >= p.partition_count) throw Error("SnapDeals circuit: partition-index exceeds partition count");
    if (std::popcount(h_select & ((uint64_t(1) << p.hs.size()) - 1)) != 1)
      throw Error("SnapDeals circuit: h_select does not have exactly one bit set");
    if (h_select >> p.hs.size()) throw Error("SnapDeals circuit: k_and_h_select has bits above h_select");
  }
}

// Allocates one path's siblings, level by level, each named by `name(level, index)`.
template <class CS, class Name, class F = typename CS::Field>
std::vector<std::vector<circuits::AllocatedNum<F>>> alloc_path(CS& cs, const OptPath& path, size_t levels,
                                                               const Name& name) {
  std::vector<std::vector<circuits::AllocatedNum<F>>> out(levels);
  for (size_t l = 0; l < levels; ++l)
    for (size_t s = 0; s < path[l].size(); ++s)
      out[l].push_back(circuits::AllocatedNum<F>::alloc(
          cs, [&] { return name(l, s); }, [&] { return circuits::need(path[l][s]); }));
  return out;
}

}  // namespace circuit_detail

template <r1cs::ConstraintSystem CS>
void synthesize_empty_sector_update(CS& cs, const UpdateCircuitInputs& in) {
  using F = typename CS::Field;
  using circuits::AllocatedBit;
  using circuits::AllocatedNum;
  using circuits::Boolean;
  using circuits::LC;
  using circuits::need;
  using r1cs::Variable;
  circuit_detail::check_inputs(in);
  const UpdateCircuitParams& p = in.params;
  const std::span<const size_t> hs(p.hs);
  auto value_of = [](const OptFr& v) { return [&v] { return need(v); }; };

  // k and h_select share one public input.
  const AllocatedNum<F> k_and_h_select = AllocatedNum<F>::alloc(cs, "k_and_h_select", value_of(in.k_and_h_select));
  k_and_h_select.inputize(cs, "k_and_h_select (public input)");
  std::vector<AllocatedBit<F>> k_and_h_select_bits;
  {
    const size_t bit_len = p.partition_bit_len + hs.size();
    std::optional<uint64_t> v;
    if (k_and_h_select.value()) v = k_and_h_select.value()->to_canonical().v[0];
    LC<F> lc;
    F pow2 = F::one();
    for (size_t i = 0; i < bit_len; ++i) {
      std::optional<bool> bit;
      if (v) bit = ((*v >> i) & 1) != 0;
      k_and_h_select_bits.push_back(AllocatedBit<F>::alloc(
          cs, [i] { return "k_and_h_select_bit_" + std::to_string(i); }, bit));
      lc.add(k_and_h_select_bits.back().variable(), pow2);
      pow2 = pow2.dbl();
    }
    cs.enforce("k_and_h_select binary decomp", lc, LC<F>(Variable::one()), k_and_h_select.lc());
  }
  const std::vector<AllocatedBit<F>> partition_bits(k_and_h_select_bits.begin(),
                                                    k_and_h_select_bits.begin() + std::ptrdiff_t(p.partition_bit_len));
  const std::vector<AllocatedBit<F>> h_select_bits(k_and_h_select_bits.begin() + std::ptrdiff_t(p.partition_bit_len),
                                                   k_and_h_select_bits.end());
  const std::vector<Boolean<F>> partition_bools(partition_bits.begin(), partition_bits.end());
  const AllocatedNum<F> partition =
      circuits::multipack::pack_bits(cs, "pack partition bits", std::span<const Boolean<F>>(partition_bools));

  const AllocatedNum<F> comm_r_old = AllocatedNum<F>::alloc(cs, "comm_r_old", value_of(in.comm_r_old));
  comm_r_old.inputize(cs, "comm_r_old_input");
  const AllocatedNum<F> comm_d_new = AllocatedNum<F>::alloc(cs, "comm_d_new", value_of(in.comm_d_new));
  comm_d_new.inputize(cs, "comm_d_new_input");
  const AllocatedNum<F> comm_r_new = AllocatedNum<F>::alloc(cs, "comm_r_new", value_of(in.comm_r_new));
  comm_r_new.inputize(cs, "comm_r_new_input");

  const AllocatedNum<F> phi = randomness_hash(cs, "phi", comm_d_new, comm_r_old);

  const AllocatedNum<F> comm_c = AllocatedNum<F>::alloc(cs, "comm_c", value_of(in.comm_c));
  const AllocatedNum<F> root_r_old = AllocatedNum<F>::alloc(cs, "root_r_old", value_of(in.root_r_old));
  const AllocatedNum<F> root_r_new = AllocatedNum<F>::alloc(cs, "root_r_new", value_of(in.root_r_new));
  std::vector<AllocatedNum<F>> apex_leafs;
  apex_leafs.reserve(p.apex_leaf_count);
  for (size_t i = 0; i < p.apex_leaf_count; ++i)
    apex_leafs.push_back(AllocatedNum<F>::alloc(
        cs, [i] { return "apex_leaf_" + std::to_string(i); }, value_of(in.apex_leafs[i])));
  const size_t below_partitions = p.challenge_bit_len - p.partition_bit_len;
  std::vector<std::vector<AllocatedNum<F>>> partition_path;
  for (size_t i = 0; i < p.partition_bit_len; ++i)
    partition_path.push_back({AllocatedNum<F>::alloc(
        cs, [i] { return "partition_path_sibling_" + std::to_string(i); },
        value_of(in.challenges[0].path_d_new[below_partitions + i][0]))});

  // comm_r = H(comm_c, root_r) ties the witnessed roots to the public commitments.
  const AllocatedNum<F> comm_r_old_calc = circuits::poseidon::hash2_circuit(cs, "comm_r_old_calc", comm_c, root_r_old);
  cs.enforce("enforce comm_r_old_calc == comm_r_old", comm_r_old_calc.lc(), LC<F>(Variable::one()), comm_r_old.lc());
  const AllocatedNum<F> comm_r_new_calc = circuits::poseidon::hash2_circuit(cs, "comm_r_new_calc", comm_c, root_r_new);
  cs.enforce("enforce comm_r_new_calc == comm_r_new", comm_r_new_calc.lc(), LC<F>(Variable::one()), comm_r_new.lc());

  apex_por(cs, "apex_gadget", p, apex_leafs, partition_bits, partition_path, comm_d_new);

  const auto generated_bits =
      gen_challenge_bits(cs, "gen_challenge_bits", comm_r_new, partition, p.challenge_count, below_partitions);

  const size_t to_apex_leaf = below_partitions - p.apex_leaf_bit_len;
  auto challenge = [&](auto& cs, size_t c) {
    using Sys = std::decay_t<decltype(cs)>;
    const UpdateChallengeInputs& ch = in.challenges[c];
    const std::string at = " (c_index=" + std::to_string(c) + ")";
    std::vector<AllocatedBit<F>> c_bits = generated_bits[c];
    c_bits.insert(c_bits.end(), partition_bits.begin(), partition_bits.end());

    const AllocatedNum<F> c_high = get_challenge_high_bits(
        cs, [&] { return "get_challenge_high_bits" + at; }, std::span<const AllocatedBit<F>>(c_bits),
        std::span<const AllocatedBit<F>>(h_select_bits), hs);
    const AllocatedNum<F> rho = randomness_hash(
        cs, [&] { return "rho" + at; }, phi, c_high);

    const AllocatedNum<F> leaf_r_old = AllocatedNum<F>::alloc(
        cs, [&] { return "leaf_r_old" + at; }, value_of(ch.leaf_r_old));
    const AllocatedNum<F> leaf_d_new = AllocatedNum<F>::alloc(
        cs, [&] { return "leaf_d_new" + at; }, value_of(ch.leaf_d_new));
    const AllocatedNum<F> leaf_r_new = label_r_new(
        cs, [&] { return "leaf_r_new" + at; }, leaf_r_old, leaf_d_new, rho);
    if (leaf_r_new.value() && ch.leaf_r_new && *leaf_r_new.value() != *ch.leaf_r_new)
      throw Error("SnapDeals circuit: challenge " + std::to_string(c) +
                  ": leaf_r_new is not leaf_r_old + leaf_d_new * rho");

    auto path_r_old = circuit_detail::alloc_path<Sys>(cs, ch.path_r_old, p.tree_r_levels(), [&](size_t row, size_t s) {
      return "path_r_old sibling (c_index=" + std::to_string(c) + ", tree_row=" + std::to_string(row) +
             ", sibling_index=" + std::to_string(s) + ")";
    });
    por_tree_r(cs, "por tree_r_old" + at, p, c_bits, leaf_r_old, path_r_old, root_r_old);

    auto path_r_new = circuit_detail::alloc_path<Sys>(cs, ch.path_r_new, p.tree_r_levels(), [&](size_t row, size_t s) {
      return "path_r_new sibling (c_index=" + std::to_string(c) + ", tree_row=" + std::to_string(row) +
             ", sibling_index=" + std::to_string(s) + ")";
    });
    por_tree_r(cs, "por tree_r_new" + at, p, c_bits, leaf_r_new, path_r_new, root_r_new);

    // The apex leaf this challenge lies under, picked by the bits between its path and the partition's.
    const std::vector<Boolean<F>> apex_leaf_bits(c_bits.begin() + std::ptrdiff_t(to_apex_leaf),
                                                 c_bits.begin() + std::ptrdiff_t(below_partitions));
    const AllocatedNum<F> apex_leaf =
        circuits::insertion::select(cs, "select_apex_leaf" + at, std::span<const AllocatedNum<F>>(apex_leafs),
                                    std::span<const Boolean<F>>(apex_leaf_bits));

    auto path_to_apex_leaf = circuit_detail::alloc_path<Sys>(cs, ch.path_d_new, to_apex_leaf, [&](size_t row, size_t) {
      return "path_to_apex_leaf sibling (c_index=" + std::to_string(c) + ", tree_row=" + std::to_string(row) + ")";
    });
    c_bits.resize(to_apex_leaf);
    por_tree_d(cs, "por to_apex_leaf" + at, p, c_bits, leaf_d_new, path_to_apex_leaf, apex_leaf);
  };
  // A system that splits synthesizes the challenges concurrently, one per
  // task, each where the sequential order puts it (every challenge has one shape).
  if constexpr (r1cs::SplitSystem<CS>) {
    ThreadPool& pool = global_pool();
    if (pool.size() > 1 && generated_bits.size() > 1 && cs.can_split()) {
      r1cs::ShapeCounter<F> counter;
      challenge(counter, 0);
      r1cs::CircuitShape each = counter.shape();
      each.num_inputs -= 1;  // the counter starts with ONE
      auto pieces = cs.split(generated_bits.size(), each);
      pool.parallel_for(pieces.size(), 1, [&](size_t begin, size_t end) {
        for (size_t c = begin; c < end; ++c) challenge(pieces[c], c);
      });
      cs.join(pieces);
      return;
    }
  }
  for (size_t c = 0; c < generated_bits.size(); ++c) challenge(cs, c);
}

}  // namespace cuzk::filecoin::update_circuit
