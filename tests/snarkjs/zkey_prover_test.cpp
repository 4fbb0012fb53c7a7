// The .zkey prover against snarkjs's own files (tests/snarkjs/fixtures, made
// by make_fixtures.sh): proofs verify under the key's and the exported
// verification key, public signals equal snarkjs's, snarkjs's proof verifies
// here, a changed wire gives a proof that does not verify, and the dev setup
// produces keys whose proofs verify.
#include <gtest/gtest.h>

#include "formats/public_inputs_json.hpp"
#include "formats/snarkjs/json.hpp"
#include "formats/snarkjs/json_vk.hpp"
#include "formats/snarkjs/r1cs_file.hpp"
#include "formats/snarkjs/wtns.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "groth16/verifier.hpp"
#include "groth16/zkey_prover.hpp"
#include "groth16/zkey_setup.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
namespace sj = cuzk::formats::snarkjs;

namespace {

template <class E>
std::string fixture(const std::string& name) {
  return testing_support::snarkjs_fixture(sj::curve_name(sj::curve_of<E>()), name);
}

template <class E>
std::string text(const std::string& name) {
  return formats::read_text_file(fixture<E>(name));
}

template <class E>
bool verifies(const VerifyingKey<E>& vk, const Proof<E>& p, const std::vector<typename E::Fr>& x) {
  PreparedVerifyingKey<E> pvk(vk);
  return verify_proof(pvk, p, std::span<const typename E::Fr>(x));
}

}  // namespace

template <class E>
class ZkeyProverTest : public ::testing::Test {};
using Curves = ::testing::Types<Bn254, Bls12_381>;
TYPED_TEST_SUITE(ZkeyProverTest, Curves);

TYPED_TEST(ZkeyProverTest, ProvesSnarkjsKey) {
  using E = TypeParam;
  using F = typename E::Fr;
  auto pk = sj::read_zkey_file<E>(fixture<E>("circuit.zkey"), {.check_query_subgroups = true});
  auto w = sj::read_wtns_file<E>(fixture<E>("witness.wtns"));
  auto vk_json = sj::vk_from_json<E>(text<E>("verification_key.json"), "vk");
  auto pub = public_signals(pk, std::span<const F>(w));
  EXPECT_EQ(sj::public_to_json<F>(pub), text<E>("public.json"));
  EXPECT_EQ(pk.vk.ic, vk_json.ic);
  EXPECT_EQ(pk.vk.delta_g2, vk_json.delta_g2);

  auto proof = prove_zkey(pk, std::span<const F>(w));
  EXPECT_TRUE(verifies(pk.vk, proof, pub));
  EXPECT_TRUE(verifies(vk_json, proof, pub));
  auto back = sj::proof_from_json<E>(sj::proof_to_json(proof), "ours");
  EXPECT_EQ(back, proof);

  auto theirs = sj::proof_from_json<E>(text<E>("proof.json"), "snarkjs proof");
  EXPECT_TRUE(verifies(vk_json, theirs, pub));
  auto pub2 = pub;
  pub2[0] += F::one();
  EXPECT_FALSE(verifies(vk_json, theirs, pub2));
}

TYPED_TEST(ZkeyProverTest, AlphaBetaMatchesSnarkjsExport) {
  using E = TypeParam;
  auto vk = sj::vk_from_json<E>(text<E>("verification_key.json"), "vk");
  auto ours = nlohmann::json::parse(sj::vk_to_json(vk));
  auto theirs = nlohmann::json::parse(text<E>("verification_key.json"));
  EXPECT_EQ(ours["vk_alphabeta_12"], theirs["vk_alphabeta_12"]);
  EXPECT_EQ(ours, theirs);
}

TYPED_TEST(ZkeyProverTest, ChangedWireGivesInvalidProof) {
  using E = TypeParam;
  using F = typename E::Fr;
  auto pk = sj::read_zkey_file<E>(fixture<E>("circuit.zkey"));
  auto w = sj::read_wtns_file<E>(fixture<E>("witness.wtns"));
  auto pub = public_signals(pk, std::span<const F>(w));
  for (size_t wire : {size_t(5), w.size() - 1}) {
    auto bad = w;
    bad[wire] += F::one();
    auto proof = prove_zkey(pk, std::span<const F>(bad));
    EXPECT_FALSE(verifies(pk.vk, proof, pub)) << "wire " << wire;
  }
}

TYPED_TEST(ZkeyProverTest, WitnessLengthIsChecked) {
  using E = TypeParam;
  using F = typename E::Fr;
  auto pk = sj::read_zkey_file<E>(fixture<E>("circuit.zkey"));
  auto w = sj::read_wtns_file<E>(fixture<E>("witness.wtns"));
  w.pop_back();
  try {
    prove_zkey(pk, std::span<const F>(w));
    FAIL() << "a short witness was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("witness length differs"), std::string::npos) << e.what();
  }
}

// a * b = c on every r1cs constraint for the fixture's witness, and the key's
// A/B matrices are the r1cs ones plus one public-binding row per public signal.
TYPED_TEST(ZkeyProverTest, R1csAgreesWithKey) {
  using E = TypeParam;
  using F = typename E::Fr;
  auto r1cs = sj::read_r1cs_file<E>(fixture<E>("circuit.r1cs"));
  auto pk = sj::read_zkey_file<E>(fixture<E>("circuit.zkey"));
  auto w = sj::read_wtns_file<E>(fixture<E>("witness.wtns"));
  const auto& h = r1cs.header;
  ASSERT_EQ(h.n_wires, pk.n_vars);
  ASSERT_EQ(h.n_public(), pk.n_public);
  std::vector<F> a(h.n_constraints), b(h.n_constraints), c(h.n_constraints);
  r1cs.a.mul_vec(w, std::span<F>(a));
  r1cs.b.mul_vec(w, std::span<F>(b));
  r1cs.c.mul_vec(w, std::span<F>(c));
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i] * b[i], c[i]) << "constraint " << i;
  std::vector<F> ka(pk.domain_size), kb(pk.domain_size);
  evaluate_ab(pk, std::span<const F>(w), std::span<F>(ka), std::span<F>(kb));
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(ka[i], a[i]);
    EXPECT_EQ(kb[i], b[i]);
  }
  for (size_t s = 0; s <= pk.n_public; ++s) EXPECT_EQ(ka[h.n_constraints + s], w[s]);
}

TYPED_TEST(ZkeyProverTest, DevSetupKeysProve) {
  using E = TypeParam;
  using F = typename E::Fr;
  auto r1cs = sj::read_r1cs_file<E>(fixture<E>("circuit.r1cs"));
  QapCircuit<F> qc{r1cs.header.n_wires, r1cs.header.n_public(), r1cs.a, r1cs.b, r1cs.c};
  auto pk = zkey_setup<E>(qc, ToxicWaste<E>::random());
  auto snark = sj::read_zkey_file<E>(fixture<E>("circuit.zkey"));
  EXPECT_EQ(pk.domain_size, snark.domain_size);
  EXPECT_EQ(pk.qap_a, snark.qap_a);
  EXPECT_EQ(pk.qap_b, snark.qap_b);
  auto w = sj::read_wtns_file<E>(fixture<E>("witness.wtns"));
  auto pub = public_signals(pk, std::span<const F>(w));
  auto proof = prove_zkey(pk, std::span<const F>(w));
  EXPECT_TRUE(verifies(pk.vk, proof, pub));
  auto bad = w;
  bad[7] += F::one();
  EXPECT_FALSE(verifies(pk.vk, prove_zkey(pk, std::span<const F>(bad)), pub));

  // written and read back unchanged
  const std::string path = ::testing::TempDir() + "/dev_" + sj::curve_name(sj::curve_of<E>()) + ".zkey";
  sj::write_zkey(pk, path);
  auto back = sj::read_zkey_file<E>(path, {.check_query_subgroups = true});
  EXPECT_EQ(back, pk);
}
