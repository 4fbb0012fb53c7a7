// The three constraint systems agree on one circuit; the test system names the
// first broken constraint; ProvingAssignment refuses to outgrow its buffers.
#include <gtest/gtest.h>

#include "ff/fields.hpp"
#include "r1cs/constraint_namer.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;
using LC = LinearCombination<F>;

// out = x^3 + x + 5, out public
template <class CS>
void cube_circuit(CS& cs, F x_val) {
  Namespace ns(cs, "cube");
  F x2 = x_val * x_val, x3 = x2 * x_val, out = x3 + x_val + F::from_u64(5);
  Variable out_v = cs.alloc_input("out", [&] { return out; });
  Variable x = cs.alloc("x", [&] { return x_val; });
  Variable sq = cs.alloc("x^2", [&] { return x2; });
  Variable cu = cs.alloc("x^3", [&] { return x3; });
  cs.enforce("square", LC(x), LC(x), LC(sq));
  cs.enforce([] { return std::string("cube"); }, LC(sq), LC(x), LC(cu));
  cs.enforce("sum", LC(cu) + LC(x) + LC::constant(F::from_u64(5)), LC(Variable::one()), LC(out_v));
}

static_assert(ConstraintSystem<ShapeCounter<F>>);
static_assert(ConstraintSystem<TestConstraintSystem<F>>);
static_assert(ConstraintSystem<ProvingAssignment<F>>);
static_assert(ConstraintSystem<ConstraintNamer<F>>);

TEST(R1cs, SystemsAgree) {
  ShapeCounter<F> counter;
  cube_circuit(counter, F::from_u64(3));
  EXPECT_EQ(counter.shape(), (CircuitShape{2, 3, 3}));

  TestConstraintSystem<F> tcs;
  cube_circuit(tcs, F::from_u64(3));
  EXPECT_TRUE(tcs.is_satisfied());
  EXPECT_EQ(tcs.shape(), counter.shape());
  EXPECT_EQ(tcs.inputs()[1], F::from_u64(35));

  OwnedAssignmentBuffers<F> buf(counter.shape());
  ProvingAssignment<F> pa(buf.view());
  cube_circuit(pa, F::from_u64(3));
  pa.finish();
  EXPECT_EQ(pa.shape(), counter.shape());
  ASSERT_EQ(pa.a().size(), 5u);
  for (size_t i = 0; i < 3; ++i) {
    const auto& k = tcs.constraints()[i];
    EXPECT_EQ(pa.a()[i], k.a.evaluate(tcs.inputs(), tcs.aux()));
    EXPECT_EQ(pa.b()[i], k.b.evaluate(tcs.inputs(), tcs.aux()));
    EXPECT_EQ(pa.a()[i] * pa.b()[i], k.c.evaluate(tcs.inputs(), tcs.aux()));
  }
  EXPECT_FALSE(pa.first_unsatisfied());
  // appended input constraints: a = input_i, b = c = 0
  EXPECT_EQ(pa.a()[3], F::one());
  EXPECT_EQ(pa.a()[4], F::from_u64(35));
  EXPECT_TRUE(pa.b()[4].is_zero());
  // densities: x appears in A (aux 0) and B; x^2 in A only; x^3 in A only; ONE in B
  EXPECT_TRUE(pa.a_aux_density().get(0));
  EXPECT_TRUE(pa.b_aux_density().get(0));
  EXPECT_FALSE(pa.b_aux_density().get(1));
  EXPECT_FALSE(pa.b_aux_density().get(2));
  EXPECT_TRUE(pa.b_input_density().get(0));
  EXPECT_FALSE(pa.b_input_density().get(1));
}

TEST(R1cs, NamesFirstUnsatisfiedConstraint) {
  TestConstraintSystem<F> tcs;
  cube_circuit(tcs, F::from_u64(3));
  tcs.mutable_aux()[2] += F::one();  // break x^3
  auto bad = tcs.which_is_unsatisfied();
  ASSERT_TRUE(bad.has_value());
  EXPECT_EQ(*bad, "constraint #1 'cube/cube'");
}

// c is checked against a * b as each constraint arrives, with shortcuts where
// a or b is 0 or 1: each shortcut and the general product, kept and broken.
TEST(R1cs, ProvingAssignmentChecksEveryConstraint) {
  struct Case {
    uint64_t a, b, c;
  };
  const Case cases[] = {{0, 5, 0}, {0, 5, 1}, {5, 0, 0}, {5, 0, 5}, {1, 5, 5}, {1, 5, 4}, {1, 1, 1}, {1, 1, 0},
                        {7, 1, 7}, {7, 1, 1}, {3, 4, 12}, {3, 4, 13}, {2, 2, 0}};
  for (const auto& k : cases) {
    SCOPED_TRACE(std::to_string(k.a) + " * " + std::to_string(k.b) + " = " + std::to_string(k.c));
    const bool holds = k.a * k.b == k.c;
    OwnedAssignmentBuffers<F> buf(CircuitShape{1, 3, 2});
    ProvingAssignment<F> pa(buf.view());
    Variable va = pa.alloc("a", [&] { return F::from_u64(k.a); });
    Variable vb = pa.alloc("b", [&] { return F::from_u64(k.b); });
    Variable vc = pa.alloc("c", [&] { return F::from_u64(k.c); });
    pa.enforce("ok", LC(va), LC(Variable::one()), LC(va));  // constraint 0 always holds
    pa.enforce("abc", LC(va), LC(vb), LC(vc));
    pa.finish();
    EXPECT_EQ(pa.first_unsatisfied(), holds ? std::nullopt : std::optional<size_t>(1));
  }
}

TEST(R1cs, ConstraintNamerAgreesWithTestConstraintSystem) {
  TestConstraintSystem<F> tcs;
  cube_circuit(tcs, F::from_u64(3));
  auto synth = [](auto& cs) { cube_circuit(cs, F::from_u64(3)); };
  for (size_t i = 0; i < tcs.constraints().size(); ++i)
    EXPECT_EQ(describe_constraint<F>(i, synth), "constraint #" + std::to_string(i) + " '" + tcs.constraints()[i].name + "'");
  EXPECT_EQ(describe_constraint<F>(1, synth), "constraint #1 'cube/cube'");
  // past the circuit's own constraints: the ones finish() appends per input
  EXPECT_EQ(describe_constraint<F>(4, synth), "constraint #4 (input constraint of input #1)");
}

TEST(R1cs, ProvingAssignmentRefusesToOverflow) {
  CircuitShape small{2, 2, 3};  // one aux short
  OwnedAssignmentBuffers<F> buf(small);
  ProvingAssignment<F> pa(buf.view());
  EXPECT_THROW(cube_circuit(pa, F::from_u64(3)), Error);
}

TEST(R1cs, DensityCounterAgreesWithProvingAssignment) {
  DensityCounter<F> dc;
  cube_circuit(dc, F::from_u64(3));
  ShapeCounter<F> sc;
  cube_circuit(sc, F::from_u64(3));
  EXPECT_EQ(dc.shape(), sc.shape());
  OwnedAssignmentBuffers<F> buf(sc.shape());
  ProvingAssignment<F> pa(buf.view());
  cube_circuit(pa, F::from_u64(3));
  pa.finish();
  EXPECT_EQ(dc.a_points(), pa.shape().num_inputs + pa.a_aux_density().count());
  EXPECT_EQ(dc.b_points(), pa.b_input_density().count() + pa.b_aux_density().count());
}
