// bellpepper's TestConstraintSystem::hash(): pinned by digests computed
// independently (tests/r1cs/structure_digest_vector.js writes the byte string
// from the algorithm's description and hashes it with node's OpenSSL
// BLAKE2s-256), plus the normal form's merge/sort/drop rules and the
// streaming system agreeing with the stored one.
#include <gtest/gtest.h>

#include "ff/fields.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/structure_digest.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::r1cs;
using F = ff::Bls12_381_Fr;
using LC = LinearCombination<F>;

// inputs ONE, out; aux x, x2;
//   x * x = x2
//   (x2 + x + 5 ONE + 2x + out - out) * ONE = out - 7 ONE
// The second constraint's terms arrive unsorted, duplicated and cancelling.
template <class CS>
void two_constraints(CS& cs) {
  const Variable x = cs.alloc("x", [] { return F::from_u64(3); });
  const Variable out = cs.alloc_input("out", [] { return F::from_u64(30); });
  const Variable x2 = cs.alloc("x2", [] { return F::from_u64(9); });
  cs.enforce("square", LC(x), LC(x), LC(x2));
  LC a;
  a.add(x2, F::one()).add(x, F::one()).add(Variable::one(), F::from_u64(5)).add(x, F::from_u64(2));
  a += out;
  a -= out;
  LC c(out);
  c.add(Variable::one(), -F::from_u64(7));
  cs.enforce("sum", a, LC(Variable::one()), c);
}

TEST(StructureDigest, EmptySystemMatchesIndependentDigest) {
  TestConstraintSystem<F> cs;
  EXPECT_EQ(structure_digest(cs), "958191931feaed50efb8195a7e9084aba2c230e2886c2f11a2cff90a9117095e");
}

TEST(StructureDigest, TwoConstraintsMatchIndependentDigest) {
  TestConstraintSystem<F> cs;
  two_constraints(cs);
  ASSERT_TRUE(cs.is_satisfied());
  EXPECT_EQ(structure_digest(cs), "19312060c8fdfa65e7fcdb37b716d8182becb1be84d73b6e7423374280c18a1e");
}

TEST(StructureDigest, StreamingSystemAgrees) {
  ShapeCounter<F> counter;
  two_constraints(counter);
  DigestingConstraintSystem<F> d(counter.shape());
  two_constraints(d);
  EXPECT_EQ(d.final_hex(), "19312060c8fdfa65e7fcdb37b716d8182becb1be84d73b6e7423374280c18a1e");
}

TEST(StructureDigest, StreamingSystemChecksTheShape) {
  DigestingConstraintSystem<F> d(CircuitShape{2, 2, 3});
  two_constraints(d);
  EXPECT_THROW(d.final_hex(), Error);
  DigestingConstraintSystem<F> fewer(CircuitShape{2, 2, 1});
  EXPECT_THROW(two_constraints(fewer), Error);
}

// A combination is bellpepper's normal form as it is built: one term per
// variable, inputs before aux, each by index, zero sums gone.
TEST(StructureDigest, CombinationsAreMergedSortedAndWithoutZeros) {
  LC lc;
  lc.add(Variable::aux(4), F::from_u64(2))
      .add(Variable::input(3), F::one())
      .add(Variable::aux(1), F::one())
      .add(Variable::aux(4), F::from_u64(5))
      .add(Variable::input(0), F::one())
      .add(Variable::aux(1), -F::one());
  const auto t = lc.terms();
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].var, Variable::input(0));
  EXPECT_EQ(t[1].var, Variable::input(3));
  EXPECT_EQ(t[2].var, Variable::aux(4));
  EXPECT_EQ(t[2].coeff, F::from_u64(7));

  LC other;
  other.add(Variable::aux(0), F::one()).add(Variable::aux(4), -F::from_u64(7)).add(Variable::input(3), F::one());
  lc += other;
  const auto u = lc.terms();
  ASSERT_EQ(u.size(), 3u);
  EXPECT_EQ(u[0].var, Variable::input(0));
  EXPECT_EQ(u[1].var, Variable::input(3));
  EXPECT_EQ(u[1].coeff, F::from_u64(2));
  EXPECT_EQ(u[2].var, Variable::aux(0));
  lc -= other;
  EXPECT_EQ(lc.terms().size(), 3u);
  EXPECT_EQ(lc.terms()[2].var, Variable::aux(4));
  EXPECT_EQ(lc.terms()[2].coeff, F::from_u64(7));
}

// The digest sees structure only: values and names do not change it, a
// coefficient or the constraint order does.
TEST(StructureDigest, StructureNotValues) {
  TestConstraintSystem<F> a, b, c;
  const auto build = [](TestConstraintSystem<F>& cs, uint64_t v, uint64_t coeff, bool swap) {
    const Variable x = cs.alloc("x", [&] { return F::from_u64(v); });
    const Variable y = cs.alloc(swap ? "other" : "y", [&] { return F::from_u64(v * v); });
    LC k;
    k.add(x, F::from_u64(coeff));
    if (swap) {
      cs.enforce("2", LC(y), LC(Variable::one()), LC(y));
      cs.enforce("1", LC(x), k, LC(y));
    } else {
      cs.enforce("1", LC(x), k, LC(y));
      cs.enforce("2", LC(y), LC(Variable::one()), LC(y));
    }
  };
  build(a, 3, 1, false);
  build(b, 5, 1, false);
  EXPECT_EQ(structure_digest(a), structure_digest(b));
  build(c, 3, 2, false);
  EXPECT_NE(structure_digest(a), structure_digest(c));
  TestConstraintSystem<F> d;
  build(d, 3, 1, true);
  EXPECT_NE(structure_digest(a), structure_digest(d));
}
