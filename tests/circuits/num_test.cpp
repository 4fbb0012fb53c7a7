// AllocatedNum and Num against bellpepper-core's gadgets/num.rs (and
// storage-proofs-core's constraint.rs / encode.rs): the Rust tests' cases,
// the A, B, C each gadget writes, and the bit decompositions (plain and
// range-checked) on random values and on p - 1.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/constraint.hpp"
#include "circuits/gadgets/num.hpp"
#include "circuits/gadgets/root.hpp"
#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "lc_check.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using ANum = AllocatedNum<F>;
using Bool = Boolean<F>;
using test::lc_of;
using test::merged;

namespace {

const Variable kOne = Variable::one();
const F kMinusOne = -F::one();
F fr(uint64_t v) { return F::from_u64(v); }
Variable aux(size_t i) { return Variable::aux(i); }

bool bit_of(const F& x, size_t i) { return ((x.to_canonical().v[i / 64] >> (i % 64)) & 1) != 0; }

}  // namespace

TEST(NumGadgets, MulSquareInputizeForms) {
  TCS cs;
  const ANum a = ANum::alloc(cs, "a", [] { return fr(12); });  // aux 0
  const ANum b = ANum::alloc(cs, "b", [] { return fr(10); });  // aux 1
  const ANum p = a.mul(cs, "mul", b);                           // aux 2, #0
  const ANum s = a.square(cs, "sq");                            // aux 3, #1
  const ANum in = p.inputize(cs, "out");                        // input 1, #2
  EXPECT_EQ(p.value(), fr(120));
  EXPECT_EQ(s.value(), fr(144));
  EXPECT_EQ(in.variable(), Variable::input(1));
  EXPECT_EQ(cs.inputs().back(), fr(120));
  EXPECT_TRUE(cs.is_satisfied());
  const auto& k = cs.constraints();
  EXPECT_EQ(merged(k[0].a), lc_of<F>({{aux(0), F::one()}}));
  EXPECT_EQ(merged(k[0].b), lc_of<F>({{aux(1), F::one()}}));
  EXPECT_EQ(merged(k[0].c), lc_of<F>({{aux(2), F::one()}}));
  EXPECT_EQ(merged(k[1].b), lc_of<F>({{aux(0), F::one()}}));
  // inputize: input * 1 = num (the input in A, the number in C).
  EXPECT_EQ(merged(k[2].a), lc_of<F>({{Variable::input(1), F::one()}}));
  EXPECT_EQ(merged(k[2].b), lc_of<F>({{kOne, F::one()}}));
  EXPECT_EQ(merged(k[2].c), lc_of<F>({{aux(2), F::one()}}));
  cs.mutable_aux()[3] = fr(145);
  EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #1 'sq/squaring constraint'");
}

TEST(NumGadgets, AssertNonzero) {
  {
    TCS cs;
    const ANum n = ANum::alloc(cs, "n", [] { return fr(3); });
    n.assert_nonzero(cs, "nz");
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(merged(cs.constraints()[0].c), lc_of<F>({{kOne, F::one()}}));
    cs.mutable_aux()[1] = fr(3);  // not the inverse
    EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #0 'nz/nonzero assertion constraint'");
  }
  TCS cs;
  const ANum z = ANum::alloc(cs, "z", [] { return F::zero(); });
  EXPECT_THROW(z.assert_nonzero(cs, "nz"), Error);
}

TEST(NumGadgets, ConditionallyReverse) {
  std::mt19937_64 rng(7);
  for (bool cond : {false, true})
    for (bool constant : {false, true}) {
      TCS cs;
      const ANum a = ANum::alloc(cs, "a", [&] { return ff::random_element<F>(rng); });
      const ANum b = ANum::alloc(cs, "b", [&] { return ff::random_element<F>(rng); });
      const Bool c = constant ? Bool::constant(cond) : Bool(AllocatedBit<F>::alloc(cs, "c", std::optional<bool>(cond)));
      const size_t before = cs.shape().num_constraints;
      const auto [x, y] = ANum::conditionally_reverse(cs, "rev", a, b, c);
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(x.value(), cond ? b.value() : a.value());
      EXPECT_EQ(y.value(), cond ? a.value() : b.value());
      ASSERT_EQ(cs.shape().num_constraints, before + 2);  // constants too, as in the Rust
      const auto& k1 = cs.constraints()[before];
      EXPECT_EQ(merged(k1.a), lc_of<F>({{a.variable(), F::one()}, {b.variable(), kMinusOne}}));
      EXPECT_EQ(merged(k1.b), merged(c.lc()));
      EXPECT_EQ(merged(k1.c), lc_of<F>({{a.variable(), F::one()}, {x.variable(), kMinusOne}}));
      const auto& k2 = cs.constraints()[before + 1];
      EXPECT_EQ(merged(k2.a), lc_of<F>({{b.variable(), F::one()}, {a.variable(), kMinusOne}}));
      EXPECT_EQ(merged(k2.c), lc_of<F>({{b.variable(), F::one()}, {y.variable(), kMinusOne}}));
    }
}

TEST(NumGadgets, ToBitsLeAndStrictOnRandomValues) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 40; ++i) {
    const bool strict = i % 2 == 1;
    const F r = ff::random_element<F>(rng);
    TCS cs;
    const ANum n = ANum::alloc(cs, "num", [&] { return r; });
    const auto bits = strict ? n.to_bits_le_strict(cs, "bits") : n.to_bits_le(cs, "bits");
    EXPECT_TRUE(cs.is_satisfied());
    ASSERT_EQ(bits.size(), 255u);
    for (size_t j = 0; j < 255; ++j) {
      ASSERT_EQ(bits[j].kind(), Bool::Kind::kIs);
      EXPECT_EQ(*bits[j].value(), bit_of(r, j)) << j;
    }
    // The unpacking constraint is 0 * 0 = sum(2^j b_j) - num, and it is last.
    const auto& last = cs.constraints().back();
    EXPECT_TRUE(last.a.empty() && last.b.empty());
    LC<F> want;
    F coeff = F::one();
    for (const auto& b : bits) {
      want.add(b.bit().variable(), coeff);
      coeff = coeff.dbl();
    }
    want -= n.variable();
    EXPECT_EQ(merged(last.c), merged(want));
    if (!strict) {
      EXPECT_EQ(cs.shape().num_constraints, 256u);  // 255 booleanity + unpacking
    }
    // Another number, or any flipped bit, breaks it.
    cs.mutable_aux()[0] = ff::random_element<F>(rng);
    EXPECT_FALSE(cs.is_satisfied());
    cs.mutable_aux()[0] = r;
    const size_t flip = bits[size_t(rng() % 255)].bit().variable().index();
    cs.mutable_aux()[flip] = F::one() - cs.aux()[flip];
    EXPECT_FALSE(cs.is_satisfied());
  }
}

TEST(NumGadgets, ToBitsLeStrictRefusesTheModulus) {
  // p - 1 decomposes; setting its lowest bit (making the bits spell p) is
  // refused by the conditional booleanity of that bit.
  TCS cs;
  const ANum n = ANum::alloc(cs, "num", [] { return -F::one(); });
  const auto bits = n.to_bits_le_strict(cs, "bits");
  EXPECT_TRUE(cs.is_satisfied());
  ASSERT_FALSE(*bits[0].value());
  cs.mutable_aux()[bits[0].bit().variable().index()] = F::one();
  const auto bad = cs.which_is_unsatisfied();
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->find("bits/bit 254/boolean constraint"), std::string::npos) << *bad;
  // The plain decomposition's shape does not depend on the value.
  r1cs::ShapeCounter<F> sc;
  const ANum m = ANum::alloc(sc, "num", [] { return F::zero(); });
  m.to_bits_le_strict(sc, "bits");
  EXPECT_EQ(sc.shape(), cs.shape());
}

TEST(NumGadgets, NumLinearArithmetic) {
  TCS cs;
  const ANum a = ANum::alloc(cs, "a", [] { return fr(5); });
  const Bool t = AllocatedBit<F>::alloc(cs, "t", std::optional<bool>(true));
  Num<F> n = Num<F>::zero();
  n.add_bool_with_coeff(t, fr(4)).add_bool_with_coeff(!t, fr(8)).add(Num<F>(a));
  EXPECT_EQ(n.value(), fr(9));
  EXPECT_EQ(n.lc().evaluate(cs.inputs(), cs.aux()), fr(9));
  EXPECT_EQ(n.lc(fr(3)).evaluate(cs.inputs(), cs.aux()), fr(27));
  n.scale(fr(2));
  EXPECT_EQ(n.value(), fr(18));
  EXPECT_EQ(merged(n.lc()), lc_of<F>({{aux(0), fr(2)}, {aux(1), fr(8) - fr(16)}, {kOne, fr(16)}}));
  EXPECT_EQ(cs.shape().num_constraints, 1u);  // only t's booleanity
}

TEST(NumGadgets, StorageProofsConstraintHelpers) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20; ++i) {
    TCS cs;
    const F x = ff::random_element<F>(rng), y = ff::random_element<F>(rng);
    const ANum a = ANum::alloc(cs, "a", [&] { return x; });
    const ANum b = ANum::alloc(cs, "b", [&] { return y; });
    const ANum s = constraint::add(cs, "a+b", a, b);
    const ANum d = constraint::sub(cs, "a-b", a, b);
    const ANum e = constraint::encode(cs, "enc", a, b);
    const ANum g = constraint::decode(cs, "dec", a, e);
    EXPECT_EQ(s.value(), x + y);
    EXPECT_EQ(d.value(), x - y);
    EXPECT_EQ(g.value(), y);
    constraint::equal(cs, "b == dec", b, g);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 6, 5}));
    // sum: (a + b) * 1 = s; difference: (d + b) * 1 = a.
    EXPECT_EQ(merged(cs.constraints()[0].a), lc_of<F>({{a.variable(), F::one()}, {b.variable(), F::one()}}));
    EXPECT_EQ(merged(cs.constraints()[0].c), lc_of<F>({{s.variable(), F::one()}}));
    EXPECT_EQ(merged(cs.constraints()[1].a), lc_of<F>({{d.variable(), F::one()}, {b.variable(), F::one()}}));
    EXPECT_EQ(merged(cs.constraints()[1].c), lc_of<F>({{a.variable(), F::one()}}));
    cs.mutable_aux()[d.variable().index()] += F::one();
    EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #1 'a-b/subtraction constraint'");
  }
}

TEST(NumGadgets, Root) {
  TCS cs;
  const ANum a = ANum::alloc(cs, "a", [] { return fr(1); });
  EXPECT_EQ(Root<F>::from_allocated(a).allocated(cs, "r").variable(), a.variable());
  EXPECT_EQ(cs.shape().num_aux, 1u);
  const ANum b = Root<F>::from_value(fr(2)).allocated(cs, "r");
  EXPECT_EQ(b.value(), fr(2));
  EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 2, 0}));
  EXPECT_FALSE(Root<F>::from_value(std::nullopt).is_some());
  EXPECT_THROW(Root<F>::from_value(std::nullopt).allocated(cs, "r"), r1cs::AssignmentMissing);
}
