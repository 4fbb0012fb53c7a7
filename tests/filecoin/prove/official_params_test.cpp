// The official v28 parameters against our circuits, for whoever holds them:
// set FIL_PROOFS_PARAMETER_CACHE (the folder Lotus and Curio fill, e.g.
// /var/tmp/filecoin-proof-parameters) and every published circuit whose
// .params (or, failing that, .vk) is there has its section counts compared
// with our circuit's: ic, h, l, a, b_g1, b_g2 equal means the same inputs,
// variables, domain and A/B densities as bellperson's. Where a 2 KiB .params
// is there, a real proof is made under it from a sector sealed here and
// verified: a proof under the official trusted setup verifies only if our
// R1CS is bellperson's, constraint for constraint. Without the folder the
// tests skip, saying why. CUZK_OFFICIAL_MAX_SIZE (bytes; every size by
// default) bounds the sector sizes whose circuits are counted: a 32 GiB
// PoRep count takes minutes on one core.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "filecoin/prove/filecoin_circuit.hpp"
#include "filecoin/registry/parameter_ids.hpp"
#include "filecoin/sealer/commit_phase1.hpp"
#include "filecoin/sealer/post_prover.hpp"
#include "filecoin/sealer/snap_update.hpp"
#include "filecoin/verify/proof_types.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/bellperson_params_check.hpp"
#include "groth16/prover.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/proving_assignment.hpp"
#include "support/filecoin_values.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
namespace bp = cuzk::formats::bellperson;
namespace fs = std::filesystem;
using E = groth16::Bls12_381;

namespace {

std::optional<fs::path> params_dir() {
  const char* d = std::getenv("FIL_PROOFS_PARAMETER_CACHE");
  if (!d || !*d) return std::nullopt;
  return fs::path(d);
}

uint64_t max_sector_size() {
  const char* m = std::getenv("CUZK_OFFICIAL_MAX_SIZE");
  return m ? std::strtoull(m, nullptr, 10) : uint64_t(1) << 36;
}

FilecoinProofType type_of(const CircuitParameters& c) {
  // One registered proof per circuit: the published files are shared by
  // every version of a size.
  for (const auto& s : all_seal_proofs())
    if (c.kind == CircuitKind::kPoRep && circuit_parameters(s.proof).cache_id == c.cache_id)
      return porep_proof_type(s.proof);
  for (const auto& p : all_post_proofs())
    if ((c.kind == CircuitKind::kWindowPoSt || c.kind == CircuitKind::kWinningPoSt) &&
        circuit_parameters(p.proof).cache_id == c.cache_id)
      return post_proof_type(p.proof);
  for (const auto& u : all_update_proofs())
    if (c.kind == CircuitKind::kSnapDeals && circuit_parameters(u.proof).cache_id == c.cache_id)
      return snap_proof_type(u.proof);
  throw Error("no registered proof for " + c.cache_id);
}

}  // namespace

TEST(OfficialParams, SectionCountsEqualOurCircuits) {
  const auto dir = params_dir();
  if (!dir) GTEST_SKIP() << "FIL_PROOFS_PARAMETER_CACHE is not set: no official parameters to compare with";
  size_t compared = 0;
  for (const auto& c : published_circuits()) {
    if (c.kind == CircuitKind::kSnapDealsPoseidon || c.sector_size > max_sector_size()) continue;
    fs::path file = *dir / c.params_file();
    if (!fs::exists(file)) file = *dir / c.vk_file();
    if (!fs::exists(file)) continue;
    SCOPED_TRACE(file.string());
    const auto type = type_of(c);
    r1cs::DensityCounter<Fr> dc;
    blank_filecoin_circuit(type).synthesize(dc);
    const auto m = bp::params_mismatches(bp::scan_params_counts_file(file.string()), bp::expected_params_counts(dc));
    std::string all;
    for (const auto& line : m) all += "\n  " + line;
    EXPECT_TRUE(m.empty()) << type.name << ":" << all;
    std::printf("compared %s with %s: %s\n", type.name.c_str(), file.filename().c_str(), m.empty() ? "equal" : "DIFFERENT");
    ++compared;
  }
  if (compared == 0) GTEST_SKIP() << "no published .params/.vk file in " << dir->string();
}

// Real proofs of the 2 KiB circuits under the official keys.
TEST(OfficialParams, TwoKiBProofsVerifyUnderTheOfficialKeys) {
  const auto dir = params_dir();
  if (!dir) GTEST_SKIP() << "FIL_PROOFS_PARAMETER_CACHE is not set";
  const SectorIdentity id{cuzk::test::filled(7), 42, trunc254(cuzk::test::filled(3))};
  const Domain seed = trunc254(cuzk::test::filled(5)), randomness = trunc254(cuzk::test::filled(9));
  std::vector<Domain> data(seal_config(RegisteredSealProof::kStackedDrg2KiBV1_1).nodes());
  for (size_t i = 0; i < data.size(); ++i) data[i] = trunc254(cuzk::test::filled(uint8_t(i * 37 + 1)));
  const auto sealed = seal_sector(seal_config(RegisteredSealProof::kStackedDrg2KiBV1_1), data, id);

  struct Case {
    FilecoinProofType type;
    FilecoinPublicValues values;
    FilecoinVanillaProofs vanilla;
  };
  std::vector<Case> cases;
  for (auto proof : {RegisteredPoStProof::kStackedDrgWindow2KiBV1_2, RegisteredPoStProof::kStackedDrgWinning2KiBV1}) {
    Case c{post_proof_type(proof), {}, {}};
    c.values.randomness = randomness;
    c.values.sectors = {{id.sector_id, sealed.comm_r}};
    c.vanilla.post.push_back(post_sector_proof(proof, sealed, id.sector_id, randomness));
    cases.push_back(std::move(c));
  }
  {
    Case c{porep_proof_type(RegisteredSealProof::kStackedDrg2KiBV1_1), {}, {}};
    c.values.comm_r = sealed.comm_r;
    c.values.comm_d = sealed.comm_d;
    c.values.prover_id = id.prover_id;
    c.values.sector_id = id.sector_id;
    c.values.ticket = id.ticket;
    c.values.seed = seed;
    c.vanilla.c1 = seal_commit_phase1(RegisteredSealProof::kStackedDrg2KiBV1_1, sealed, seed);
    cases.push_back(std::move(c));
  }
  {
    std::vector<Domain> fresh(sealed.nodes());
    for (size_t i = 0; i < fresh.size(); ++i) fresh[i] = trunc254(cuzk::test::filled(uint8_t(i + 100)));
    const auto u = encode_sector_update(sealed, std::move(fresh));
    Case c{snap_proof_type(RegisteredUpdateProof::kStackedDrg2KiBV1), {}, {}};
    c.values.comm_r_old = sealed.comm_r;
    c.values.comm_d_new = u.comm_d_new;
    c.values.comm_r_new = u.comm_r_new;
    c.vanilla.snap = snap_partition_proofs(sealed, u);
    cases.push_back(std::move(c));
  }
  size_t proved = 0;
  for (const auto& c : cases) {
    const fs::path file = *dir / std::visit([](auto p) { return circuit_parameters(p).params_file(); }, c.type.registered);
    if (!fs::exists(file)) continue;
    SCOPED_TRACE(c.type.name);
    const auto pk = bp::read_params(file.string());
    std::vector<uint8_t> bytes;
    for (const auto& circuit : filecoin_partition_circuits(c.type, c.values, c.vanilla)) {
      r1cs::ShapeCounter<Fr> sc;
      circuit.synthesize(sc);
      r1cs::OwnedAssignmentBuffers<Fr> buf(sc.shape());
      r1cs::ProvingAssignment<Fr> pa(buf.view());
      circuit.synthesize(pa);
      pa.finish();
      ASSERT_FALSE(pa.first_unsatisfied());
      const auto b = bp::proof_to_bytes(groth16::prove_cpu(pk, pa));
      bytes.insert(bytes.end(), b.begin(), b.end());
    }
    EXPECT_TRUE(verify_filecoin_proof(c.type, c.values, pk.vk, bytes).valid);
    ++proved;
  }
  if (proved == 0) GTEST_SKIP() << "no 2 KiB .params file in " << dir->string();
}
