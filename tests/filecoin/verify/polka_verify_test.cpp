// eigerco/polka-storage's 2 KiB PoRep and WindowPoSt Groth16 proofs (their own
// setup of rust-fil-proofs' circuits) verify with their keys and the public
// inputs cuzk generates from the public values alone: replica id, interactive
// challenges, DRG and expander parents, PoSt leaf challenges, packing and
// padding are all pinned by the pairing check. One flipped bit in the proof,
// in a public value or in the randomness makes them fail, and @noble/curves,
// given the same key, proofs and inputs, agrees on every verdict.
#include <gtest/gtest.h>

#include "filecoin/verify/proof_types.hpp"
#include "filecoin/verify/verify_filecoin_proof.hpp"
#include "formats/bellperson_params.hpp"
#include "outside_verifier.hpp"
#include "polka_kat.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace cuzk::filecoin::test;

namespace {

// Their PoRep setup: PoRepConfig::new_groth16(2048, porep_id [0; 32],
// ApiVersion::V1_2_0): the registered StackedDrg2KiBV1 (proof id 0, so the
// same porep id) under API 1.2.0.
FilecoinProofType polka_porep_type() {
  auto t = filecoin_proof_type("StackedDrg2KiBV1");
  EXPECT_EQ(t.porep.porep_id, Domain{});
  t.porep.api_version = ApiVersion::kV1_2_0;
  return t;
}

struct PorepKat {
  nlohmann::json j = load_kat("polka_porep_2k.json");
  VerifyingKey vk = decode_polka_vk(bytes_from_hex(j.at("vk_compressed")));
  std::vector<uint8_t> proof = bytes_from_hex(j.at("proof"));
  FilecoinPublicValues values() const {
    FilecoinPublicValues v;
    v.comm_r = domain_field(j, "comm_r");
    v.comm_d = domain_field(j, "comm_d");
    v.prover_id = domain_field(j, "prover_id");
    v.ticket = domain_field(j, "ticket");
    v.seed = domain_field(j, "seed");
    v.sector_id = j.at("sector_id").get<uint64_t>();
    return v;
  }
  PorepShape shape() const {
    auto s = polka_porep_type().porep;
    EXPECT_EQ(s.sector_nodes, j.at("sector_size").get<uint64_t>() / 32);
    return s;
  }
  PorepPublicValues porep_values() const {
    auto v = values();
    return {*v.comm_r, *v.comm_d, *v.prover_id, *v.ticket, *v.seed, *v.sector_id};
  }
};

struct PostKat {
  nlohmann::json j = load_kat("polka_post_2k.json");
  VerifyingKey vk = decode_polka_vk(bytes_from_hex(j.at("vk_compressed")));
  std::vector<uint8_t> proof = bytes_from_hex(j.at("proof"));
  FilecoinProofType type = filecoin_proof_type("StackedDrgWindow2KiBV1_2");
  FilecoinPublicValues values() const {
    FilecoinPublicValues v;
    v.randomness = domain_field(j, "randomness");
    for (const auto& s : j.at("sectors"))
      v.sectors.push_back({s.at("sector_id").get<uint64_t>(), domain_from_hex(s.at("comm_r").get<std::string>())});
    return v;
  }
};

const PorepKat& porep_kat() {
  static PorepKat k;
  return k;
}
const PostKat& post_kat() {
  static PostKat k;
  return k;
}

void flip(Domain& d, size_t bit) { d[bit / 8] ^= uint8_t(1u << (bit % 8)); }

// Our verdict on a statement: valid, invalid, or malformed (DecodeError).
OutsideVerdict our_verdict(const FilecoinProofType& t, const FilecoinPublicValues& v, const VerifyingKey& vk,
                           const std::vector<uint8_t>& proof) {
  try {
    return verify_filecoin_proof(t, v, vk, proof).valid ? OutsideVerdict::kValid : OutsideVerdict::kInvalid;
  } catch (const DecodeError&) {
    return OutsideVerdict::kMalformed;
  }
}

const char* name(OutsideVerdict v) {
  switch (v) {
    case OutsideVerdict::kValid: return "valid";
    case OutsideVerdict::kInvalid: return "invalid";
    case OutsideVerdict::kMalformed: return "malformed";
  }
  return "?";
}

// A statement with the inputs cuzk generates, for both verifiers.
struct Statement {
  std::string label;
  FilecoinPublicValues values;
  std::vector<uint8_t> proof;
};

// The public inputs of a statement, as verify_filecoin_proof generates them.
std::vector<std::vector<Fr>> inputs_of(const FilecoinProofType& t, const FilecoinPublicValues& v) {
  if (t.kind == FilecoinProofKind::kPoRep)
    return PorepPublicInputs(t.porep, {*v.comm_r, *v.comm_d, *v.prover_id, *v.ticket, *v.seed, *v.sector_id}).all();
  return window_post_public_inputs(t.post, *v.randomness, v.sectors);
}

// Ours and noble's verdicts on every statement (noble skipped without node);
// returns ours.
std::vector<OutsideVerdict> verdicts_agree(const FilecoinProofType& t, const VerifyingKey& vk,
                                           const std::vector<Statement>& statements) {
  std::vector<OutsideVerdict> ours;
  std::vector<OutsideCase> cases;
  for (const auto& s : statements) {
    ours.push_back(our_verdict(t, s.values, vk, s.proof));
    OutsideCase c{&vk, {}, inputs_of(t, s.values)};
    for (size_t k = 0; k * 192 < s.proof.size(); ++k)
      c.proofs.emplace_back(s.proof.begin() + k * 192, s.proof.begin() + std::min(s.proof.size(), k * 192 + 192));
    cases.push_back(std::move(c));
  }
  const auto theirs = noble_verify(cases);
  if (!theirs) {
    std::cerr << "noble: node/npm not available, outside verifier skipped\n";
    return ours;
  }
  for (size_t i = 0; i < statements.size(); ++i)
    EXPECT_EQ(name(ours[i]), name((*theirs)[i])) << statements[i].label;
  return ours;
}

// Bits of a 192-byte proof to flip: A's, B's and C's sign flag (a
// well-formed proof with -A, -B or -C), compression and infinity flags
// (undecodable), and low and middle bits of their x coordinates.
std::vector<size_t> proof_bits() {
  std::vector<size_t> bits;
  for (size_t start : {size_t(0), size_t(48), size_t(144)}) {
    bits.push_back(start * 8 + 5);  // sign
    bits.push_back(start * 8 + 6);  // infinity
    bits.push_back(start * 8 + 7);  // compressed
    bits.push_back((start + 20) * 8 + 3);
  }
  bits.push_back(47 * 8);    // A's x, lowest bit
  bits.push_back(143 * 8);   // B's x.c0, lowest bit
  bits.push_back(191 * 8);   // C's x, lowest bit
  return bits;
}

}  // namespace

TEST(PolkaPorep, PublicInputsHaveTheCircuitsShape) {
  const auto& k = porep_kat();
  PorepPublicInputs in(k.shape(), k.porep_values());
  const auto x = in.partition(0);
  ASSERT_EQ(x.size() + 1, k.vk.ic.size());  // 39 = 3 + 2 challenges x 18
  EXPECT_EQ(x[0], fr_of(in.replica_id()));
  EXPECT_EQ(x[1], fr_of(*k.values().comm_d));
  EXPECT_EQ(x[2], fr_of(*k.values().comm_r));
  const auto cs = in.challenges(0);
  ASSERT_EQ(cs.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const size_t at = 3 + i * 18;
    EXPECT_GE(cs[i], 1u);  // node 0 is never challenged
    EXPECT_LT(cs[i], 64u);
    for (size_t off : {0u, 15u, 16u, 17u}) EXPECT_EQ(x[at + off], Fr::from_u64(cs[i])) << "offset " << off;
  }
}

TEST(PolkaPorep, VerifiesWithGeneratedInputs) {
  const auto& k = porep_kat();
  PreparedVerifyingKey pvk(k.vk);
  const auto r = verify_porep(k.shape(), k.porep_values(), pvk, k.proof);
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.partitions, 1u);
  EXPECT_TRUE(verify_filecoin_proof(polka_porep_type(), k.values(), k.vk, k.proof).valid);
}

TEST(PolkaPorep, TheRegisteredApiVersionDoesNotVerify) {
  // StackedDrg2KiBV1 proper is API 1.0.0: other DRG parents, other inputs
  const auto& k = porep_kat();
  EXPECT_FALSE(verify_filecoin_proof(filecoin_proof_type("StackedDrg2KiBV1"), k.values(), k.vk, k.proof).valid);
}

TEST(PolkaPorep, EveryTamperingFailsAndNobleAgrees) {
  const auto& k = porep_kat();
  std::vector<Statement> s{{"untouched", k.values(), k.proof}};
  for (size_t bit : proof_bits()) {
    auto p = k.proof;
    p[bit / 8] ^= uint8_t(1u << (bit % 8));
    s.push_back({"proof bit " + std::to_string(bit), k.values(), p});
  }
  auto tweak = [&](const char* label, auto&& f) {
    auto v = k.values();
    f(v);
    s.push_back({label, v, k.proof});
  };
  tweak("comm_r bit 0", [](auto& v) { flip(*v.comm_r, 0); });
  tweak("comm_r bit 200", [](auto& v) { flip(*v.comm_r, 200); });
  tweak("comm_d bit 0", [](auto& v) { flip(*v.comm_d, 0); });
  tweak("comm_d bit 130", [](auto& v) { flip(*v.comm_d, 130); });
  tweak("prover_id bit 0", [](auto& v) { flip(*v.prover_id, 0); });
  tweak("ticket bit 9", [](auto& v) { flip(*v.ticket, 9); });
  tweak("seed bit 0", [](auto& v) { flip(*v.seed, 0); });
  tweak("seed bit 255", [](auto& v) { flip(*v.seed, 255); });
  tweak("sector_id 76", [](auto& v) { v.sector_id = 76; });
  tweak("sector_id 77 + 2^40", [](auto& v) { v.sector_id = 77 + (uint64_t(1) << 40); });
  const auto ours = verdicts_agree(polka_porep_type(), k.vk, s);
  EXPECT_EQ(name(ours[0]), std::string("valid"));
  size_t invalid = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    EXPECT_NE(ours[i], OutsideVerdict::kValid) << s[i].label;
    invalid += ours[i] == OutsideVerdict::kInvalid;
  }
  // the sign flips and all ten public-value changes are well-formed proofs
  // of false statements, never decode errors
  EXPECT_GE(invalid, 13u);
}

TEST(PolkaPost, PublicInputsHaveTheCircuitsShape) {
  const auto& k = post_kat();
  const auto v = k.values();
  const auto x = window_post_public_inputs(k.type.post, *v.randomness, v.sectors);
  ASSERT_EQ(x.size(), 1u);
  ASSERT_EQ(x[0].size() + 1, k.vk.ic.size());  // 22 = 2 sectors x (comm_r + 10)
  // one sector given, the circuit's second slot repeats it
  EXPECT_TRUE(std::equal(x[0].begin(), x[0].begin() + 11, x[0].begin() + 11));
  EXPECT_EQ(x[0][0], fr_of(v.sectors[0].comm_r));
}

TEST(PolkaPost, VerifiesWithGeneratedInputs) {
  const auto& k = post_kat();
  const auto v = k.values();
  PreparedVerifyingKey pvk(k.vk);
  const auto r = verify_window_post(k.type.post, *v.randomness, v.sectors, pvk, k.proof);
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.partitions, 1u);
  EXPECT_TRUE(verify_filecoin_proof(k.type, v, k.vk, k.proof).valid);
}

TEST(PolkaPost, PaddingCopiesTheLastSectorsInputs) {
  // Under API 1.0.0 (StackedDrgWindow2KiBV1) challenge indexes count over the
  // sectors, so a second slot re-derived as sector index 1 would get other
  // leaves; rust copies the last sector's inputs instead, and so the proof
  // verifies under the old indexing too.
  const auto& k = post_kat();
  EXPECT_TRUE(verify_filecoin_proof(filecoin_proof_type("StackedDrgWindow2KiBV1"), k.values(), k.vk, k.proof).valid);
}

TEST(PolkaPost, EveryTamperingFailsAndNobleAgrees) {
  const auto& k = post_kat();
  std::vector<Statement> s{{"untouched", k.values(), k.proof}};
  for (size_t bit : proof_bits()) {
    auto p = k.proof;
    p[bit / 8] ^= uint8_t(1u << (bit % 8));
    s.push_back({"proof bit " + std::to_string(bit), k.values(), p});
  }
  auto tweak = [&](const char* label, auto&& f) {
    auto v = k.values();
    f(v);
    s.push_back({label, v, k.proof});
  };
  tweak("randomness bit 0", [](auto& v) { flip(*v.randomness, 0); });
  tweak("randomness bit 247", [](auto& v) { flip(*v.randomness, 247); });
  tweak("comm_r bit 0", [](auto& v) { flip(v.sectors[0].comm_r, 0); });
  tweak("sector_id 78", [](auto& v) { v.sectors[0].sector_id = 78; });
  tweak("a second sector", [](auto& v) { v.sectors.push_back({78, v.sectors[0].comm_r}); });
  const auto ours = verdicts_agree(k.type, k.vk, s);
  EXPECT_EQ(name(ours[0]), std::string("valid"));
  size_t invalid = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    EXPECT_NE(ours[i], OutsideVerdict::kValid) << s[i].label;
    invalid += ours[i] == OutsideVerdict::kInvalid;
  }
  EXPECT_GE(invalid, 8u);
}

TEST(PolkaVerify, PartitionsAreCheckedOneByOne) {
  // two partitions carrying the same statement, then one whose inputs differ:
  // the verdict names the first partition that fails
  const auto& k = post_kat();
  const auto v = k.values();
  const auto good = window_post_public_inputs(k.type.post, *v.randomness, v.sectors)[0];
  auto wrong = good;
  wrong[3] += Fr::one();
  std::vector<uint8_t> two = k.proof;
  two.insert(two.end(), k.proof.begin(), k.proof.end());
  const auto proofs = split_partition_proofs(two, 2, "two partitions");
  PreparedVerifyingKey pvk(k.vk);
  const std::vector<std::vector<Fr>> both{good, good}, second_wrong{good, wrong}, first_wrong{wrong, good};
  auto r = verify_partitions(pvk, proofs, both);
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.partitions, 2u);
  r = verify_partitions(pvk, proofs, second_wrong);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.first_invalid_partition, std::optional<size_t>(1));
  r = verify_partitions(pvk, proofs, first_wrong);
  EXPECT_EQ(r.first_invalid_partition, std::optional<size_t>(0));
  EXPECT_THROW(verify_partitions(pvk, proofs, std::vector<std::vector<Fr>>{good}), Error);
  EXPECT_THROW(split_partition_proofs(two, 3, "three partitions"), DecodeError);
  two[192 + 144] ^= 0x80;  // partition 1's C loses its compression flag
  try {
    split_partition_proofs(two, 2, "damaged");
    FAIL() << "damaged partition accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("damaged, partition 1"), std::string::npos) << e.what();
  }
}

TEST(PolkaVerify, WrongSizesAndKeysAreRefused) {
  const auto& k = porep_kat();
  auto short_proof = k.proof;
  short_proof.pop_back();
  EXPECT_THROW(verify_filecoin_proof(polka_porep_type(), k.values(), k.vk, short_proof), DecodeError);
  auto two = k.proof;
  two.insert(two.end(), k.proof.begin(), k.proof.end());
  EXPECT_THROW(verify_filecoin_proof(polka_porep_type(), k.values(), k.vk, two), DecodeError);
  // the PoSt key (22 inputs) for a PoRep statement (39)
  try {
    verify_filecoin_proof(polka_porep_type(), k.values(), post_kat().vk, k.proof);
    FAIL() << "a key with the wrong input count was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expects 22"), std::string::npos) << e.what();
  }
  // values of another kind, or missing ones
  auto v = k.values();
  v.randomness = Domain{};
  EXPECT_THROW(verify_filecoin_proof(polka_porep_type(), v, k.vk, k.proof), Error);
  v = k.values();
  v.seed.reset();
  EXPECT_THROW(verify_filecoin_proof(polka_porep_type(), v, k.vk, k.proof), Error);
  v = k.values();
  v.comm_d = Domain{};
  EXPECT_THROW(verify_filecoin_proof(polka_porep_type(), v, k.vk, k.proof), DecodeError);
}
