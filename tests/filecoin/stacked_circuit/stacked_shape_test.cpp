// The StackedDRG PoRep circuit's shape against storage-proofs-porep
// tests/stacked_circuit.rs (1 challenge, 2 layers, 8 nodes, porep_id [44;32],
// API 1.1, Poseidon base-2 and base-8 trees: 22 inputs, 1,206,212 /
// 1,199,620 constraints) and the 32 GiB partition's R1CS structure
// (FILECOIN.md §2.2, under CUZK_EXHAUSTIVE=1: 328 inputs, 130,169,893 aux,
// 130,278,869 constraints with the input constraints, A/B/C non-zeros
// 309,405,051 / 130,327,340 / 282,656,500, densities a_aux 129,753,292,
// b_input 1, b_aux 33,112,281). A blank circuit (no values) has the shape of
// a proving one.
#include <gtest/gtest.h>

#include <cstdlib>

#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "stacked_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::stacked;
using namespace cuzk::filecoin::stacked_test;

namespace {

r1cs::CircuitShape shape_of(const StackedCircuitInputs& in) {
  r1cs::ShapeCounter<F> cs;
  synthesize_stacked_porep(cs, in);
  return cs.shape();
}

bool exhaustive() { return std::getenv("CUZK_EXHAUSTIVE") != nullptr; }

}  // namespace

TEST(StackedCircuitShape, UpstreamEightNodes) {
  const auto base2 = shape_of(blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{2, 0, 0})));
  const auto base8 = shape_of(blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{8, 0, 0})));
  EXPECT_EQ(base2.num_inputs, 22u);
  EXPECT_EQ(base2.num_constraints, 1'206'212u);
  EXPECT_EQ(base8.num_inputs, 22u);
  EXPECT_EQ(base8.num_constraints, 1'199'620u);
}

TEST(StackedCircuitShape, BlankMatchesProvingCircuit) {
  for (auto proof : {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1}) {
    const auto c1 = c1_of_2kib(proof, 7, test::filled(13));
    const auto blank = shape_of(blank_stacked_circuit(stacked_circuit_shape(proof)));
    EXPECT_EQ(shape_of(stacked_circuit_inputs(c1, 0)), blank);
    EXPECT_EQ(blank.num_inputs, 40u);  // 1 + 3 + 2 challenges x 18
  }
}

TEST(StackedCircuitShape, BlankAsksForValues) {
  r1cs::TestConstraintSystem<F> cs;
  const auto blank = blank_stacked_circuit(stacked_circuit_shape(RegisteredSealProof::kStackedDrg2KiBV1_1));
  EXPECT_THROW(synthesize_stacked_porep(cs, blank), r1cs::AssignmentMissing);
}

TEST(StackedCircuitShape, ThirtyTwoGiBPartitionStructure) {
  if (!exhaustive()) GTEST_SKIP() << "a 130M-constraint synthesis (minutes); set CUZK_EXHAUSTIVE=1";
  const auto shape = stacked_circuit_shape(RegisteredSealProof::kStackedDrg32GiBV1_1);
  EXPECT_EQ(shape.layers, 11u);
  EXPECT_EQ(shape.challenges, 18u);
  r1cs::DensityCounter<F> cs;
  synthesize_stacked_porep(cs, blank_stacked_circuit(shape));
  EXPECT_EQ(cs.shape().num_inputs, 328u);
  EXPECT_EQ(cs.shape().num_aux, 130'169'893u);
  EXPECT_EQ(cs.shape().num_constraints + cs.shape().num_inputs, 130'278'869u);
  EXPECT_EQ(cs.nnz_a(), 309'405'051u);
  EXPECT_EQ(cs.nnz_b(), 130'327'340u);
  EXPECT_EQ(cs.nnz_c(), 282'656'500u);
  EXPECT_EQ(cs.nnz_a() + cs.nnz_b() + cs.nnz_c(), 722'388'891u);
  EXPECT_EQ(cs.a_aux_density(), 129'753'292u);
  EXPECT_EQ(cs.b_input_density(), 1u);
  EXPECT_EQ(cs.b_aux_density(), 33'112'281u);
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
  EXPECT_THROW(synthesize_stacked_porep(cs, in), Error);
  in = blank_stacked_circuit(stacked_circuit_shape(8, 2, 1, TreeArities{8, 0, 0}));
  in.challenges[0].drg_parents[2].rows.pop_back();
  EXPECT_THROW(synthesize_stacked_porep(cs, in), Error);
}
