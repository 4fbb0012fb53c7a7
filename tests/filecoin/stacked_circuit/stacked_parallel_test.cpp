// The StackedDRG partition synthesized with its challenges in parallel
// (ProvingAssignment::split on a thread pool) against the sequential
// synthesis, on real sectors (2 KiB from the host sealer, 8 MiB and 512 MiB
// sparse): identical shape, inputs, aux, a, b and densities; with a tampered
// witness, the same first unsatisfied constraint, whether it lies in the
// shared prefix or in a challenge.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <memory>

#include "core/parallel.hpp"
#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "stacked_test_util.hpp"
#include "support/host_abc_stream.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::stacked;
using namespace cuzk::filecoin::stacked_test;

namespace {

struct Synthesis {
  r1cs::CircuitShape shape;
  std::unique_ptr<r1cs::OwnedAssignmentBuffers<F>> buf;
  std::unique_ptr<r1cs::ProvingAssignment<F>> cs;
};

Synthesis synthesize(const StackedCircuitInputs& in, const r1cs::CircuitShape& shape, ThreadPool& pool) {
  Synthesis s{shape, std::make_unique<r1cs::OwnedAssignmentBuffers<F>>(shape), nullptr};
  s.cs = std::make_unique<r1cs::ProvingAssignment<F>>(s.buf->view());
  synthesize_stacked_porep(*s.cs, in, pool);
  s.cs->finish();
  return s;
}

r1cs::CircuitShape shape_of(const StackedCircuitInputs& in) {
  r1cs::ShapeCounter<F> c;
  synthesize_stacked_porep(c, in);
  return c.shape();
}

template <class T>
bool same(std::span<const T> x, std::span<const T> y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size_bytes()) == 0;
}

void expect_identical(const StackedCircuitInputs& in, ThreadPool& pool) {
  ThreadPool one(1);
  const auto shape = shape_of(in);
  const auto seq = synthesize(in, shape, one), par = synthesize(in, shape, pool);
  EXPECT_EQ(seq.cs->shape(), shape);
  EXPECT_EQ(par.cs->shape(), shape);
  EXPECT_FALSE(seq.cs->first_unsatisfied());
  EXPECT_FALSE(par.cs->first_unsatisfied());
  EXPECT_TRUE(same(seq.cs->inputs(), par.cs->inputs()));
  EXPECT_TRUE(same(seq.cs->aux(), par.cs->aux()));
  EXPECT_TRUE(same(seq.cs->a(), par.cs->a()));
  EXPECT_TRUE(same(seq.cs->b(), par.cs->b()));
  EXPECT_TRUE(seq.cs->a_aux_density() == par.cs->a_aux_density());
  EXPECT_TRUE(seq.cs->b_input_density() == par.cs->b_input_density());
  EXPECT_TRUE(seq.cs->b_aux_density() == par.cs->b_aux_density());
  EXPECT_GT(seq.cs->b_aux_density().count(), 0u);
}

// The first broken constraint of each tampering, sequential and parallel;
// the first lies in challenge `in_challenge` (or the prefix for -1).
void expect_same_first_broken(StackedCircuitInputs in, ThreadPool& pool) {
  ThreadPool one(1);
  const auto shape = shape_of(in);
  auto per_challenge = shape.num_constraints;
  {
    auto single = in;
    single.challenges.resize(1);
    per_challenge = shape.num_constraints - shape_of(single).num_constraints;
  }
  const size_t prefix = shape.num_constraints - in.challenges.size() * per_challenge;
  struct Tamper {
    const char* what;
    std::function<void(StackedCircuitInputs&)> apply;
    long in_challenge;
  };
  const Tamper tampers[] = {
      {"challenge 1 data leaf", [](auto& c) { *c.challenges[1].data_leaf += F::one(); }, 1},
      {"challenge 0 drg parent row", [](auto& c) { *c.challenges[0].drg_parents[3].rows[1] += F::one(); }, 0},
      {"last challenge's expander row and challenge 1's leaf",
       [](auto& c) {
         *c.challenges.back().exp_parents[2].rows[0] += F::one();
         *c.challenges[1].data_leaf += F::one();
       },
       1},
      {"comm_c (the prefix)", [](auto& c) { *c.comm_c += F::one(); }, -1},
  };
  for (const auto& t : tampers) {
    auto bad = in;
    t.apply(bad);
    const auto seq = synthesize(bad, shape, one), par = synthesize(bad, shape, pool);
    ASSERT_TRUE(seq.cs->first_unsatisfied()) << t.what;
    EXPECT_EQ(seq.cs->first_unsatisfied(), par.cs->first_unsatisfied()) << t.what;
    const size_t first = *seq.cs->first_unsatisfied();
    if (t.in_challenge < 0) {
      EXPECT_LT(first, prefix) << t.what;
    } else {
      EXPECT_GE(first, prefix + size_t(t.in_challenge) * per_challenge) << t.what;
      EXPECT_LT(first, prefix + size_t(t.in_challenge + 1) * per_challenge) << t.what;
    }
  }
}

}  // namespace

TEST(StackedParallelSynthesis, TwoKiBSealedSector) {
  ThreadPool pool(4);
  const auto c1 = c1_of_2kib(RegisteredSealProof::kStackedDrg2KiBV1_1, 5, test::filled(21));
  const auto in = stacked_circuit_inputs(c1, 0);
  ASSERT_GE(in.challenges.size(), 2u);
  expect_identical(in, pool);
  expect_same_first_broken(in, pool);
}

TEST(StackedParallelSynthesis, EightMiBSparseSector) {
  ThreadPool pool(3);
  const auto in = stacked_circuit_inputs(c1_of_sparse("8MiB"), 0);
  ASSERT_GE(in.challenges.size(), 2u);
  expect_identical(in, pool);
}

TEST(StackedParallelSynthesis, FiveHundredTwelveMiBSparseSector) {
  ThreadPool pool(2);
  const auto in = stacked_circuit_inputs(c1_of_sparse("512MiB"), 0);
  ASSERT_GE(in.challenges.size(), 2u);
  expect_identical(in, pool);
}

// a/b streamed (shipped in order as they fill): synthesized sequentially
// even with a pool, to the same values.
TEST(StackedParallelSynthesis, AStreamedAssignmentStaysSequential) {
  ThreadPool pool(4), one(1);
  const auto in = stacked_circuit_inputs(c1_of_2kib(RegisteredSealProof::kStackedDrg2KiBV1_1, 5, test::filled(21)), 0);
  const auto shape = shape_of(in);
  const auto kept = synthesize(in, shape, one);
  std::vector<F> inputs(shape.num_inputs), aux(shape.num_aux);
  testing_support::HostAbcStream<F> stream(shape.abc_length(), 4096);
  r1cs::ProvingAssignment<F> cs(inputs, aux, stream);
  EXPECT_FALSE(cs.can_split());
  synthesize_stacked_porep(cs, in, pool);
  cs.finish();
  EXPECT_EQ(cs.shape(), shape);
  EXPECT_FALSE(cs.first_unsatisfied());
  EXPECT_TRUE(same(std::span<const F>(aux), kept.cs->aux()));
  EXPECT_TRUE(same(std::span<const F>(stream.a), kept.cs->a()));
  EXPECT_TRUE(same(std::span<const F>(stream.b), kept.cs->b()));
  EXPECT_TRUE(cs.b_aux_density() == kept.cs->b_aux_density());
}
