// The StackedDRG PoRep circuit's shape against storage-proofs-porep
// tests/stacked_circuit.rs (1 challenge, 2 layers, 8 nodes, Poseidon base-2
// and base-8 trees: 22 inputs, 1,206,212 / 1,199,620 constraints) and the
// 32 GiB partition (FILECOIN.md §2.2: 130,278,541 circuit constraints).
// Without the Merkle paths the counts are the upstream totals less the PoR
// circuits' own upstream counts (storage-proofs-core tests/por_circuit.rs,
// private root): Poseidon base-2 3 levels 3 x 314 + 2, base-8 1 level
// 530 + 2, 32 GiB 10 levels 10 x 530 + 2; SHA-256 binary
// (272,295 - 3) / 6 = 45,382 per level + 2. The blank circuit (no values)
// has the shape of a proving one.
#include <gtest/gtest.h>

#include <cstdlib>

#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_circuit.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "stacked_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::stacked;
using namespace cuzk::filecoin::stacked_test;

namespace {

template <class Inclusion>
r1cs::CircuitShape shape_of(const StackedCircuitInputs& in, const Inclusion& inclusion) {
  r1cs::ShapeCounter<F> cs;
  synthesize_stacked_porep_with(cs, in, inclusion);
  return cs.shape();
}

bool exhaustive() { return std::getenv("CUZK_EXHAUSTIVE") != nullptr; }

constexpr size_t kShaPorLevel = 45'382;       // one SHA-256 binary level of a PoR path
constexpr size_t kPoseidon2PorLevel = 314;    // 1 index bit, insert 2, Poseidon-2 311
constexpr size_t kPoseidon8PorLevel = 530;    // 3 index bits, insert 22, Poseidon-8 505
constexpr size_t kPorPrivateRoot = 2;         // the packed index input and root equality

// Constraints of one challenge's 16 Poseidon paths and its SHA-256 path.
size_t por_cost(size_t sha_levels, size_t poseidon_levels, size_t poseidon_level_cost) {
  return sha_levels * kShaPorLevel + kPorPrivateRoot + 16 * (poseidon_levels * poseidon_level_cost + kPorPrivateRoot);
}

}  // namespace

TEST(StackedCircuitShape, UpstreamEightNodesWithoutPaths) {
  const auto base2 = blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{2, 0, 0}));
  const auto base8 = blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{8, 0, 0}));
  const auto s2 = shape_of(base2, NoInclusion{});
  const auto s8 = shape_of(base8, NoInclusion{});
  // ONE, replica_id, comm_d, comm_r, the challenge; the 17 paths add one each.
  EXPECT_EQ(s2.num_inputs + 17, 22u);
  EXPECT_EQ(s8.num_inputs + 17, 22u);
  EXPECT_EQ(s2.num_constraints + por_cost(3, 3, kPoseidon2PorLevel), 1'206'212u);
  EXPECT_EQ(s8.num_constraints + por_cost(3, 1, kPoseidon8PorLevel), 1'199'620u);
}

TEST(StackedCircuitShape, BlankMatchesProvingCircuit) {
  const auto proof = RegisteredSealProof::kStackedDrg2KiBV1_1;
  const auto c1 = c1_of_2kib(proof, 7, test::filled(13));
  EXPECT_EQ(shape_of(stacked_circuit_inputs(c1, 0), NoInclusion{}),
            shape_of(blank_stacked_circuit(stacked_circuit_shape(proof)), NoInclusion{}));
}

TEST(StackedCircuitShape, BlankAsksForNoValueUntilSynthesisNeedsOne) {
  r1cs::TestConstraintSystem<F> cs;
  const auto blank = blank_stacked_circuit(stacked_circuit_shape(RegisteredSealProof::kStackedDrg2KiBV1_1));
  EXPECT_THROW(synthesize_stacked_porep_with(cs, blank, NoInclusion{}), r1cs::AssignmentMissing);
}

TEST(StackedCircuitShape, ThirtyTwoGiBPartitionWithoutPaths) {
  if (!exhaustive()) GTEST_SKIP() << "a 100M-constraint synthesis; set CUZK_EXHAUSTIVE=1";
  const auto shape = stacked_circuit_shape(RegisteredSealProof::kStackedDrg32GiBV1_1);
  EXPECT_EQ(shape.layers, 11u);
  EXPECT_EQ(shape.challenges, 18u);
  const auto s = shape_of(blank_stacked_circuit(shape), NoInclusion{});
  EXPECT_EQ(s.num_inputs + 18 * 17, 328u);  // 17 paths per challenge
  EXPECT_EQ(s.num_constraints + 18 * por_cost(30, 10, kPoseidon8PorLevel), 130'278'541u);
}

TEST(StackedCircuitShape, EveryProofTypeOfASizeHasItsSizesShape) {
  for (const auto& info : all_seal_proofs()) {
    const auto by_type = stacked_circuit_shape(info.proof);
    const auto by_size = stacked_circuit_shape_of_size(info.sector_size);
    EXPECT_EQ(by_type.tree_d, by_size.tree_d) << info.name;
    EXPECT_EQ(by_type.tree_rc, by_size.tree_rc) << info.name;
    EXPECT_EQ(by_type.layers, by_size.layers) << info.name;
    EXPECT_EQ(by_type.challenges, by_size.challenges) << info.name;
  }
  const auto s32 = stacked_circuit_shape_of_size(uint64_t(32) << 30);
  EXPECT_EQ(s32.tree_rc.describe(), tree_r_shape(uint64_t(32) << 30).describe());
  EXPECT_EQ(s32.tree_d.leaves, uint64_t(1) << 30);
  EXPECT_EQ(s32.layers, 11u);
  EXPECT_EQ(s32.challenges, 18u);
  EXPECT_THROW(stacked_circuit_shape_of_size(4096), Error);
}

TEST(StackedCircuitShape, RejectsBadShapes) {
  EXPECT_THROW(stacked_circuit_shape(8, 3, 1, TreeArities{8, 0, 0}), Error);
  EXPECT_THROW(stacked_circuit_shape(8, 2, 0, TreeArities{8, 0, 0}), Error);
  EXPECT_THROW(stacked_circuit_shape(8, 2, 1, TreeArities{8, 8, 0}), Error);  // 8 leaves are no 8 x 8-ary tree
  auto in = blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{8, 0, 0}));
  in.challenges[0].exp_parents.pop_back();
  r1cs::ShapeCounter<F> cs;
  EXPECT_THROW(synthesize_stacked_porep_with(cs, in, NoInclusion{}), Error);
  in = blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{8, 0, 0}));
  in.challenges[0].drg_parents[2].rows.pop_back();
  EXPECT_THROW(synthesize_stacked_porep_with(cs, in, NoInclusion{}), Error);
}
