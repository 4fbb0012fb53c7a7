// UInt32 and MultiEq against bellperson's gadgets/uint32.rs and multieq.rs:
// the Rust tests' cases (bit orders, xor with constants, addmany of
// constants costing nothing, addmany through a MultiEq caught by a flipped
// result bit, rotations, shifts, ch, maj), plus how MultiEq batches.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/uint32.hpp"
#include "circuits/gadgets/uint64.hpp"
#include "ff/fields.hpp"
#include "lc_check.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using U32 = UInt32<F>;
using U64 = UInt64<F>;
using Bool = Boolean<F>;

namespace {

// Each bit equals the matching bit of want, whatever its kind.
void expect_bits(const U32& x, uint32_t want) {
  ASSERT_EQ(x.value(), want);
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(x.bits()[i].value(), ((want >> i) & 1) != 0) << "bit " << i;
}

}  // namespace

TEST(UInt32Gadget, BitOrders) {
  std::mt19937 rng(1);
  for (int t = 0; t < 200; ++t) {
    std::vector<Bool> v;
    for (int i = 0; i < 32; ++i) v.push_back(Bool::constant(rng() % 2 != 0));
    const U32 be = U32::from_bits_be(v);
    for (size_t i = 0; i < 32; ++i) EXPECT_EQ(*be.bits()[i].value(), ((*be.value() >> i) & 1) != 0);
    const auto back = be.into_bits_be();
    for (size_t i = 0; i < 32; ++i) EXPECT_EQ(back[i].value(), v[i].value());
    const U32 le = U32::from_bits(v);
    for (size_t i = 0; i < 32; ++i) EXPECT_EQ(*le.bits()[i].value(), ((*le.value() >> i) & 1) != 0);
    const auto back_le = le.into_bits();
    for (size_t i = 0; i < 32; ++i) EXPECT_EQ(back_le[i].value(), v[i].value());
  }
  EXPECT_THROW(U32::from_bits(std::vector<Bool>(31)), Error);
}

TEST(UInt32Gadget, XorWithConstant) {
  std::mt19937 rng(2);
  for (int t = 0; t < 100; ++t) {
    TCS cs;
    const uint32_t a = rng(), b = rng(), c = rng();
    const U32 x = U32::alloc(cs, "a", a);
    const U32 y = U32::constant(b);
    const U32 z = U32::alloc(cs, "c", c);
    const U32 r = x.xor_(cs, "first xor", y).xor_(cs, "second xor", z);
    EXPECT_TRUE(cs.is_satisfied());
    expect_bits(r, a ^ b ^ c);
    // 64 booleanity, no gate against the constant, 32 xor gates.
    EXPECT_EQ(cs.shape().num_constraints, 96u);
  }
}

TEST(UInt32Gadget, AddmanyOfConstantsIsFree) {
  std::mt19937 rng(3);
  for (int t = 0; t < 100; ++t) {
    TCS cs;
    const uint32_t a = rng(), b = rng(), c = rng();
    U32 r;
    {
      MultiEq<TCS> me(cs);
      const std::array<U32, 3> ops{U32::constant(a), U32::constant(b), U32::constant(c)};
      r = U32::addmany(me, "addition", std::span<const U32>(ops));
    }
    expect_bits(r, a + b + c);
    for (const auto& bit : r.bits()) EXPECT_TRUE(bit.is_constant());
    EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 0, 0}));
  }
}

TEST(UInt32Gadget, AddmanyThroughMultiEq) {
  std::mt19937 rng(4);
  for (int t = 0; t < 100; ++t) {
    TCS cs;
    const uint32_t a = rng(), b = rng(), c = rng(), d = rng();
    const U32 x = U32::alloc(cs, "a", a).xor_(cs, "xor", U32::constant(b));
    const U32 dd = U32::alloc(cs, "d", d);
    U32 r;
    {
      MultiEq<TCS> me(cs);
      const std::array<U32, 3> ops{x, U32::constant(c), dd};
      r = U32::addmany(me, "addition", std::span<const U32>(ops));
    }
    EXPECT_TRUE(cs.is_satisfied());
    expect_bits(r, (a ^ b) + c + d);
    for (const auto& bit : r.bits()) EXPECT_EQ(bit.kind(), Bool::Kind::kIs);
    // 3 operands: the sum needs 34 bits, each allocated and boolean, then
    // one batched equality when the MultiEq goes out of scope.
    EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{1, 64 + 34, 64 + 34 + 1}));
    EXPECT_EQ(cs.constraints().back().name, "multieq 0");
    // Sum of operand bits (2^i each, one ONE term per set constant bit) * 1 = sum of result bits.
    const auto& eq = cs.constraints().back();
    EXPECT_EQ(test::merged(eq.b), test::lc_of<F>({{Variable::one(), F::one()}}));
    LC<F> want_rhs;
    F coeff = F::one();
    for (size_t i = 0; i < 34; ++i, coeff = coeff.dbl()) want_rhs.add(Variable::aux(64 + i), coeff);
    EXPECT_EQ(test::merged(eq.c), test::merged(want_rhs));
    // Flipping the lowest result bit breaks the batched equality.
    auto& v = cs.mutable_aux()[64];
    v = v.is_zero() ? F::one() : F::zero();
    EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #98 'multieq 0'");
  }
}

TEST(UInt32Gadget, MultiEqBatchesUpToCapacity) {
  // Two-operand sums take 33 bits each: 7 fit in 254 - 1 bits (231), the 8th
  // (264) forces the first batch out before it is added.
  TCS cs;
  std::vector<U32> words;
  for (int i = 0; i < 9; ++i) words.push_back(U32::alloc(cs, "w", uint32_t(0x9e3779b9u * (i + 1))));
  const size_t base = cs.shape().num_constraints;
  {
    MultiEq<TCS> me(cs);
    for (int i = 0; i < 8; ++i) {
      const std::array<U32, 2> ops{words[size_t(i)], words[size_t(i) + 1]};
      const U32 s = U32::addmany(me, "add", std::span<const U32>(ops));
      EXPECT_EQ(s.value(), uint32_t(*words[size_t(i)].value() + *words[size_t(i) + 1].value()));
    }
    // 8 * 33 booleanity; the first batch went out while the 8th sum was added.
    EXPECT_EQ(cs.shape().num_constraints, base + 8 * 33 + 1);
    EXPECT_EQ(cs.constraints()[base + 7 * 33 + 33].name, "add/multieq 0");  // inside the 8th addmany
  }
  EXPECT_EQ(cs.shape().num_constraints, base + 8 * 33 + 2);
  EXPECT_EQ(cs.constraints().back().name, "multieq 1");
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(UInt32Gadget, RotrAndShr) {
  std::mt19937 rng(5);
  uint32_t num = rng();
  const U32 a = U32::constant(num);
  for (size_t i = 0; i < 32; ++i) {
    expect_bits(a.rotr(i), num);
    num = (num >> 1) | (num << 31);
  }
  for (int t = 0; t < 20; ++t) {
    const uint32_t v = rng();
    for (size_t i = 0; i < 60; ++i) expect_bits(U32::constant(v).shr(i), v >> (i % 32));
  }
}

TEST(UInt32Gadget, ChAndMaj) {
  std::mt19937 rng(6);
  for (int t = 0; t < 100; ++t) {
    const uint32_t a = rng(), b = rng(), c = rng();
    for (bool maj : {false, true}) {
      TCS cs;
      const U32 x = U32::alloc(cs, "a", a), y = U32::constant(b), z = U32::alloc(cs, "c", c);
      const U32 r = maj ? U32::sha256_maj(cs, "maj", x, y, z) : U32::sha256_ch(cs, "ch", x, y, z);
      EXPECT_TRUE(cs.is_satisfied());
      expect_bits(r, maj ? (a & b) ^ (a & c) ^ (b & c) : (a & b) ^ (~a & c));
    }
  }
}

TEST(UInt64Gadget, BitOrdersAllocAndPacking) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 100; ++t) {
    std::vector<Bool> v;
    for (int i = 0; i < 64; ++i) v.push_back(Bool::constant(rng() % 2 != 0));
    const U64 be = U64::from_bits_be(v);
    for (size_t i = 0; i < 64; ++i) EXPECT_EQ(*be.bits()[i].value(), ((*be.value() >> i) & 1) != 0);
    const auto back = be.to_bits_be();
    for (size_t i = 0; i < 64; ++i) EXPECT_EQ(back[i].value(), v[i].value());
    const U64 le = U64::from_bits(v);
    for (size_t i = 0; i < 64; ++i) EXPECT_EQ(*le.bits()[i].value(), ((*le.value() >> i) & 1) != 0);
  }
  TCS cs;
  const uint64_t value = rng();
  const U64 x = U64::alloc(cs, "x", value);
  EXPECT_EQ(x.value(), value);
  x.pack_into_input(cs, "pack");
  EXPECT_EQ(cs.shape(), (r1cs::CircuitShape{2, 64, 65}));
  EXPECT_EQ(cs.inputs()[1], F::from_u64(value));
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(U64::constant(value).value(), value);
  EXPECT_THROW(U64::from_bits(std::vector<Bool>(63)), Error);
}
