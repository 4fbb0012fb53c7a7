// The EmptySectorUpdate partition circuit against rust-fil-proofs
// (storage-proofs-update tests/circuit.rs): the blank circuit's constraint
// counts for the test sizes 1 KiB (8-4-0) 1,248,389, 2 KiB (8-0-0) 1,705,039,
// 4 KiB (8-2-0) 2,165,109, 8 KiB (8-4-0) 2,620,359, 16 KiB (8-8-0)
// 6,300,021, 32 KiB (8-8-2) 6,760,091, and 32 GiB (8-8-0) 81,049,499; four
// public inputs; apex_por's counts (gadgets.rs). Real 2 KiB and 32 KiB (two
// partitions) SnapDeals updates from the host sealer satisfy it, with
// snap_public_inputs' values (the verifier's) as its inputs; tampered
// witnesses fail at the named constraint, or with an Error where the Rust
// asserts.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "circuits/r1cs_digest.hpp"
#include "core/error.hpp"
#include "filecoin/circuits/update/empty_sector_update_circuit.hpp"
#include "filecoin/circuits/update/update_circuit_builder.hpp"
#include "filecoin/public_inputs/snap_public_inputs.hpp"
#include "filecoin/registry/update_params.hpp"
#include "filecoin/sealer/sealed_sector.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "r1cs/constraint_namer.hpp"
#include "r1cs/shape_counter.hpp"
#include "r1cs/test_constraint_system.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::update_circuit;

namespace {

r1cs::CircuitShape blank_shape(uint64_t nodes) {
  r1cs::ShapeCounter<Fr> sc;
  synthesize_empty_sector_update(sc, blank_update_circuit_inputs(nodes));
  return sc.shape();
}

TEST(UpdateCircuit, BlankCountsAreRustFilProofs) {
  const std::pair<uint64_t, size_t> cases[] = {{1 << 5, 1248389}, {1 << 6, 1705039}, {1 << 7, 2165109},
                                               {1 << 8, 2620359}, {1 << 9, 6300021}, {1 << 10, 6760091}};
  for (const auto& [nodes, constraints] : cases) {
    const r1cs::CircuitShape s = blank_shape(nodes);
    EXPECT_EQ(s.num_constraints, constraints) << nodes << " nodes";
    EXPECT_EQ(s.num_inputs, 5u) << nodes << " nodes";
  }
}

TEST(UpdateCircuit, BlankCount32GiB) {
  const auto start = std::chrono::steady_clock::now();
  const r1cs::CircuitShape s = blank_shape(uint64_t(1) << 30);
  EXPECT_EQ(s.num_constraints, 81049499u);
  EXPECT_EQ(s.num_inputs, 5u);
  RecordProperty("seconds",
                 std::to_string(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
}

// gadgets.rs apex_por tests: 8 apex leafs and no partition bits (1-8 KiB)
// 317,654; at 16 KiB 4 partitions x 16 leafs 771,448 and 8 x 8 453,797;
// 2 partitions x 128 leafs (16 and 32 KiB) 5,808,515.
TEST(UpdateCircuit, ApexPorCountsAreRustFilProofs) {
  struct Case {
    uint64_t nodes;
    size_t partitions, leafs, constraints;
  };
  const Case cases[] = {{1 << 5, 1, 8, 317654},    {1 << 6, 1, 8, 317654}, {1 << 8, 1, 8, 317654},
                        {1 << 9, 4, 16, 771448},   {1 << 9, 8, 8, 453797}, {1 << 9, 2, 128, 5808515},
                        {1 << 10, 2, 128, 5808515}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.nodes);
    const UpdateCircuitParams p = update_circuit_params(c.nodes);
    r1cs::ShapeCounter<Fr> cs;
    using circuits::AllocatedBit;
    using circuits::AllocatedNum;
    const auto comm_d = AllocatedNum<Fr>::alloc(cs, "comm_d", [] { return Fr::zero(); });
    std::vector<AllocatedBit<Fr>> bits;
    std::vector<std::vector<AllocatedNum<Fr>>> path;
    const size_t partition_bits = size_t(std::countr_zero(c.partitions));
    for (size_t i = 0; i < partition_bits; ++i)
      bits.push_back(AllocatedBit<Fr>::alloc(cs, "bit", std::optional<bool>()));
    std::vector<AllocatedNum<Fr>> leafs;
    for (size_t i = 0; i < c.leafs; ++i)
      leafs.push_back(AllocatedNum<Fr>::alloc(cs, "leaf", [] { return Fr::zero(); }));
    for (size_t i = 0; i < partition_bits; ++i)
      path.push_back({AllocatedNum<Fr>::alloc(cs, "sibling", [] { return Fr::zero(); })});
    const size_t before = cs.shape().num_constraints;
    apex_por(cs, "apex_por", p, leafs, bits, path, comm_d);
    EXPECT_EQ(cs.shape().num_constraints - before, c.constraints);
  }
}

TEST(UpdateCircuit, BlankCircuitHasNoValues) {
  r1cs::TestConstraintSystem<Fr> cs;
  EXPECT_THROW(synthesize_empty_sector_update(cs, blank_update_circuit_inputs(64)), r1cs::AssignmentMissing);
}

// A 2 KiB CC sector sealed in memory and updated with pseudo-random data.
struct Update2KiB {
  SealedSector sector;
  UpdatedSector update;
  SnapPublicValues pub;
  std::vector<SnapPartitionProof> proofs;
};

const Update2KiB& update_2kib() {
  static const Update2KiB u = [] {
    SealConfig config;
    config.sector_size = 2048;
    config.porep_id[0] = 5;
    config.api_version = ApiVersion::kV1_1_0;
    SealedSector sector = seal_cc_sector(config, {test::filled(4), 99, test::filled(5)});
    UpdatedSector update = encode_sector_update(sector, test::data_nodes(64, 2048));
    const SnapPublicValues pub{update.comm_r_old, update.comm_d_new, update.comm_r_new};
    std::vector<SnapPartitionProof> proofs = snap_partition_proofs(sector, update);
    return Update2KiB{std::move(sector), std::move(update), pub, std::move(proofs)};
  }();
  return u;
}

// First unsatisfied constraint's name, or "" when the witness satisfies the circuit.
std::string first_unsatisfied(const UpdateCircuitInputs& in, std::vector<Fr>* inputs = nullptr) {
  test::DigestSystem<Fr> ds(std::nullopt, true);
  synthesize_empty_sector_update(ds, in);
  if (inputs) *inputs = ds.inputs();
  if (!ds.first_unsatisfied()) return "";
  return r1cs::describe_constraint<Fr>(*ds.first_unsatisfied(),
                                       [&](auto& namer) { synthesize_empty_sector_update(namer, in); });
}

TEST(UpdateCircuit, Real2KiBUpdateSatisfiesWithTheVerifiersInputs) {
  const Update2KiB& u = update_2kib();
  const auto all = update_circuit_inputs_all(64, u.pub, u.proofs);
  ASSERT_EQ(all.size(), 1u);
  std::vector<Fr> inputs;
  EXPECT_EQ(first_unsatisfied(all[0], &inputs), "");
  std::vector<Fr> expected{Fr::one()};
  for (const Fr& x : snap_public_inputs(64, 0, update_h_default(64), u.pub)) expected.push_back(x);
  EXPECT_EQ(inputs, expected);
  EXPECT_EQ(update_circuit_public_inputs(all[0]), snap_public_inputs(64, 0, update_h_default(64), u.pub));

  r1cs::ShapeCounter<Fr> sc;
  synthesize_empty_sector_update(sc, all[0]);
  EXPECT_EQ(sc.shape(), blank_shape(64));
}

TEST(UpdateCircuit, TamperedWitnessesFailAtTheNamedConstraint) {
  const Update2KiB& u = update_2kib();
  const UpdateCircuitInputs good = update_circuit_inputs(64, 0, update_h_default(64), u.pub, u.proofs[0]);
  auto expect_fails_at = [&](const UpdateCircuitInputs& in, const std::string& where) {
    const std::string name = first_unsatisfied(in);
    EXPECT_NE(name.find(where), std::string::npos) << "got: " << name;
  };
  {
    UpdateCircuitInputs in = good;
    *in.challenges[3].path_r_old[1][2] += Fr::one();
    expect_fails_at(in, "por tree_r_old (c_index=3)/calculated root == provided root");
  }
  {
    UpdateCircuitInputs in = good;
    *in.challenges[7].path_d_new[0][0] += Fr::one();
    expect_fails_at(in, "por to_apex_leaf (c_index=7)/calculated root == provided root");
  }
  {
    UpdateCircuitInputs in = good;
    *in.apex_leafs[5] += Fr::one();
    expect_fails_at(in, "apex_gadget/partition-tree por/calculated root == provided root");
  }
  {
    UpdateCircuitInputs in = good;
    *in.comm_c += Fr::one();
    expect_fails_at(in, "enforce comm_r_old_calc == comm_r_old");
  }
  {
    // Every h is 1 below 64 KiB, so any one-hot h_select proves the same.
    UpdateCircuitInputs in = good;
    in.k_and_h_select = Fr::from_u64(1 << 4);
    EXPECT_EQ(first_unsatisfied(in), "");
  }
  {
    UpdateCircuitInputs in = good;
    *in.root_r_new += Fr::one();
    expect_fails_at(in, "enforce comm_r_new_calc == comm_r_new");
  }
  {
    UpdateCircuitInputs in = good;
    *in.challenges[2].leaf_d_new += Fr::one();  // leaf_r_new no longer its encoding: the Rust asserts
    EXPECT_THROW(first_unsatisfied(in), Error);
  }
  {
    UpdateCircuitInputs in = good;
    *in.comm_r_new += Fr::one();  // other challenges, other rhos: the Rust asserts too
    EXPECT_THROW(first_unsatisfied(in), Error);
  }
  {
    UpdateCircuitInputs in = good;
    in.k_and_h_select = Fr::from_u64(3);  // two h_select bits
    EXPECT_THROW(first_unsatisfied(in), Error);
  }
  {
    UpdateCircuitInputs in = good;
    in.challenges.pop_back();
    EXPECT_THROW(first_unsatisfied(in), Error);
  }
}

// Two partitions (one partition bit under h_select), TreeR 8-8-2: partition
// 1 of a real 32 KiB update satisfies its circuit (about 10 s); with
// CUZK_EXHAUSTIVE=1 (a minute more) partition 0 too, partition 1's proof
// is refused as partition 0's, and a changed partition path fails apex_por.
TEST(UpdateCircuit, Real32KiBUpdateSatisfiesItsPartitions) {
  const uint64_t nodes = 1 << 10;
  SealConfig config;
  config.sector_size = nodes * 32;
  config.porep_id[0] = 5;
  config.api_version = ApiVersion::kV1_1_0;
  const SealedSector sector = seal_cc_sector(config, {test::filled(6), 7, test::filled(8)});
  const UpdatedSector update = encode_sector_update(sector, test::data_nodes(nodes, 32));
  const SnapPublicValues pub{update.comm_r_old, update.comm_d_new, update.comm_r_new};
  const auto proofs = snap_partition_proofs(sector, update);
  const auto all = update_circuit_inputs_all(nodes, pub, proofs);
  ASSERT_EQ(all.size(), 2u);
  const bool exhaustive = std::getenv("CUZK_EXHAUSTIVE") != nullptr;
  for (size_t k = exhaustive ? 0 : 1; k < 2; ++k) {
    std::vector<Fr> inputs;
    EXPECT_EQ(first_unsatisfied(all[k], &inputs), "") << "partition " << k;
    inputs.erase(inputs.begin());
    EXPECT_EQ(inputs, snap_public_inputs(nodes, k, update_h_default(nodes), pub));
  }
  if (!exhaustive) return;
  // Partition 1's openings lie in the other half, under the other rho.
  const UpdateCircuitInputs swapped = update_circuit_inputs(nodes, 0, update_h_default(nodes), pub, proofs[1]);
  EXPECT_THROW(first_unsatisfied(swapped), Error);
  // The partition path (TreeD's top level), changed in every challenge alike.
  UpdateCircuitInputs in = all[1];
  for (auto& c : in.challenges) *c.path_d_new.back()[0] += Fr::one();
  const std::string name = first_unsatisfied(in);
  EXPECT_NE(name.find("apex_gadget/partition-tree por/calculated root == provided root"), std::string::npos) << name;
}

}  // namespace
