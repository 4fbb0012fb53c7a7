// Gadgets: each is satisfied by an honest witness, names the broken
// constraint when a value is tampered with, and costs what its header says.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/insertion.hpp"
#include "circuits/gadgets/num.hpp"
#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using Bit = AllocatedBit<F>;
using ANum = AllocatedNum<F>;

static F fr(uint64_t v) { return F::from_u64(v); }

TEST(Gadgets, AllocatedBitBooleanity) {
  for (bool v : {false, true}) {
    TCS cs;
    Bit b = Bit::alloc(cs, "b", [&] { return v; });
    EXPECT_EQ(b.value(), v);
    EXPECT_EQ(cs.aux()[0], v ? F::one() : F::zero());
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 1, 1}));
    cs.mutable_aux()[0] = fr(2);
    EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #0 'b/boolean constraint'");
  }
}

TEST(Gadgets, BitGates) {
  struct Gate {
    const char* name;
    Bit (*fn)(TCS&, const char* const&, const Bit&, const Bit&);
    bool (*truth)(bool, bool);
  };
  const Gate gates[] = {
      {"and", [](TCS& cs, const char* const& n, const Bit& a, const Bit& b) { return Bit::and_(cs, n, a, b); },
       [](bool a, bool b) { return a && b; }},
      {"and not", [](TCS& cs, const char* const& n, const Bit& a, const Bit& b) { return Bit::and_not(cs, n, a, b); },
       [](bool a, bool b) { return a && !b; }},
      {"nor", [](TCS& cs, const char* const& n, const Bit& a, const Bit& b) { return Bit::nor(cs, n, a, b); },
       [](bool a, bool b) { return !a && !b; }},
      {"xor", [](TCS& cs, const char* const& n, const Bit& a, const Bit& b) { return Bit::xor_(cs, n, a, b); },
       [](bool a, bool b) { return a != b; }},
  };
  for (const auto& g : gates) {
    for (int m = 0; m < 4; ++m) {
      const bool av = m & 1, bv = m & 2;
      TCS cs;
      Bit a = Bit::alloc(cs, "a", [&] { return av; });
      Bit b = Bit::alloc(cs, "b", [&] { return bv; });
      Bit c = g.fn(cs, "gate", a, b);
      SCOPED_TRACE(std::string(g.name) + " " + std::to_string(m));
      EXPECT_EQ(c.value(), g.truth(av, bv));
      EXPECT_EQ(cs.aux()[2], g.truth(av, bv) ? F::one() : F::zero());
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(cs.shape().num_constraints, 3u);
      cs.mutable_aux()[2] = g.truth(av, bv) ? F::zero() : F::one();  // the wrong bit
      EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #2 'gate/" + std::string(g.name) + " constraint'");
    }
  }
}

TEST(Gadgets, BooleanAlgebraWithConstantsAndNegations) {
  // Every combination of constant / bit / negated bit, for every value.
  for (int ka = 0; ka < 3; ++ka)
    for (int kb = 0; kb < 3; ++kb)
      for (int m = 0; m < 4; ++m) {
        const bool av = m & 1, bv = m & 2;
        TCS cs;
        auto make = [&](int kind, bool v, const char* name) {
          if (kind == 0) return Boolean<F>::constant(v);
          Boolean<F> b = Bit::alloc(cs, name, [&] { return kind == 1 ? v : !v; });
          return kind == 1 ? b : !b;
        };
        Boolean<F> a = make(ka, av, "a"), b = make(kb, bv, "b");
        const size_t before = cs.shape().num_constraints;
        Boolean<F> x = Boolean<F>::xor_(cs, "xor", a, b);
        Boolean<F> y = Boolean<F>::and_(cs, "and", a, b);
        const size_t gates = cs.shape().num_constraints - before;
        SCOPED_TRACE(std::to_string(ka) + std::to_string(kb) + std::to_string(m));
        EXPECT_EQ(x.value(), av != bv);
        EXPECT_EQ(y.value(), av && bv);
        EXPECT_EQ(gates, (ka == 0 || kb == 0) ? 0u : 2u);  // constants are free
        EXPECT_EQ(x.lc().evaluate(cs.inputs(), cs.aux()), (av != bv) ? F::one() : F::zero());
        EXPECT_EQ(y.lc().evaluate(cs.inputs(), cs.aux()), (av && bv) ? F::one() : F::zero());
        // Equal constants need no constraint; unequal ones cannot be satisfied.
        if (x.is_constant()) {
          const size_t n = cs.shape().num_constraints;
          Boolean<F>::enforce_equal(cs, "x == x", x, x);
          EXPECT_EQ(cs.shape().num_constraints, n);
          EXPECT_THROW(Boolean<F>::enforce_equal(cs, "x != !x", x, !x), Error);
          continue;
        }
        Boolean<F>::enforce_equal(cs, "x == x", x, x);
        EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
        Boolean<F>::enforce_equal(cs, "x != !x", x, !x);
        EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #" + std::to_string(cs.shape().num_constraints - 1) +
                                                 " 'x != !x'");
      }
}

TEST(Gadgets, NumArithmetic) {
  TCS cs;
  ANum a = ANum::alloc(cs, "a", [] { return fr(6); });
  ANum b = ANum::alloc(cs, "b", [] { return fr(7); });
  ANum p = a.mul(cs, "p", b);
  ANum s = a.square(cs, "s");
  EXPECT_EQ(p.value(), fr(42));
  EXPECT_EQ(s.value(), fr(36));
  // Linear arithmetic is free: 3a - b + 5 = 16.
  Num<F> l = Num<F>(a);
  l.scale(fr(3)).add(Num<F>(b), -F::one()).add_constant(fr(5));
  EXPECT_EQ(l.value(), fr(16));
  EXPECT_EQ(l.lc().evaluate(cs.inputs(), cs.aux()), fr(16));
  EXPECT_EQ(cs.shape().num_constraints, 2u);
  EXPECT_EQ((a + b).value(), fr(13));
  EXPECT_EQ((b - a).lc().evaluate(cs.inputs(), cs.aux()), fr(1));
  EXPECT_EQ(cs.shape().num_constraints, 2u);
  ANum la = l.allocate(cs, "l");
  EXPECT_EQ(la.value(), fr(16));
  Num<F>::enforce_equal(cs, "l == 16", l, Num<F>::constant(fr(16)));
  ANum in = p.inputize(cs, "p public");
  EXPECT_EQ(cs.inputs().back(), fr(42));
  ANum::enforce_equal(cs, "p == in", p, in);
  EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
  EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{2, 5, 6}));

  cs.mutable_aux()[2] = fr(43);  // p
  EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #0 'p/multiplication constraint'");
  cs.mutable_aux()[2] = fr(42);
  cs.mutable_aux()[3] = fr(35);  // s
  EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #1 's/squaring constraint'");
  cs.mutable_aux()[3] = fr(36);
  cs.mutable_aux()[4] = fr(17);  // allocated l
  EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #2 'l/allocate'");
}

TEST(Gadgets, PickAndConditionalReverse) {
  for (bool v : {false, true}) {
    TCS cs;
    ANum a = ANum::alloc(cs, "a", [] { return fr(10); });
    ANum b = ANum::alloc(cs, "b", [] { return fr(20); });
    Boolean<F> cond = Bit::alloc(cs, "cond", [&] { return v; });
    ANum s = insertion::pick(cs, "pick", cond, a, b);
    auto [l, r] = ANum::conditionally_reverse(cs, "reverse", a, b, cond);
    EXPECT_EQ(s.value(), v ? fr(10) : fr(20));
    EXPECT_EQ(l.value(), v ? fr(20) : fr(10));
    EXPECT_EQ(r.value(), v ? fr(10) : fr(20));
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(cs.shape().num_constraints, 4u);
    // A constant condition still allocates and constrains, as in the Rust.
    ANum k = insertion::pick(cs, "const pick", Boolean<F>::constant(true), a, b);
    EXPECT_EQ(k.value(), fr(10));
    EXPECT_EQ(cs.shape().num_constraints, 5u);
    EXPECT_TRUE(cs.is_satisfied());
    // The reversed outputs may not be left unreversed.
    cs.mutable_aux()[4] = *l.value() == fr(10) ? fr(20) : fr(10);
    EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #2 'reverse/first conditional reversal'");
  }
}

template <class CS>
static std::vector<Num<F>> insertion_circuit(CS& cs, int k, size_t pos, const std::vector<F>* vals) {
  const size_t a = size_t(1) << k;
  std::vector<Bit> bits;
  for (int i = 0; i < k; ++i)
    bits.push_back(Bit::alloc(cs, [i] { return "bit " + std::to_string(i); }, [=] { return ((pos >> i) & 1) != 0; }));
  Num<F> cur = ANum::alloc(cs, "cur", [&] { return (*vals)[0]; });
  std::vector<Num<F>> sibs;
  for (size_t j = 0; j + 1 < a; ++j) sibs.push_back(ANum::alloc(cs, "sib", [&, j] { return (*vals)[j + 1]; }));
  return insert_at(cs, "insert", cur, std::span<const Num<F>>(sibs), std::span<const Bit>(bits));
}

TEST(Gadgets, InsertionPlacesTheNodeAtEveryPosition) {
  std::mt19937_64 rng(5);
  for (int k = 1; k <= 3; ++k) {
    const size_t a = size_t(1) << k;
    std::vector<F> vals;
    for (size_t i = 0; i < a; ++i) vals.push_back(ff::random_element<F>(rng));
    for (size_t pos = 0; pos < a; ++pos) {
      SCOPED_TRACE("arity " + std::to_string(a) + " position " + std::to_string(pos));
      TCS cs;
      auto out = insertion_circuit(cs, k, pos, &vals);
      ASSERT_EQ(out.size(), a);
      for (size_t j = 0; j < a; ++j) {
        const F want = j < pos ? vals[j + 1] : j == pos ? vals[0] : vals[j];
        EXPECT_EQ(out[j].value(), want) << j;
        EXPECT_EQ(out[j].lc().evaluate(cs.inputs(), cs.aux()), want) << j;
      }
      EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
      EXPECT_EQ(cs.shape().num_constraints, size_t(k) + (a - size_t(k) - 1) + (2 * a - 3));

      r1cs::ShapeCounter<F> sc;
      insertion_circuit(sc, k, pos, nullptr);
      EXPECT_EQ(sc.shape(), cs.shape());
      // Claiming a shifted value at the first product is caught.
      const size_t first_product = size_t(k) + a + (a - size_t(k) - 1);
      cs.mutable_aux()[first_product] += F::one();
      auto bad = cs.which_is_unsatisfied();
      ASSERT_TRUE(bad.has_value());
      EXPECT_NE(bad->find("insert/shift 0"), std::string::npos) << *bad;
    }
  }
}

TEST(Gadgets, SystemsAgreeOnAGadgetCircuit) {
  auto circuit = [](auto& cs, bool with_values) {
    using CS = std::decay_t<decltype(cs)>;
    (void)sizeof(CS);
    ANum a = ANum::alloc(cs, "a", [&] {
      if (!with_values) throw r1cs::AssignmentMissing{};
      return fr(123456);
    });
    auto bits = a.to_bits_le(cs, "bits");
    Boolean<F> t = Boolean<F>::xor_(cs, "x", bits[0], bits[1]);
    Boolean<F> u = Boolean<F>::and_(cs, "y", !bits[2], bits[3]);
    ANum s = insertion::pick(cs, "s", t, a, a.square(cs, "sq"));
    insertion::pick(cs, "s2", u, s, a).inputize(cs, "out");
  };
  r1cs::ShapeCounter<F> sc;
  circuit(sc, false);
  TCS tcs;
  circuit(tcs, true);
  EXPECT_TRUE(tcs.is_satisfied());
  EXPECT_EQ(sc.shape(), tcs.shape());
  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  circuit(pa, true);
  pa.finish();
  EXPECT_EQ(pa.shape(), tcs.shape());
  EXPECT_FALSE(pa.first_unsatisfied());  // every a_i * b_i = c_i
  // A system that wants values without a witness is told so.
  TCS missing;
  EXPECT_THROW(circuit(missing, false), r1cs::AssignmentMissing);
}
