// r1cs::DensityCounter (the counts the 32 GiB partition's structure is
// checked with) against a brute-force count over a TestConstraintSystem's
// stored constraints (each combination's terms summed per variable in a map,
// zeros dropped): on a hand-made circuit whose combinations repeat and cancel
// variables, and on a one-challenge StackedDRG circuit of a real 2 KiB
// sector.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "stacked_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::stacked;
using namespace cuzk::filecoin::stacked_test;
using r1cs::LinearCombination;
using r1cs::Variable;

namespace {

// What bellperson's prover sees: the circuit's constraints and its input
// constraints (input i in A), non-zeros per matrix, density popcounts.
struct Counts {
  size_t num_inputs = 0, num_aux = 0, num_constraints = 0;
  size_t a_nnz = 0, b_nnz = 0, c_nnz = 0;
  size_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;
  bool operator==(const Counts&) const = default;
};

Counts counted(const r1cs::DensityCounter<F>& d) {
  return {d.shape().num_inputs, d.shape().num_aux, d.shape().num_constraints + d.shape().num_inputs,
          d.nnz_a(), d.nnz_b(), d.nnz_c(), d.a_aux_density(), d.b_input_density(), d.b_aux_density()};
}

Counts brute_force(const r1cs::TestConstraintSystem<F>& cs) {
  using Key = std::pair<bool, size_t>;  // (is aux, index)
  auto merged = [](const LinearCombination<F>& lc) {
    std::map<Key, F> m;
    for (const auto& t : lc.terms()) {
      auto [it, fresh] = m.try_emplace(Key{!t.var.is_input(), t.var.index()}, t.coeff);
      if (!fresh) it->second += t.coeff;
    }
    std::erase_if(m, [](const auto& kv) { return kv.second.is_zero(); });
    return m;
  };
  Counts r;
  r.num_inputs = cs.shape().num_inputs;
  r.num_aux = cs.shape().num_aux;
  r.num_constraints = cs.shape().num_constraints + r.num_inputs;
  std::set<size_t> a_aux, b_input, b_aux;
  for (const auto& k : cs.constraints()) {
    const auto a = merged(k.a), b = merged(k.b), c = merged(k.c);
    r.a_nnz += a.size();
    r.b_nnz += b.size();
    r.c_nnz += c.size();
    for (const auto& [key, coeff] : a)
      if (key.first) a_aux.insert(key.second);
    for (const auto& [key, coeff] : b) (key.first ? b_aux : b_input).insert(key.second);
  }
  r.a_nnz += r.num_inputs;  // the prover's input constraints: input i in A
  r.a_aux_density = a_aux.size();
  r.b_input_density = b_input.size();
  r.b_aux_density = b_aux.size();
  return r;
}

template <class Synth>
void expect_counts_agree(const Synth& synth) {
  r1cs::TestConstraintSystem<F> tcs;
  synth(tcs);
  r1cs::DensityCounter<F> counter;
  synth(counter);
  const auto want = brute_force(tcs), got = counted(counter);
  EXPECT_EQ(got.num_inputs, want.num_inputs);
  EXPECT_EQ(got.num_aux, want.num_aux);
  EXPECT_EQ(got.num_constraints, want.num_constraints);
  EXPECT_EQ(got.a_nnz, want.a_nnz);
  EXPECT_EQ(got.b_nnz, want.b_nnz);
  EXPECT_EQ(got.c_nnz, want.c_nnz);
  EXPECT_EQ(got.a_aux_density, want.a_aux_density);
  EXPECT_EQ(got.b_input_density, want.b_input_density);
  EXPECT_EQ(got.b_aux_density, want.b_aux_density);
  EXPECT_EQ(counter.shape(), tcs.shape());
}

}  // namespace

TEST(DensityCounter, HandMadeCircuitWithRepeatsAndCancellations) {
  auto synth = [](auto& cs) {
    const F two = F::one() + F::one();
    const Variable x = cs.alloc("x", [&] { return two; });
    const Variable y = cs.alloc("y", [&] { return F::one(); });
    const Variable z = cs.alloc("z", [&] { return F::one(); });  // only ever cancelled
    const Variable in = cs.alloc_input("in", [&] { return two; });
    LinearCombination<F> a(x);
    a += z;
    a -= z;  // z cancels: no A entry, no a_aux density
    LinearCombination<F> b(Variable::one());
    b += y;
    b -= y;  // y cancels in B
    cs.enforce("x * 1 = in", a, b, LinearCombination<F>(in));
    LinearCombination<F> xx(x);
    xx += x;  // 2x, one entry
    LinearCombination<F> c(in);
    c += in;
    cs.enforce("2x * y = 2 in", xx, LinearCombination<F>(y), c);
    cs.enforce("0 * 0 = 0", LinearCombination<F>(), LinearCombination<F>(), LinearCombination<F>());
  };
  expect_counts_agree(synth);
  r1cs::DensityCounter<F> counter;
  synth(counter);
  const auto got = counted(counter);
  EXPECT_EQ(got.num_constraints, 3u + 2u);
  EXPECT_EQ(got.a_nnz, 2u + 2u);  // x, 2x, and the two input constraints
  EXPECT_EQ(got.b_nnz, 2u);
  EXPECT_EQ(got.c_nnz, 2u);
  EXPECT_EQ(got.a_aux_density, 1u);
  EXPECT_EQ(got.b_input_density, 1u);
  EXPECT_EQ(got.b_aux_density, 1u);
}

TEST(DensityCounter, OneChallengeOfARealSector) {
  const auto c1 = c1_of_2kib(RegisteredSealProof::kStackedDrg2KiBV1_1, 9, test::filled(13));
  auto in = stacked_circuit_inputs(c1, 0);
  in.challenges.resize(1);
  expect_counts_agree([&](auto& cs) { synthesize_stacked_porep(cs, in); });
}
