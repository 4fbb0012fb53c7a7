// Filecoin proofs through the engine from a 2 KiB sector sealed here:
// WindowPoSt and WinningPoSt always, PoRep (from its C1 output) and
// SnapDeals with CUZK_EXHAUSTIVE=1 (their development setups take minutes
// on 2 cores). Each is proved on the CPU and on the GPU backend where a GPU
// answers (elsewhere the second run is the CPU again). Every proof: verified
// by the engine before it returns, by verify_filecoin_proof from its bytes
// against inputs generated from the public values alone, and by
// @noble/curves; with a flipped bit it does not verify; a tampered witness is
// refused as bad input naming the unsatisfied constraint. The WindowPoSt case
// runs twice: fully synthesized, and from the witness alone under the
// circuit's recorded matrices (a, b made on the device where the GPU backend
// proves). CUZK_OUTSIDE_DUMP=dir
// writes each proof pair for the outside verifier to check elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "engine/circuit_partition.hpp"
#include "engine/proving_host.hpp"
#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/prove/two_kib_statements.hpp"
#include "filecoin/verify/outside_verifier.hpp"
#include "formats/bellperson_params.hpp"
#include "groth16/setup.hpp"
#include "r1cs/keypair_assembly.hpp"
#include "r1cs/matrix_recorder.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using E = groth16::Bls12_381;
namespace bp = cuzk::formats::bellperson;

namespace {

bool exhaustive() { return std::getenv("CUZK_EXHAUSTIVE") != nullptr; }

std::shared_ptr<const engine::BellpersonKey> dev_key(const FilecoinProofType& type) {
  r1cs::KeypairAssembly<Fr> ka;
  blank_filecoin_circuit(type).synthesize(ka);
  ka.finish();
  return std::make_shared<const engine::BellpersonKey>(
      groth16::generate_parameters<E>(ka, groth16::ToxicWaste<E>::random()));
}

struct Proved {
  engine::JobResult result;
  std::vector<uint8_t> bytes;
};

std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> recorded(const FilecoinProofType& type) {
  r1cs::MatrixRecorder<Fr> rec;
  blank_filecoin_circuit(type).synthesize(rec);
  return std::make_shared<const r1cs::ConstraintMatrices<Fr>>(std::move(rec).finish());
}

// matrices: proved from the witness alone under them.
Proved prove(const std::shared_ptr<const engine::BellpersonKey>& key, const std::vector<FilecoinCircuit>& circuits,
             bool cpu_only, std::shared_ptr<const r1cs::ConstraintMatrices<Fr>> matrices = nullptr) {
  engine::BackendOptions o;
  o.use_gpus = !cpu_only;
  auto host = engine::make_local_host(o);
  engine::JobSpec spec;
  spec.key = key;
  const auto shape = engine::counted_shape(circuits.front());
  for (const auto& c : circuits)
    spec.partitions.push_back(matrices ? std::make_shared<engine::CircuitPartition<FilecoinCircuit>>(c, matrices)
                                       : std::make_shared<engine::CircuitPartition<FilecoinCircuit>>(c, shape));
  spec.verify_after = true;
  Proved p{host->prove(std::move(spec)), {}};
  if (p.result.status == engine::JobStatus::kDone)
    for (const auto& proof : p.result.proofs<E>()) {
      const auto b = bp::proof_to_bytes(proof);
      p.bytes.insert(p.bytes.end(), b.begin(), b.end());
    }
  return p;
}

// Proves on the CPU and on the GPU backend; checks each proof three ways.
void prove_and_check(const FilecoinProofType& type, const FilecoinPublicValues& values,
                     const FilecoinVanillaProofs& vanilla, bool witness_only = false) {
  const auto key = dev_key(type);
  const auto circuits = filecoin_partition_circuits(type, values, vanilla);
  const auto matrices = witness_only ? recorded(type) : nullptr;
  for (bool cpu_only : {true, false}) {
    SCOPED_TRACE(cpu_only ? "CPU" : "GPU backend where present");
    const auto p = prove(key, circuits, cpu_only, matrices);
    ASSERT_EQ(p.result.status, engine::JobStatus::kDone) << p.result.error;
    ASSERT_EQ(p.bytes.size(), 192 * circuits.size());
    EXPECT_TRUE(verify_filecoin_proof(type, values, key->vk, p.bytes).valid);
    auto flipped = p.bytes;
    flipped[0] ^= 0x20;  // A's sign: a well-formed proof of nothing
    EXPECT_FALSE(verify_filecoin_proof(type, values, key->vk, flipped).valid);

    filecoin::test::OutsideCase good{&key->vk, {}, filecoin_public_inputs(type, values)};
    for (size_t k = 0; k < circuits.size(); ++k)
      good.proofs.emplace_back(p.bytes.begin() + 192 * k, p.bytes.begin() + 192 * (k + 1));
    filecoin::test::OutsideCase bad = good;
    bad.proofs[0] = std::vector<uint8_t>(flipped.begin(), flipped.begin() + 192);
    if (const char* dir = std::getenv("CUZK_OUTSIDE_DUMP")) {
      // Proofs made where node is missing (the GPU machine), checked later.
      std::string name = type.name;
      std::replace(name.begin(), name.end(), ':', '_');
      std::ofstream(std::string(dir) + "/" + name + (cpu_only ? "_cpu" : "_gpu") + ".json")
          << filecoin::test::outside_cases_json({good, bad}).dump();
    }
    const auto verdicts = filecoin::test::noble_verify({good, bad});
    if (!verdicts) {
      std::printf("note: node not available, the outside verifier did not run\n");
      continue;
    }
    EXPECT_EQ((*verdicts)[0], filecoin::test::OutsideVerdict::kValid);
    EXPECT_EQ((*verdicts)[1], filecoin::test::OutsideVerdict::kInvalid);
  }
}

void prove_and_check(const filecoin::test::ProofStatement& s, bool witness_only = false) {
  prove_and_check(s.type, s.values, s.vanilla, witness_only);
}

}  // namespace

TEST(FilecoinProve, WindowPoSt2KiB) { prove_and_check(filecoin::test::two_kib_sector().window()); }

TEST(FilecoinProve, WinningPoSt2KiB) { prove_and_check(filecoin::test::two_kib_sector().winning()); }

TEST(FilecoinProve, WindowPoSt2KiBFromTheWitnessAlone) { prove_and_check(filecoin::test::two_kib_sector().window(), true); }

// The same tampered leaf, proved from the witness alone: the matrices find
// the same constraint (on the device where the GPU backend proves).
TEST(FilecoinProve, TamperedWitnessIsNamedFromTheMatricesToo) {
  auto s = filecoin::test::two_kib_sector().window();
  auto& sibling = s.vanilla.post[0].sectors[0].inclusion_proofs[3].base.front().hashes[0];
  sibling[0] ^= 1;
  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  const auto key = dev_key(s.type);
  const auto full = prove(key, circuits, true);
  for (bool cpu_only : {true, false}) {
    SCOPED_TRACE(cpu_only ? "CPU" : "GPU backend where present");
    const auto p = prove(key, circuits, cpu_only, recorded(s.type));
    ASSERT_EQ(p.result.status, engine::JobStatus::kFailed);
    EXPECT_EQ(p.result.failure, engine::Failure::kBadInput);
    const auto at = full.result.error.find("constraint #");
    ASSERT_NE(at, std::string::npos) << full.result.error;
    EXPECT_NE(p.result.error.find(full.result.error.substr(at)), std::string::npos) << p.result.error;
  }
}

// A leaf of the vanilla proof changed: the circuit is unsatisfied, and the
// engine says which constraint before any proving work.
TEST(FilecoinProve, TamperedWitnessIsRefusedNamingTheConstraint) {
  auto s = filecoin::test::two_kib_sector().window();
  auto& sibling = s.vanilla.post[0].sectors[0].inclusion_proofs[3].base.front().hashes[0];
  sibling[0] ^= 1;
  const auto circuits = filecoin_partition_circuits(s.type, s.values, s.vanilla);
  const auto p = prove(dev_key(s.type), circuits, true);
  ASSERT_EQ(p.result.status, engine::JobStatus::kFailed);
  EXPECT_EQ(p.result.failure, engine::Failure::kBadInput);
  EXPECT_NE(p.result.error.find("challenge_inclusion_3"), std::string::npos) << p.result.error;
  EXPECT_NE(p.result.error.find("constraint #"), std::string::npos) << p.result.error;
}

TEST(FilecoinProve, VanillaProofsOfAnotherStatementAreRefused) {
  const auto& sector = filecoin::test::two_kib_sector();
  const auto s = sector.window();
  auto other = s.values;
  other.sectors[0].sector_id += 1;
  EXPECT_THROW(filecoin_partition_circuits(s.type, other, s.vanilla), Error);
  EXPECT_THROW(filecoin_partition_circuits(s.type, s.values, FilecoinVanillaProofs{}), Error);
  auto c1_too = s.vanilla;
  c1_too.c1 = sector.porep().vanilla.c1;
  EXPECT_THROW(filecoin_partition_circuits(s.type, s.values, c1_too), Error);
  const auto porep = sector.porep();
  auto other_sector = porep.values;
  other_sector.sector_id = *other_sector.sector_id + 1;
  EXPECT_THROW(filecoin_partition_circuits(porep.type, other_sector, porep.vanilla), Error);
}

TEST(FilecoinProve, PoRep2KiBFromItsC1Output) {
  if (!exhaustive()) GTEST_SKIP() << "a development setup of the 2 KiB PoRep circuit takes minutes; CUZK_EXHAUSTIVE=1";
  prove_and_check(filecoin::test::two_kib_sector().porep());
}

TEST(FilecoinProve, SnapDeals2KiB) {
  if (!exhaustive()) GTEST_SKIP() << "a development setup of the 2 KiB SnapDeals circuit takes minutes; CUZK_EXHAUSTIVE=1";
  prove_and_check(filecoin::test::two_kib_sector().snap());
}
