// multipack against bellperson's test_multipacking (every length 0..1500:
// the public inputs equal compute_multipacking, the system is satisfied),
// pack_bits' single witness, the bit orders of bytes_to_bits[_le], and
// storage-proofs-core's byte-to-bit allocators.
#include <gtest/gtest.h>

#include <random>

#include "circuits/gadgets/bits.hpp"
#include "circuits/gadgets/multipack.hpp"
#include "ff/fields.hpp"
#include "lc_check.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;
using TCS = r1cs::TestConstraintSystem<F>;
using Bool = Boolean<F>;

TEST(Multipack, PackIntoInputsMatchesComputeMultipacking) {
  std::mt19937 rng(1);
  for (size_t num_bits = 0; num_bits < 1500; num_bits += (num_bits < 520 ? 1 : 7)) {
    SCOPED_TRACE(std::to_string(num_bits) + " bits");
    TCS cs;
    std::vector<bool> bits;
    std::vector<Bool> circuit_bits;
    for (size_t i = 0; i < num_bits; ++i) {
      bits.push_back(rng() % 2 != 0);
      circuit_bits.push_back(AllocatedBit<F>::alloc(cs, [i] { return "bit " + std::to_string(i); },
                                                    std::optional<bool>(bits.back())));
    }
    const auto expected = multipack::compute_multipacking<F>(bits);
    multipack::pack_into_inputs(cs, "pack", std::span<const Bool>(circuit_bits));
    EXPECT_TRUE(cs.is_satisfied());
    const size_t chunks = (num_bits + 253) / 254;
    ASSERT_EQ(expected.size(), chunks);
    ASSERT_EQ(cs.inputs().size(), chunks + 1);
    for (size_t i = 0; i < chunks; ++i) EXPECT_EQ(cs.inputs()[i + 1], expected[i]) << i;
    EXPECT_EQ(cs.shape().num_constraints, num_bits + chunks);
    if (chunks > 0) {
      // num * 1 = input: the bits with 2^j in A, the input in C.
      const auto& k = cs.constraints()[num_bits];
      EXPECT_EQ(test::merged(k.c), test::lc_of<F>({{Variable::input(1), F::one()}}));
      EXPECT_EQ(test::merged(k.a).size(), std::min<size_t>(num_bits, 254));
      // A flipped bit no longer packs into the public input.
      cs.mutable_aux()[0] = F::one() - cs.aux()[0];
      EXPECT_EQ(cs.which_is_unsatisfied(), "constraint #" + std::to_string(num_bits) + " 'pack/packing constraint 0'");
    }
  }
}

TEST(Multipack, PackBitsTakesTheFirstCapacityBits) {
  std::mt19937 rng(2);
  TCS cs;
  std::vector<bool> bits;
  std::vector<Bool> circuit_bits;
  for (size_t i = 0; i < 300; ++i) {
    bits.push_back(rng() % 2 != 0);
    circuit_bits.push_back(i % 3 == 0 ? Bool::constant(bits.back())
                                      : !Bool(AllocatedBit<F>::alloc(cs, "b", std::optional<bool>(!bits.back()))));
  }
  const size_t before = cs.shape().num_constraints;
  const AllocatedNum<F> n = multipack::pack_bits(cs, "pack", std::span<const Bool>(circuit_bits));
  bits.resize(254);
  EXPECT_EQ(n.value(), multipack::compute_multipacking<F>(bits).at(0));
  EXPECT_EQ(cs.shape().num_constraints, before + 1);
  EXPECT_EQ(cs.shape().num_inputs, 1u);  // a witness, not an input
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(Multipack, BitOrders) {
  const std::vector<uint8_t> bytes = {0x80, 0x01, 0xa5};
  const std::vector<bool> be = multipack::bytes_to_bits(bytes);
  const std::vector<bool> le = multipack::bytes_to_bits_le(bytes);
  const std::vector<bool> want_be = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1};
  const std::vector<bool> want_le = {0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1};
  EXPECT_EQ(be, want_be);
  EXPECT_EQ(le, want_le);
  // 0x80 0x01 read little-endian bit by bit is 2^7 + 2^8.
  EXPECT_EQ(multipack::compute_multipacking<F>(le).at(0), F::from_u64(0x80 + 0x100 + (uint64_t(0xa5) << 16)));
}

TEST(Multipack, BytesIntoBooleanVec) {
  const std::vector<uint8_t> bytes = {0x01, 0x80};
  TCS cs;
  const auto le = bytes_into_boolean_vec(cs, "le", std::optional<std::span<const uint8_t>>(bytes), 16);
  const auto be = bytes_into_boolean_vec_be(cs, "be", std::optional<std::span<const uint8_t>>(bytes), 16);
  EXPECT_EQ(cs.shape().num_constraints, 32u);
  EXPECT_TRUE(*le[0].value() && *le[15].value());
  EXPECT_TRUE(*be[7].value() && *be[8].value());
  const auto rev = reverse_bit_numbering(le);
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(rev[i].value(), be[i].value()) << i;
  // Padding to whole bytes with constant false.
  const auto padded = reverse_bit_numbering(std::vector<Bool>(le.begin(), le.begin() + 3));
  ASSERT_EQ(padded.size(), 8u);
  EXPECT_TRUE(padded[0].is_constant(false));
  EXPECT_EQ(padded[7].value(), le[0].value());
  // Witness-free allocation has the same shape; a wrong byte count is refused.
  r1cs::ShapeCounter<F> shape_only;
  bytes_into_boolean_vec(shape_only, "x", std::nullopt, 16);
  EXPECT_EQ(shape_only.shape().num_aux, 16u);
  TCS no_witness;
  EXPECT_THROW(bytes_into_boolean_vec(no_witness, "x", std::nullopt, 16), r1cs::AssignmentMissing);
  EXPECT_THROW(bytes_into_boolean_vec(cs, "x", std::optional<std::span<const uint8_t>>(bytes), 8), Error);
}
