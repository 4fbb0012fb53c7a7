// storage-proofs-core's insertion gadgets: the counts its tests assert
// (select: size - 1; insert: 2 / 8 / 22 for size 2 / 4 / 8, size * (size - 1)
// otherwise), every index of every size placing the element right, pick's
// A, B, C, and a wrong placement being caught.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/insertion.hpp"
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

namespace {

template <class CS>
std::vector<Bool> index_bits(CS& cs, int n, size_t index) {
  std::vector<Bool> bits;
  for (int i = 0; i < n; ++i)
    bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "index bit " + std::to_string(i); },
                                          std::optional<bool>(((index >> i) & 1) != 0)));
  return bits;
}

}  // namespace

TEST(Insertion, PickForm) {
  TCS cs;
  const ANum a = ANum::alloc(cs, "a", [] { return F::from_u64(1); });
  const ANum b = ANum::alloc(cs, "b", [] { return F::from_u64(2); });
  const Bool c = AllocatedBit<F>::alloc(cs, "c", std::optional<bool>(true));
  const ANum r = insertion::pick(cs, "pick", c, a, b);
  EXPECT_EQ(r.value(), F::from_u64(1));
  // (b - a) * cond = (b - c)
  const auto& k = cs.constraints().back();
  const F m1 = -F::one();
  EXPECT_EQ(test::merged(k.a), test::lc_of<F>({{b.variable(), F::one()}, {a.variable(), m1}}));
  EXPECT_EQ(test::merged(k.b), test::merged(c.lc()));
  EXPECT_EQ(test::merged(k.c), test::lc_of<F>({{b.variable(), F::one()}, {r.variable(), m1}}));
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(Insertion, SelectCostsSizeMinusOne) {
  std::mt19937_64 rng(1);
  for (int log_size = 1; log_size < 5; ++log_size) {
    const size_t size = size_t(1) << log_size;
    for (size_t index = 0; index < size; ++index) {
      SCOPED_TRACE("size " + std::to_string(size) + " index " + std::to_string(index));
      TCS cs;
      std::vector<ANum> elements;
      for (size_t i = 0; i < size; ++i)
        elements.push_back(ANum::alloc(cs, "element", [&] { return ff::random_element<F>(rng); }));
      const auto bits = index_bits(cs, log_size, index);
      const size_t before = cs.shape().num_constraints;
      EXPECT_EQ(before, size_t(log_size));
      const ANum s = insertion::select(cs, "select", std::span<const ANum>(elements), std::span<const Bool>(bits));
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(s.value(), elements[index].value());
      EXPECT_EQ(cs.shape().num_constraints - before, size - 1);
    }
  }
}

TEST(Insertion, InsertCountsAndPlacement) {
  std::mt19937_64 rng(2);
  for (int log_size = 1; log_size <= 4; ++log_size) {
    const size_t size = size_t(1) << log_size;
    const size_t expected = size == 8 ? 22 : size == 4 ? 8 : size * (size - 1);
    for (size_t index = 0; index < size; ++index) {
      SCOPED_TRACE("size " + std::to_string(size) + " index " + std::to_string(index));
      TCS cs;
      std::vector<ANum> elements;
      for (size_t i = 0; i + 1 < size; ++i)
        elements.push_back(ANum::alloc(cs, "element", [&] { return ff::random_element<F>(rng); }));
      const ANum x = ANum::alloc(cs, "insert", [&] { return ff::random_element<F>(rng); });
      const auto bits = index_bits(cs, log_size, index);
      const size_t before = cs.shape().num_constraints;
      auto out =
          insertion::insert(cs, "ins", x, std::span<const Bool>(bits), std::span<const ANum>(elements));
      EXPECT_TRUE(cs.is_satisfied());
      EXPECT_EQ(cs.shape().num_constraints - before, expected);
      ASSERT_EQ(out.size(), size);
      EXPECT_EQ(out[index].value(), x.value());
      out.erase(out.begin() + long(index));
      for (size_t i = 0; i + 1 < size; ++i) EXPECT_EQ(out[i].value(), elements[i].value()) << i;

      // The same shape without values.
      r1cs::ShapeCounter<F> sc;
      std::vector<ANum> e2;
      for (size_t i = 0; i + 1 < size; ++i) e2.push_back(ANum::alloc(sc, "e", [] { return F::zero(); }));
      const ANum x2 = ANum::alloc(sc, "x", [] { return F::zero(); });
      const auto b2 = index_bits(sc, log_size, 0);
      insertion::insert(sc, "ins", x2, std::span<const Bool>(b2), std::span<const ANum>(e2));
      EXPECT_EQ(sc.shape(), cs.shape());

      // Claiming the element sits elsewhere is caught: bump the last output.
      cs.mutable_aux()[cs.aux().size() - 1] += F::one();
      EXPECT_FALSE(cs.is_satisfied());
    }
  }
}

TEST(Insertion, SizeEightNeedsAllocatedLowBits) {
  TCS cs;
  std::vector<ANum> elements;
  for (int i = 0; i < 7; ++i) elements.push_back(ANum::alloc(cs, "e", [] { return F::zero(); }));
  const ANum x = ANum::alloc(cs, "x", [] { return F::one(); });
  auto bits = index_bits(cs, 3, 5);
  bits[1] = !bits[1];
  EXPECT_THROW(insertion::insert(cs, "ins", x, std::span<const Bool>(bits), std::span<const ANum>(elements)), Error);
  EXPECT_THROW(insertion::insert(cs, "ins", x, std::span<const Bool>(bits).first(2), std::span<const ANum>(elements)),
               Error);
}
