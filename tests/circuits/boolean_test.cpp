// AllocatedBit and Boolean against bellpepper-core's gadgets/boolean.rs: the
// A, B, C of every gate as the Rust writes them (operand order included),
// the result kinds of bellpepper's xor/and tables, enforce_equal's forms,
// ch and maj over every operand kind, alloc_conditionally, and the
// known answers of its bit-decomposition tests.
#include <gtest/gtest.h>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/boolean.hpp"
#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "lc_check.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using Bit = AllocatedBit<F>;
using Bool = Boolean<F>;
using test::lc_of;
using test::merged;

namespace {

const Variable kOne = Variable::one();
const F kMinusOne = -F::one();
const F kTwo = F::one() + F::one();
Variable aux(size_t i) { return Variable::aux(i); }

// bellpepper's OperandType: constants, allocated bits, negated allocated bits.
enum class Op { kTrue, kFalse, kAllocTrue, kAllocFalse, kNegTrue, kNegFalse };
constexpr Op kOps[] = {Op::kTrue, Op::kFalse, Op::kAllocTrue, Op::kAllocFalse, Op::kNegTrue, Op::kNegFalse};
bool is_const(Op o) { return o == Op::kTrue || o == Op::kFalse; }
bool is_neg(Op o) { return o == Op::kNegTrue || o == Op::kNegFalse; }
// The value the operand stands for (a negated bit allocated true is false).
bool val(Op o) { return o == Op::kTrue || o == Op::kAllocTrue || o == Op::kNegFalse; }

Bool make(TCS& cs, Op o, const char* name) {
  switch (o) {
    case Op::kTrue:
      return Bool::constant(true);
    case Op::kFalse:
      return Bool::constant(false);
    case Op::kAllocTrue:
      return Bit::alloc(cs, name, std::optional<bool>(true));
    case Op::kAllocFalse:
      return Bit::alloc(cs, name, std::optional<bool>(false));
    case Op::kNegTrue:
      return !Bool(Bit::alloc(cs, name, std::optional<bool>(true)));
    case Op::kNegFalse:
      return !Bool(Bit::alloc(cs, name, std::optional<bool>(false)));
  }
  return {};
}

void expect_constraint(const TCS& cs, size_t k, const test::MergedLc<F>& a, const test::MergedLc<F>& b,
                       const test::MergedLc<F>& c) {
  ASSERT_LT(k, cs.constraints().size());
  const auto& con = cs.constraints()[k];
  EXPECT_EQ(merged(con.a), a) << con.name << " A";
  EXPECT_EQ(merged(con.b), b) << con.name << " B";
  EXPECT_EQ(merged(con.c), c) << con.name << " C";
}

}  // namespace

TEST(BooleanGadgets, AllocatedBitFormsAreBellpeppers) {
  TCS cs;
  const Bit a = Bit::alloc(cs, "a", std::optional<bool>(true));   // aux 0, #0
  const Bit b = Bit::alloc(cs, "b", std::optional<bool>(false));  // aux 1, #1
  expect_constraint(cs, 0, lc_of<F>({{kOne, F::one()}, {aux(0), kMinusOne}}), lc_of<F>({{aux(0), F::one()}}), {});
  Bit::xor_(cs, "xor", a, b);      // aux 2, #2: (a + a) * b = a + b - c
  Bit::and_(cs, "and", a, b);      // aux 3, #3: a * b = c
  Bit::and_not(cs, "andn", a, b);  // aux 4, #4: a * (1 - b) = c
  Bit::nor(cs, "nor", a, b);       // aux 5, #5: (1 - a) * (1 - b) = c
  Bit::alloc_conditionally(cs, "cond", std::optional<bool>(false), b);  // aux 6, #6: (1 - b - c) * c = 0
  expect_constraint(cs, 2, lc_of<F>({{aux(0), kTwo}}), lc_of<F>({{aux(1), F::one()}}),
                    lc_of<F>({{aux(0), F::one()}, {aux(1), F::one()}, {aux(2), kMinusOne}}));
  expect_constraint(cs, 3, lc_of<F>({{aux(0), F::one()}}), lc_of<F>({{aux(1), F::one()}}),
                    lc_of<F>({{aux(3), F::one()}}));
  expect_constraint(cs, 4, lc_of<F>({{aux(0), F::one()}}), lc_of<F>({{kOne, F::one()}, {aux(1), kMinusOne}}),
                    lc_of<F>({{aux(4), F::one()}}));
  expect_constraint(cs, 5, lc_of<F>({{kOne, F::one()}, {aux(0), kMinusOne}}),
                    lc_of<F>({{kOne, F::one()}, {aux(1), kMinusOne}}), lc_of<F>({{aux(5), F::one()}}));
  expect_constraint(cs, 6, lc_of<F>({{kOne, F::one()}, {aux(1), kMinusOne}, {aux(6), kMinusOne}}),
                    lc_of<F>({{aux(6), F::one()}}), {});
  EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 7, 7}));
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(BooleanGadgets, XorResultKindsAndOperandOrder) {
  for (Op x : kOps)
    for (Op y : kOps) {
      SCOPED_TRACE(std::to_string(int(x)) + " xor " + std::to_string(int(y)));
      TCS cs;
      const Bool a = make(cs, x, "a"), b = make(cs, y, "b");
      const size_t before = cs.shape().num_constraints;
      const Bool c = Bool::xor_(cs, "xor", a, b);
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(c.value(), val(x) != val(y));
      if (is_const(x) && is_const(y)) {
        EXPECT_TRUE(c.is_constant());
      } else if (is_const(x) || is_const(y)) {
        // The other operand, negated when the constant is true.
        const Op other = is_const(x) ? y : x;
        const bool flip = is_const(x) ? val(x) : val(y);
        EXPECT_EQ(c.kind(), is_neg(other) != flip ? Bool::Kind::kNot : Bool::Kind::kIs);
        EXPECT_EQ(cs.shape().num_constraints, before);
      } else {
        EXPECT_EQ(c.kind(), is_neg(x) != is_neg(y) ? Bool::Kind::kNot : Bool::Kind::kIs);
        ASSERT_EQ(cs.shape().num_constraints, before + 1);
        // The un-negated operand goes to A (doubled), the other to B.
        const Bool& first = is_neg(x) && !is_neg(y) ? b : a;
        const Bool& second = is_neg(x) && !is_neg(y) ? a : b;
        expect_constraint(cs, before, lc_of<F>({{first.bit().variable(), kTwo}}),
                          lc_of<F>({{second.bit().variable(), F::one()}}),
                          lc_of<F>({{first.bit().variable(), F::one()},
                                    {second.bit().variable(), F::one()},
                                    {c.bit().variable(), kMinusOne}}));
        EXPECT_EQ(cs.constraints()[before].name, "xor/xor constraint");
      }
    }
}

TEST(BooleanGadgets, AndResultKindsAndGates) {
  for (Op x : kOps)
    for (Op y : kOps) {
      SCOPED_TRACE(std::to_string(int(x)) + " and " + std::to_string(int(y)));
      TCS cs;
      const Bool a = make(cs, x, "a"), b = make(cs, y, "b");
      const size_t before = cs.shape().num_constraints;
      const Bool c = Bool::and_(cs, "and", a, b);
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(c.value(), val(x) && val(y));
      if ((is_const(x) && !val(x)) || (is_const(y) && !val(y))) {
        EXPECT_TRUE(c.is_constant(false));
      } else if (is_const(x) && is_const(y)) {
        EXPECT_TRUE(c.is_constant(true));
      } else if (is_const(x) || is_const(y)) {
        EXPECT_EQ(c.kind(), is_neg(is_const(x) ? y : x) ? Bool::Kind::kNot : Bool::Kind::kIs);
        EXPECT_EQ(cs.shape().num_constraints, before);
      } else {
        EXPECT_EQ(c.kind(), Bool::Kind::kIs);
        ASSERT_EQ(cs.shape().num_constraints, before + 1);
        const char* gate = !is_neg(x) && !is_neg(y) ? "and/and constraint"
                           : is_neg(x) && is_neg(y) ? "and/nor constraint"
                                                    : "and/and not constraint";
        EXPECT_EQ(cs.constraints()[before].name, gate);
        if (is_neg(x) != is_neg(y)) {  // a AND NOT b with a the un-negated operand
          const Bool& is = is_neg(x) ? b : a;
          const Bool& nt = is_neg(x) ? a : b;
          expect_constraint(cs, before, lc_of<F>({{is.bit().variable(), F::one()}}),
                            lc_of<F>({{kOne, F::one()}, {nt.bit().variable(), kMinusOne}}),
                            lc_of<F>({{c.bit().variable(), F::one()}}));
        }
      }
    }
}

TEST(BooleanGadgets, EnforceEqual) {
  for (Op x : kOps)
    for (Op y : kOps) {
      SCOPED_TRACE(std::to_string(int(x)) + " == " + std::to_string(int(y)));
      TCS cs;
      const Bool a = make(cs, x, "a"), b = make(cs, y, "b");
      const size_t before = cs.shape().num_constraints;
      if (is_const(x) && is_const(y)) {
        if (val(x) == val(y)) {
          Bool::enforce_equal(cs, "eq", a, b);
          EXPECT_EQ(cs.shape().num_constraints, before);
        } else {
          EXPECT_THROW(Bool::enforce_equal(cs, "eq", a, b), Error);
        }
        continue;
      }
      Bool::enforce_equal(cs, "eq", a, b);
      ASSERT_EQ(cs.shape().num_constraints, before + 1);
      EXPECT_EQ(cs.is_satisfied(), val(x) == val(y));
      // 0 * 0 = C with C = 1 - x against true, x against false, a - b otherwise.
      LC<F> want;
      if (is_const(x) || is_const(y)) {
        const Bool& other = is_const(x) ? b : a;
        if (val(is_const(x) ? x : y)) {
          want.add(kOne, F::one());
          other.sub_from(want, F::one());
        } else {
          other.add_to(want, F::one());
        }
      } else {
        a.add_to(want, F::one());
        b.sub_from(want, F::one());
      }
      expect_constraint(cs, before, {}, {}, merged(want));
    }
}

TEST(BooleanGadgets, Sha256ChAndMajOverEveryOperandKind) {
  for (Op x : kOps)
    for (Op y : kOps)
      for (Op z : kOps)
        for (bool is_maj : {false, true}) {
          SCOPED_TRACE(std::string(is_maj ? "maj " : "ch ") + std::to_string(int(x)) + std::to_string(int(y)) +
                       std::to_string(int(z)));
          TCS cs;
          const Bool a = make(cs, x, "a"), b = make(cs, y, "b"), c = make(cs, z, "c");
          const bool want = is_maj ? ((val(x) && val(y)) != (val(x) && val(z))) != (val(y) && val(z))
                                   : (val(x) && val(y)) != (!val(x) && val(z));
          const size_t before = cs.shape().num_constraints;
          const size_t first_new = cs.aux().size();
          const Bool r = is_maj ? Bool::sha256_maj(cs, "f", a, b, c) : Bool::sha256_ch(cs, "f", a, b, c);
          EXPECT_TRUE(cs.is_satisfied());
          EXPECT_EQ(r.value(), want);
          if (is_const(x) && is_const(y) && is_const(z)) {
            EXPECT_EQ(cs.shape().num_constraints, 0u);
          }
          if (is_const(x) || is_const(y) || is_const(z)) continue;
          // General case: the result variable is the first one allocated.
          const Variable out = aux(first_new);
          if (is_maj) {
            ASSERT_EQ(cs.shape().num_constraints, before + 2);  // b AND c, then maj
            const Variable bc = aux(first_new + 1);
            LC<F> lhs;
            lhs.add(bc, kTwo);
            b.sub_from(lhs, F::one());
            c.sub_from(lhs, F::one());
            LC<F> rhs(bc);
            rhs -= out;
            expect_constraint(cs, before + 1, merged(lhs), merged(a.lc()), merged(rhs));
          } else {
            ASSERT_EQ(cs.shape().num_constraints, before + 1);
            LC<F> lhs = b.lc();
            c.sub_from(lhs, F::one());
            LC<F> rhs(out);
            c.sub_from(rhs, F::one());
            expect_constraint(cs, before, merged(lhs), merged(a.lc()), merged(rhs));
          }
          cs.mutable_aux()[first_new] = want ? F::zero() : F::one();
          EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #" + std::to_string(cs.shape().num_constraints - 1) +
                                                   (is_maj ? " 'f/maj computation'" : " 'f/ch computation'"));
        }
}

TEST(BooleanGadgets, AllocConditionally) {
  {
    TCS cs;
    const Bit b = Bit::alloc(cs, "b", std::optional<bool>(false));
    EXPECT_THROW(Bit::alloc_conditionally(cs, "c", std::nullopt, b), r1cs::AssignmentMissing);
  }
  for (bool v : {false, true})
    for (bool must_be_false : {false, true}) {
      TCS cs;
      const Bit b = Bit::alloc(cs, "b", std::optional<bool>(must_be_false));
      const Bit c = Bit::alloc_conditionally(cs, "c", std::optional<bool>(v), b);
      EXPECT_EQ(c.value(), v);
      // A true bit is refused exactly when must_be_false is set.
      EXPECT_EQ(cs.is_satisfied(), !(v && must_be_false));
    }
}

TEST(BooleanGadgets, U64IntoBooleanVecLe) {
  TCS cs;
  const auto bits = u64_into_boolean_vec_le(cs, "v", std::optional<uint64_t>(17234652694787248421ULL));
  EXPECT_TRUE(cs.is_satisfied());
  ASSERT_EQ(bits.size(), 64u);
  EXPECT_EQ(cs.shape().num_constraints, 64u);
  for (int i : {0, 1, 2, 4, 5, 20}) EXPECT_TRUE(*bits[size_t(63 - i)].value()) << i;
  for (int i : {3, 21, 22}) EXPECT_FALSE(*bits[size_t(63 - i)].value()) << i;
}

TEST(BooleanGadgets, FieldIntoAllocatedBitsLe) {
  TCS cs;
  const F r = ff::from_decimal<F>("9147677615426976802526883532204139322118074541891858454835346926874644257775");
  const auto bits = field_into_allocated_bits_le(cs, "r", std::optional<F>(r));
  EXPECT_TRUE(cs.is_satisfied());
  ASSERT_EQ(bits.size(), 255u);
  EXPECT_EQ(cs.shape().num_constraints, 255u);
  for (int i : {2, 4, 20, 23}) EXPECT_TRUE(*bits[size_t(254 - i)].value()) << i;
  for (int i : {0, 1, 3, 5}) EXPECT_FALSE(*bits[size_t(254 - i)].value()) << i;
}
