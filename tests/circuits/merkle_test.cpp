// Poseidon Merkle inclusion: honest witnesses satisfy the circuit, a wrong
// leaf, root or index does not, and the three systems agree on the shape the
// circuit predicts.
#include <gtest/gtest.h>

#include "circuits/merkle.hpp"
#include "ff/fields.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"

using namespace cuzk;
using namespace cuzk::circuits;
using F = ff::Bls12_381_Fr;

TEST(Merkle, RandomWitnessIsConsistent) {
  MerkleShape s{3, 5, 8};
  auto w = random_merkle_witness<F>(s, 42);
  ASSERT_EQ(w.challenges.size(), 5u);
  for (const auto& ch : w.challenges) {
    EXPECT_LT(ch.leaf_index, 512u);
    EXPECT_EQ(merkle_root_of(ch, s, poseidon::filecoin_poseidon(8)), w.root);
  }
  // Deterministic from the seed.
  auto again = random_merkle_witness<F>(s, 42);
  EXPECT_EQ(again.root, w.root);
  EXPECT_NE(random_merkle_witness<F>(s, 43).root, w.root);
}

TEST(Merkle, ValidPathsSatisfyTheCircuit) {
  for (int arity : {2, 4, 8}) {
    MerkleShape s{arity == 8 ? 3 : 5, 3, arity};
    auto w = random_merkle_witness<F>(s, 7);
    PoseidonMerkleCircuit<F> circuit(s, &w);
    r1cs::TestConstraintSystem<F> tcs;
    circuit.synthesize(tcs);
    SCOPED_TRACE("arity " + std::to_string(arity));
    EXPECT_TRUE(tcs.is_satisfied()) << *tcs.which_is_unsatisfied();
    auto pub = circuit.public_inputs();
    ASSERT_EQ(tcs.inputs().size(), pub.size() + 1);
    for (size_t i = 0; i < pub.size(); ++i) EXPECT_EQ(tcs.inputs()[i + 1], pub[i]);
    EXPECT_EQ(tcs.shape(), circuit.shape());
  }
}

TEST(Merkle, ConstraintCountsForOctrees) {
  MerkleShape s{4, 2, 8};
  PoseidonMerkleCircuit<F> circuit(s);
  EXPECT_EQ(circuit.constraints_per_level(), 404u);
  EXPECT_EQ(circuit.shape().num_constraints, 2u * (4u * 404u + 2u));
  EXPECT_EQ(circuit.shape().num_inputs, 4u);
}

TEST(Merkle, WrongLeafRootOrIndexIsCaught) {
  MerkleShape s{2, 2, 8};
  auto good = random_merkle_witness<F>(s, 9);
  {
    auto w = good;
    w.challenges[1].leaf += F::one();
    PoseidonMerkleCircuit<F> c(s, &w);
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    auto bad = tcs.which_is_unsatisfied();
    ASSERT_TRUE(bad.has_value());
    EXPECT_NE(bad->find("'merkle/challenge 1/root'"), std::string::npos) << *bad;
  }
  {
    auto w = good;
    w.root += F::one();
    PoseidonMerkleCircuit<F> c(s, &w);
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    auto bad = tcs.which_is_unsatisfied();
    ASSERT_TRUE(bad.has_value());
    EXPECT_NE(bad->find("'merkle/challenge 0/root'"), std::string::npos) << *bad;
  }
  {
    auto w = good;
    w.challenges[0].leaf_index ^= 1;  // the path now places the leaf in the wrong slot
    PoseidonMerkleCircuit<F> c(s, &w);
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    EXPECT_FALSE(tcs.is_satisfied());
  }
  {
    // A sibling tampered inside the assignment breaks the path too.
    PoseidonMerkleCircuit<F> c(s, &good);
    r1cs::TestConstraintSystem<F> tcs;
    c.synthesize(tcs);
    ASSERT_TRUE(tcs.is_satisfied());
    tcs.mutable_aux()[1 + 3] += F::one();  // challenge 0: leaf, 3 index bits, then sibling 0
    EXPECT_FALSE(tcs.is_satisfied());
  }
  {
    MerkleWitness<F> w = good;
    w.challenges.pop_back();
    EXPECT_THROW(PoseidonMerkleCircuit<F>(s, &w), Error);
  }
}

TEST(Merkle, SystemsAgree) {
  MerkleShape s{3, 2, 8};
  auto w = random_merkle_witness<F>(s, 11);
  r1cs::ShapeCounter<F> sc;
  PoseidonMerkleCircuit<F>(s).synthesize(sc);  // no witness: values never asked for
  r1cs::TestConstraintSystem<F> tcs;
  PoseidonMerkleCircuit<F>(s, &w).synthesize(tcs);
  EXPECT_EQ(sc.shape(), tcs.shape());
  EXPECT_EQ(sc.shape(), PoseidonMerkleCircuit<F>(s).shape());

  r1cs::OwnedAssignmentBuffers<F> buf(sc.shape());
  r1cs::ProvingAssignment<F> pa(buf.view());
  PoseidonMerkleCircuit<F>(s, &w).synthesize(pa);
  pa.finish();
  EXPECT_EQ(pa.shape(), tcs.shape());
  for (size_t i = 0; i < tcs.aux().size(); ++i) ASSERT_EQ(pa.aux()[i], tcs.aux()[i]) << i;
  EXPECT_FALSE(pa.first_unsatisfied());  // every a_i * b_i = c_i

  // Proving without a witness fails loudly rather than proving garbage.
  r1cs::OwnedAssignmentBuffers<F> buf2(sc.shape());
  r1cs::ProvingAssignment<F> pa2(buf2.view());
  EXPECT_THROW(PoseidonMerkleCircuit<F>(s).synthesize(pa2), r1cs::AssignmentMissing);
}

TEST(Merkle, TallTreesUseSparseWitnesses) {
  MerkleShape s{10, 2, 8};  // 2^30 leaves: a 32 GiB sector's tree
  auto w = random_merkle_witness<F>(s, 3);
  for (const auto& ch : w.challenges) EXPECT_EQ(merkle_root_of(ch, s, poseidon::filecoin_poseidon(8)), w.root);
  PoseidonMerkleCircuit<F> c(s, &w);
  r1cs::TestConstraintSystem<F> tcs;
  c.synthesize(tcs);
  EXPECT_TRUE(tcs.is_satisfied());
  EXPECT_EQ(tcs.shape().num_constraints, 2u * (10u * 404u + 2u));
}
