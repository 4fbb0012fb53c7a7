// Real 2 KiB sectors sealed by the host sealer (API 1.0 and 1.1
// interactive, synthetic, non-interactive) satisfy the StackedDRG circuit
// built from their C1 output, and its public inputs are
// PorepPublicInputs::partition's; a tampered witness value (data, column
// label, challenge, commitment, path sibling or position) breaks the
// constraint that checks it, named.
#include <gtest/gtest.h>

#include "filecoin/circuits/stacked/circuit_inputs.hpp"
#include "filecoin/circuits/stacked/stacked_porep.hpp"
#include "filecoin/public_inputs/porep_public_inputs.hpp"
#include "r1cs/constraint_namer.hpp"
#include "circuits/r1cs_digest.hpp"
#include "stacked_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::stacked;
using namespace cuzk::filecoin::stacked_test;

namespace {

struct Evaluated {
  std::optional<std::string> unsatisfied;  // "constraint #i 'name'"
  std::vector<F> inputs;                   // ONE first
};

Evaluated evaluate(const StackedCircuitInputs& in) {
  test::DigestSystem<F> cs(std::nullopt, true);
  synthesize_stacked_porep(cs, in);
  Evaluated e;
  e.inputs = cs.inputs();
  if (auto bad = cs.first_unsatisfied())
    e.unsatisfied = r1cs::describe_constraint<F>(*bad, [&](auto& namer) { synthesize_stacked_porep(namer, in); });
  return e;
}

PorepPublicInputs generator(RegisteredSealProof proof, const SealCommitPhase1Output& c1) {
  const SectorIdentity id = identity();
  return PorepPublicInputs(porep_shape(proof), {c1.comm_r, c1.comm_d, id.prover_id, id.ticket, c1.seed, id.sector_id});
}

void expect_partitions_satisfy(RegisteredSealProof proof, uint64_t data_seed, std::vector<size_t> which = {0}) {
  SCOPED_TRACE(std::string(seal_proof_info(proof).name));
  const auto c1 = c1_of_2kib(proof, data_seed, test::filled(13));
  const auto partitions = stacked_circuit_partitions(c1);
  const auto gen = generator(proof, c1);
  ASSERT_EQ(partitions.size(), seal_proof_info(proof).partitions);
  for (size_t k : which) {
    const auto e = evaluate(partitions.at(k));
    EXPECT_EQ(e.unsatisfied, std::nullopt) << "partition " << k;
    std::vector<F> want{F::one()};
    for (const Fr& x : gen.partition(k)) want.push_back(x);
    EXPECT_EQ(e.inputs, want) << "partition " << k;
  }
}

}  // namespace

TEST(StackedCircuitC1, InteractiveV1Satisfies) { expect_partitions_satisfy(RegisteredSealProof::kStackedDrg2KiBV1, 1); }
TEST(StackedCircuitC1, InteractiveV1_1Satisfies) {
  expect_partitions_satisfy(RegisteredSealProof::kStackedDrg2KiBV1_1, 2);
}
TEST(StackedCircuitC1, SyntheticSatisfies) {
  expect_partitions_satisfy(RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep, 3);
}
// 13 partitions of 2 challenges: the first and the last.
TEST(StackedCircuitC1, NonInteractiveSatisfies) {
  expect_partitions_satisfy(RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, 6, {0, 12});
}

TEST(StackedCircuitC1, TamperedValuesNameTheirConstraint) {
  const auto c1 = c1_of_2kib(RegisteredSealProof::kStackedDrg2KiBV1_1, 4, test::filled(13));
  const auto good = stacked_circuit_inputs(c1, 0);
  auto expect_broken = [&](const char* what, auto&& tamper, const std::string& where) {
    SCOPED_TRACE(what);
    auto in = good;
    tamper(in);
    const auto e = evaluate(in);
    ASSERT_TRUE(e.unsatisfied);
    EXPECT_NE(e.unsatisfied->find("'" + where + "'"), std::string::npos) << *e.unsatisfied;
  };
  expect_broken("data leaf", [](auto& in) { *in.challenges[0].data_leaf += F::one(); },
                "challenge_0/comm_d_inclusion/enforce root is correct");
  expect_broken("parent label", [](auto& in) { *in.challenges[1].drg_parents[2].rows[1] += F::one(); },
                "challenge_1/drg_parent_2_inclusion/enforce root is correct");
  expect_broken("expander column", [](auto& in) { *in.challenges[0].exp_parents[7].rows[0] += F::one(); },
                "challenge_0/exp_parent_7_inclusion/enforce root is correct");
  // a different challenge changes every label, hence the replica node
  expect_broken("challenge", [](auto& in) { *in.challenges[0].challenge ^= 1; },
                "challenge_0/comm_r_last_data_inclusion/enforce root is correct");
  expect_broken("comm_c", [](auto& in) { *in.comm_c += F::one(); }, "enforce comm_r = H(comm_c || comm_r_last)");
  expect_broken("comm_r_last", [](auto& in) { *in.comm_r_last += F::one(); },
                "enforce comm_r = H(comm_c || comm_r_last)");
  expect_broken("column path sibling", [](auto& in) { in.challenges[1].comm_c_path->base[0].hashes[3][0] ^= 1; },
                "challenge_1/c_x_inclusion/enforce root is correct");
  expect_broken("data path position", [](auto& in) { in.challenges[0].comm_d_path->base[2].index ^= 1; },
                "challenge_0/comm_d_inclusion/enforce root is correct");
}

TEST(StackedCircuitC1, BuilderRejectsMalformedProofs) {
  auto c1 = c1_of_2kib(RegisteredSealProof::kStackedDrg2KiBV1_1, 5, test::filled(13));
  EXPECT_THROW(stacked_circuit_inputs(c1, 1), Error);
  auto bad = c1;
  bad.vanilla_proofs[0][1].comm_r_last_proof.root[0] ^= 1;
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
  bad = c1;
  bad.vanilla_proofs[0][0].replica_column_proofs.exp_parents.pop_back();
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
  bad = c1;
  bad.vanilla_proofs[0][0].replica_column_proofs.drg_parents[0].column.rows.pop_back();
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
  bad = c1;
  bad.vanilla_proofs[0][0].comm_d_proofs.base.pop_back();
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
  bad = c1;
  bad.vanilla_proofs[0].pop_back();
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
  bad = c1;
  bad.vanilla_proofs[0][0].comm_d_proofs.leaf.fill(0xff);
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), DecodeError);
  bad = c1;
  bad.registered_proof = "StackedDrg8MiBV1_1";
  EXPECT_THROW(stacked_circuit_inputs(bad, 0), Error);
}
