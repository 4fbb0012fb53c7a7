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
#include "filecoin/prove/two_kib_statements.hpp"
#include "formats/bellperson_params.hpp"
#include "formats/bellperson_params_check.hpp"
#include "groth16/prover.hpp"
#include "r1cs/density_counter.hpp"
#include "r1cs/proving_assignment.hpp"

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
  const auto& sector = filecoin::test::two_kib_sector();
  const std::vector<filecoin::test::ProofStatement> cases{sector.window(), sector.winning(), sector.porep(),
                                                          sector.snap()};
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
