// The constraint systems follow bellperson's conventions where they decide
// the proof: ONE is input 0 before synthesis, one input_i * 0 = 0 constraint
// per input is appended after it, and the A/B densities count a variable only
// where its coefficient is non-zero (bellperson's prover skips zero
// coefficients; its key generation drops the identity points they give).
#include <gtest/gtest.h>

#include "ff/fields.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;
using LC = LinearCombination<F>;

namespace {

// in * x = y with x scaled by zero in a second B, and x - x in a third A.
template <class CS>
void circuit(CS& cs) {
  const Variable in = cs.alloc_input("in", [] { return F::from_u64(3); });
  const Variable x = cs.alloc("x", [] { return F::from_u64(4); });
  const Variable y = cs.alloc("y", [] { return F::from_u64(12); });
  const Variable z = cs.alloc("z", [] { return F::from_u64(5); });
  cs.enforce("product", LC(in), LC(x), LC(y));
  cs.enforce("scaled away", LC(Variable::one()), LC(z) * F::zero(), LC());
  LC cancel(z);
  cancel -= z;
  cs.enforce("cancelled", cancel, LC(Variable::one()), LC());
}

}  // namespace

TEST(BellpersonSemantics, OneIsInputZeroAndInputConstraintsAreAppended) {
  ShapeCounter<F> counter;
  circuit(counter);
  EXPECT_EQ(counter.shape(), (CircuitShape{2, 3, 3}));
  OwnedAssignmentBuffers<F> buf(counter.shape());
  ProvingAssignment<F> pa(buf.view());
  circuit(pa);
  pa.finish();
  ASSERT_FALSE(pa.first_unsatisfied());
  ASSERT_EQ(pa.a().size(), 5u);
  EXPECT_EQ(pa.inputs()[0], F::one());
  EXPECT_EQ(pa.a()[3], F::one());  // ONE * 0 = 0
  EXPECT_EQ(pa.a()[4], F::from_u64(3));  // in * 0 = 0
  EXPECT_EQ(pa.b()[3], F::zero());
  EXPECT_EQ(pa.b()[4], F::zero());

  // Key generation appends the same: A holds input i at constraint 3 + i.
  KeypairAssembly<F> ka;
  circuit(ka);
  ka.finish();
  EXPECT_EQ(ka.shape(), counter.shape());
  size_t found = 0;
  for (const auto& e : ka.a())
    if (e.constraint >= 3) {
      EXPECT_EQ(e.var, Variable::input(e.constraint - 3));
      EXPECT_EQ(e.coeff, F::one());
      ++found;
    }
  EXPECT_EQ(found, 2u);
}

TEST(BellpersonSemantics, DensityCountsOnlyNonZeroCoefficients) {
  ShapeCounter<F> counter;
  circuit(counter);
  OwnedAssignmentBuffers<F> buf(counter.shape());
  ProvingAssignment<F> pa(buf.view());
  circuit(pa);
  pa.finish();
  // aux: x (B of "product"), y (C only), z (scaled to zero in B, cancelled in A).
  EXPECT_FALSE(pa.a_aux_density().get(0));
  EXPECT_TRUE(pa.b_aux_density().get(0));
  EXPECT_FALSE(pa.a_aux_density().get(1));
  EXPECT_FALSE(pa.b_aux_density().get(1));
  EXPECT_FALSE(pa.a_aux_density().get(2));
  EXPECT_FALSE(pa.b_aux_density().get(2));
  // B touches ONE (the "cancelled" constraint) but not the input.
  EXPECT_TRUE(pa.b_input_density().get(0));
  EXPECT_FALSE(pa.b_input_density().get(1));

  DensityCounter<F> dc;
  circuit(dc);
  EXPECT_EQ(dc.a_points(), 2u);  // every input (ONE, in); no aux
  EXPECT_EQ(dc.b_points(), 2u);  // ONE, x
  EXPECT_EQ(dc.a_aux_density(), 0u);
  EXPECT_EQ(dc.b_input_density(), 1u);
  EXPECT_EQ(dc.b_aux_density(), 1u);
  // A: in, ONE (scaled-away row), nothing (cancelled), then ONE and in of the
  // two input rows; B: x, nothing, ONE; C: y.
  EXPECT_EQ(dc.nnz_a(), 4u);
  EXPECT_EQ(dc.nnz_b(), 2u);
  EXPECT_EQ(dc.nnz_c(), 1u);
}

TEST(BellpersonSemantics, ScalingByZeroEmptiesTheCombination) {
  LC lc(Variable::aux(1));
  lc.add(Variable::one(), F::from_u64(7));
  lc *= F::zero();
  EXPECT_TRUE(lc.empty());
}
