// The EmptySectorUpdate gadgets (storage-proofs-update gadgets.rs):
// gen_challenge_bits costs 568 constraints per digest ([568 x 8, 4,544, 5,680,
// 5,680] over ALLOWED_SECTOR_SIZES, gadgets.rs test) and, with k's bits on
// top, draws update_challenges' challenges for every partition; the
// randomness hash is the native Custom(Arbitrary(1)) Poseidon (311
// constraints); get_challenge_high_bits packs the selected h top bits (13);
// label_r_new encodes (2). Each is also shown to reject a wrong witness.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "filecoin/challenges/update_challenges.hpp"
#include "filecoin/circuits/update/challenge_bits.hpp"
#include "filecoin/circuits/update/challenge_high_bits.hpp"
#include "filecoin/circuits/update/label_r_new.hpp"
#include "filecoin/circuits/update/randomness_hash.hpp"
#include "filecoin/circuits/update/update_circuit_params.hpp"
#include "filecoin/hash/poseidon.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::update_circuit;
using circuits::AllocatedBit;
using circuits::AllocatedNum;
using TestCS = r1cs::TestConstraintSystem<Fr>;

namespace {

const uint64_t kAllowedNodes[] = {1u << 5,  1u << 6,  1u << 7,  1u << 8,  1u << 9,   1u << 10,
                                  1u << 18, 1u << 19, 1u << 24, 1u << 30, 1ull << 31};

AllocatedNum<Fr> num(TestCS& cs, const char* name, const Fr& v) {
  return AllocatedNum<Fr>::alloc(cs, name, [&] { return v; });
}

Fr fr(uint64_t seed) { return fr_of(test::data_nodes(1, seed)[0]); }

TEST(UpdateGadgets, GenChallengeBitsCostsAndDrawsTheVanillaChallenges) {
  const size_t expected[] = {568, 568, 568, 568, 568, 568, 568, 568, 4544, 5680, 5680};
  const Domain comm_r_new = test::data_nodes(1, 42)[0];
  for (size_t s = 0; s < std::size(kAllowedNodes); ++s) {
    const UpdateCircuitParams p = update_circuit_params(kAllowedNodes[s]);
    SCOPED_TRACE(p.sector_nodes);
    const size_t rand_bits = p.challenge_bit_len - p.partition_bit_len;
    for (size_t k = 0; k < p.partition_count; ++k) {
      TestCS cs;
      const auto comm = num(cs, "comm_r_new", fr_of(comm_r_new));
      const auto partition = num(cs, "k", Fr::from_u64(k));
      auto partition_bits = allocated_num_to_allocated_bits(cs, "partition_bits", partition);
      partition_bits.resize(p.partition_bit_len);
      const size_t before = cs.shape().num_constraints;
      const auto generated =
          gen_challenge_bits(cs, "gen_challenge_bits", comm, partition, p.challenge_count, rand_bits);
      EXPECT_EQ(cs.shape().num_constraints - before, expected[s]);
      ASSERT_TRUE(cs.is_satisfied());

      const std::vector<uint32_t> challenges = update_challenges(p.sector_nodes, comm_r_new, k);
      ASSERT_EQ(generated.size(), challenges.size());
      for (size_t c = 0; c < challenges.size(); ++c) {
        ASSERT_EQ(generated[c].size(), rand_bits);
        uint64_t value = 0, i = 0;
        for (const auto& bit : generated[c]) value |= uint64_t(*bit.value()) << i++;
        for (const auto& bit : partition_bits) value |= uint64_t(*bit.value()) << i++;
        EXPECT_EQ(value, challenges[c]) << "k " << k << " challenge " << c;
      }
    }
  }
}

TEST(UpdateGadgets, GenChallengeBitsRejectsAWrongDigestIndex) {
  const UpdateCircuitParams p = update_circuit_params(1u << 30);
  TestCS cs;
  const auto comm = num(cs, "comm_r_new", fr(1));
  const auto partition = num(cs, "k", Fr::from_u64(3));
  gen_challenge_bits(cs, "gen", comm, partition, p.challenge_count, p.challenge_bit_len - p.partition_bit_len);
  ASSERT_TRUE(cs.is_satisfied());
  cs.mutable_aux()[2] += Fr::one();  // digest_index_0, right after comm_r_new and k
  const auto bad = cs.which_is_unsatisfied();
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("gen/digest_index_0 == k * digests_per_partition + 0"), std::string::npos) << *bad;
}

TEST(UpdateGadgets, RandomnessHashIsTheNativeCustomTaggedPoseidon) {
  TestCS cs;
  const Fr a = fr(2), b = fr(3);
  const auto out = randomness_hash(cs, "phi", num(cs, "a", a), num(cs, "b", b));
  EXPECT_EQ(cs.shape().num_constraints, 311u);
  EXPECT_TRUE(cs.is_satisfied());
  const Fr pre[2] = {a, b};
  EXPECT_EQ(*out.value(), poseidon_hash(pre, 2, snapdeals_randomness_hash_type()));
  EXPECT_NE(*out.value(), poseidon_hash(pre, 2, PoseidonHashType::merkle_tree()));
}

TEST(UpdateGadgets, ChallengeHighBitsSelectsTheHTopBits) {
  const std::array<size_t, 6> hs = update_hs(1u << 30);
  const uint64_t challenge = 0x2a5c3f1e;  // 30 bits
  for (size_t sel = 0; sel < hs.size(); ++sel) {
    TestCS cs;
    std::vector<AllocatedBit<Fr>> c_bits, h_select;
    for (int i = 0; i < 30; ++i)
      c_bits.push_back(AllocatedBit<Fr>::alloc(cs, "c", std::optional<bool>((challenge >> i) & 1)));
    for (size_t i = 0; i < hs.size(); ++i)
      h_select.push_back(AllocatedBit<Fr>::alloc(cs, "h", std::optional<bool>(i == sel)));
    const size_t before = cs.shape().num_constraints;
    const auto high = get_challenge_high_bits(cs, "high", std::span<const AllocatedBit<Fr>>(c_bits),
                                              std::span<const AllocatedBit<Fr>>(h_select), std::span<const size_t>(hs));
    EXPECT_EQ(cs.shape().num_constraints - before, 13u);
    EXPECT_TRUE(cs.is_satisfied());
    EXPECT_EQ(*high.value(), Fr::from_u64(challenge >> (30 - hs[sel]))) << "h " << hs[sel];
    cs.mutable_aux().back() += Fr::one();
    const auto bad = cs.which_is_unsatisfied();
    ASSERT_TRUE(bad);
    EXPECT_NE(bad->find("c_high_selected == dot(c_highs, h_select_bits)"), std::string::npos) << *bad;
  }
}

TEST(UpdateGadgets, LabelRNewEncodes) {
  TestCS cs;
  const Fr old = fr(4), data = fr(5), rho = fr(6);
  const auto out = label_r_new(cs, "leaf_r_new", num(cs, "old", old), num(cs, "data", data), num(cs, "rho", rho));
  EXPECT_EQ(cs.shape().num_constraints, 2u);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(*out.value(), old + data * rho);
  cs.mutable_aux().back() += Fr::one();
  const auto bad = cs.which_is_unsatisfied();
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("leaf_r_new/label_r_new == label_r_old + label_d_new * rho"), std::string::npos) << *bad;
}

TEST(UpdateGadgets, ParamsFollowTheRustConstants) {
  const UpdateCircuitParams p2k = update_circuit_params(64);
  EXPECT_EQ(p2k.challenge_count, 10u);
  EXPECT_EQ(p2k.partition_count, 1u);
  EXPECT_EQ(p2k.apex_leaf_count, 8u);
  EXPECT_EQ(p2k.tree_r_levels(), 2u);
  const UpdateCircuitParams p32g = update_circuit_params(1u << 30);
  EXPECT_EQ(p32g.challenge_count, 86u);
  EXPECT_EQ(p32g.partition_bit_len, 4u);
  EXPECT_EQ(p32g.apex_leaf_bit_len, 7u);
  EXPECT_EQ(p32g.tree_r_base_levels(), 9u);
  EXPECT_EQ(p32g.tree_r_arity_at(9), 8u);
  const UpdateCircuitParams p32k = update_circuit_params(1u << 10);
  EXPECT_EQ(p32k.tree_r_base_levels(), 2u);
  EXPECT_EQ(p32k.tree_r_arity_at(2), 8u);
  EXPECT_EQ(p32k.tree_r_arity_at(3), 2u);
  EXPECT_THROW(update_circuit_params(1u << 11), Error);
}

}  // namespace
