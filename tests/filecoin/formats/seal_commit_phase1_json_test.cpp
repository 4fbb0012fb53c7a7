// The C1 output (SealCommitPhase1Output) JSON codec against text written in
// serde_json's form from the Rust struct definitions (c1_text_builder.hpp):
// it reads to the value the text stands for, in Rust's or Go's member order
// and any whitespace; it writes serde_json's exact bytes; and every
// malformation is a DecodeError naming the field.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "c1_text_builder.hpp"
#include "core/error.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

c1_text::Shape tiny() {
  c1_text::Shape s;
  s.partitions = s.challenges = 1;
  s.layers = s.drg = s.exp = 1;
  s.r_levels = s.r_hashes = 1;
  s.d_levels = 1;
  return s;
}

std::string decode_error(const std::string& text) {
  try {
    (void)read_seal_commit_phase1_json(text, "c1.json");
  } catch (const DecodeError& e) {
    return e.what();
  }
  return {};
}

// The position of the n-th (0-based) occurrence of `needle` at or after `from`.
size_t nth(const std::string& s, const std::string& needle, size_t n, size_t from = 0) {
  size_t at = s.find(needle, from);
  for (; n > 0 && at != std::string::npos; --n) at = s.find(needle, at + 1);
  EXPECT_NE(at, std::string::npos) << needle;
  return at;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST(SealCommitPhase1Json, ReadsSerdeText) {
  c1_text::Builder b({});
  const auto c1 = read_seal_commit_phase1_json(b.serde_text());
  EXPECT_EQ(c1, b.value());
  EXPECT_EQ(c1.registered_proof, "StackedDrg2KiBV1_1");
  EXPECT_EQ(c1.vanilla_proofs_kind, VanillaSealProofKind::k2KiB);
  ASSERT_EQ(c1.vanilla_proofs.size(), 2u);
  ASSERT_EQ(c1.vanilla_proofs[1].size(), 2u);
  const auto& p = c1.vanilla_proofs[1][1];
  EXPECT_EQ(p.replica_column_proofs.drg_parents.size(), 6u);
  EXPECT_EQ(p.replica_column_proofs.exp_parents.size(), 8u);
  EXPECT_EQ(p.labeling_proofs.size(), 2u);
  EXPECT_EQ(p.comm_d_proofs.base.size(), 6u);
  EXPECT_EQ(p.comm_r_last_proof.base.at(1).hashes.size(), 7u);
  // the first domain of the document is comm_d_proofs' root of the first proof: [0,0,2,3,...]
  EXPECT_EQ(c1.vanilla_proofs[0][0].comm_d_proofs.root[0], 0);
  EXPECT_EQ(c1.vanilla_proofs[0][0].comm_d_proofs.root[31], 31);
}

TEST(SealCommitPhase1Json, WritesSerdeTextExactly) {
  for (auto kind : {MerkleProof::Kind::kSingle, MerkleProof::Kind::kSub, MerkleProof::Kind::kTop}) {
    c1_text::Shape s;
    s.r_kind = kind;
    s.registered_proof = "StackedDrg32GiBV1_1_Feat_SyntheticPoRep";
    s.kind = VanillaSealProofKind::k32GiB;
    c1_text::Builder b(s);
    const std::string text = b.serde_text();
    EXPECT_EQ(write_seal_commit_phase1_json(b.value()), text);
    EXPECT_EQ(read_seal_commit_phase1_json(text), b.value());
  }
}

TEST(SealCommitPhase1Json, ReadsGoMemberOrderAndWhitespace) {
  c1_text::Builder b({});
  EXPECT_EQ(read_seal_commit_phase1_json(b.go_text()), b.value());
  std::string spaced;
  for (char c : b.go_text()) {
    spaced += c;
    if (c == ',' || c == ':' || c == '{' || c == '[') spaced += "\n\t ";
  }
  EXPECT_EQ(read_seal_commit_phase1_json(" \r\n" + spaced + "\n"), b.value());
}

TEST(SealCommitPhase1Json, ReadsEveryVariant) {
  const std::pair<const char*, VanillaSealProofKind> kinds[] = {
      {"StackedDrg2KiBV1", VanillaSealProofKind::k2KiB},     {"StackedDrg8MiBV1", VanillaSealProofKind::k8MiB},
      {"StackedDrg512MiBV1", VanillaSealProofKind::k512MiB}, {"StackedDrg32GiBV1", VanillaSealProofKind::k32GiB},
      {"StackedDrg64GiBV1", VanillaSealProofKind::k64GiB}};
  for (const auto& [name, kind] : kinds) {
    auto s = tiny();
    s.kind = kind;
    s.registered_proof = std::string(name) + "_2_Feat_NonInteractivePoRep";
    c1_text::Builder b(s);
    EXPECT_EQ(read_seal_commit_phase1_json(b.serde_text()).vanilla_proofs_kind, kind) << name;
    EXPECT_EQ(vanilla_seal_proof_name(kind), name);
    EXPECT_EQ(vanilla_seal_proof_kind(name), kind);
  }
  EXPECT_EQ(vanilla_seal_proof_sector_size(VanillaSealProofKind::k32GiB), uint64_t(34359738368));
  EXPECT_EQ(vanilla_seal_proof_kind("StackedDrg4KiBV1"), std::nullopt);
}

TEST(SealCommitPhase1Json, NamesTheFieldAtFault) {
  c1_text::Builder b({});
  std::string text = b.serde_text();
  // the 4th proof is vanilla_proofs[1][1]; its first drg parent's inclusion root
  const size_t proof = nth(text, "{\"comm_d_proofs\":", 3);
  const size_t drg = nth(text, "\"drg_parents\":", 0, proof);
  const size_t root = nth(text, "\"root\":[", 0, drg) + 8;
  const size_t third_byte = nth(text, ",", 2, root) + 1;
  ASSERT_EQ(text.substr(third_byte, 2), "3,");
  text.replace(third_byte, 1, "256");
  EXPECT_EQ(decode_error(text),
            "c1.json: vanilla_proofs.StackedDrg2KiBV1[1][1].replica_column_proofs.drg_parents[0].inclusion_proof"
            ".data.Single.root: byte 3 is 256, above 255 (at byte offset " +
                std::to_string(third_byte) + ")");
}

TEST(SealCommitPhase1Json, RefusesMalformedDocuments) {
  const std::string good = c1_text::Builder(tiny()).serde_text();
  ASSERT_TRUE(decode_error(good).empty());
  const std::string ticket = good.substr(good.find(",\"ticket\":"));
  std::string zeros = "[0";
  for (int i = 1; i < 32; ++i) zeros += ",0";
  zeros += ']';
  struct Case {
    std::string text, message;
  };
  const Case cases[] = {
      {"", "c1.json: expected an object, found the end of the text"},
      {"[]", "expected an object, found an array"},
      {replaced(good, "{\"registered_proof\"", "{\"extra\":1,\"registered_proof\""), "unknown field 'extra'"},
      {replaced(good, ticket, "}"), "c1.json: missing field 'ticket'"},
      {replaced(good, ",\"comm_r\":", ",\"comm_d\":" + zeros + ",\"comm_r\":"), "c1.json: duplicate field 'comm_d'"},
      {replaced(good, "\"_h\":null", "\"_h\":0"), "replica_column_proofs.c_x.column._h: expected null, found a number"},
      {replaced(good, ",\"_h\":null", ""), "replica_column_proofs.c_x.column: missing field '_h'"},
      {replaced(good, "\"StackedDrg2KiBV1\":", "\"StackedDrg4KiBV1\":"), "vanilla_proofs: unknown field 'StackedDrg4KiBV1'"},
      {replaced(good, "\"StackedDrg2KiBV1_1\"", "\"StackedDrg32GiBV1_1\""),
       "registered_proof 'StackedDrg32GiBV1_1' is not of the sector size of vanilla_proofs' variant StackedDrg2KiBV1"},
      {replaced(good, "\"StackedDrg2KiBV1_1\"", "17"), "registered_proof: expected a string, found a number"},
      {replaced(good, "\"layer_index\":1", "\"layer_index\":4294967296"), "labeling_proofs[0].layer_index: integer 4294967296 above 2^32-1"},
      {replaced(good, "\"node\":", "\"node\":-"), "labeling_proofs[0].node: expected an unsigned integer, found a negative number"},
      {replaced(good, "\"node\":", "\"node\":1.5e"), "labeling_proofs[0].node: expected an unsigned integer, found a fraction or exponent"},
      {replaced(good, "\"node\":", "\"node\":0"), "labeling_proofs[0].node: integer with a leading zero"},
      {replaced(good, "\"node\":", "\"node\":99999999999999999999"), "integer above 2^64-1"},
      {replaced(good, "\"index\":", "\"index\":true,\"x\":"), "comm_d_proofs.data.Single.path.path[0].index: expected an unsigned integer, found a boolean"},
      {replaced(good, "{\"data\":{\"Single\":{", "{\"data\":{\"Top\":{}, \"Single\":{"), "comm_d_proofs.data.Top: missing field 'base_proof'"},
      {replaced(good, "{\"data\":{\"Single\":", "{\"data\":{}, \"x\":{\"Single\":"), "comm_d_proofs.data: expected one variant, found an empty object"},
      {replaced(good, ",31]}", ",31,32]}"), "c1.json: ticket: array of more than 32 bytes, expected 32"},
      {replaced(good, ",30,31]}", ",30]}"), "c1.json: ticket: array of 31 bytes, expected 32"},
      {good + "{}", "c1.json: trailing text after the document: an object"},
      {replaced(good, "\"registered_proof\"", "\"registered_\\u0070roof\""), ""},
      {replaced(good, "\"registered_proof\"", "\"registered_\\u00e9roof\""), "non-ASCII \\u escape in a string"},
      {replaced(good, "StackedDrg2KiBV1_1", "StackedDrg2KiBV1_1\xc3\xa9"), "registered_proof: non-ASCII byte 195 in a string"},
      {replaced(good, "StackedDrg2KiBV1_1", "StackedDrg2KiBV1_1\n"), "registered_proof: control character 10 in a string"},
      {replaced(good, "\"registered_proof\"", "\"registered_proof"), "c1.json: unknown field 'registered_proof:'"},
      {replaced(good, "\"registered_proof\":", "\"registered_proof\" "), "expected ':', found a string"},
      {replaced(good, "[[{", "[[{,"), "vanilla_proofs.StackedDrg2KiBV1[0][0]: expected a string, found ','"},
      {replaced(good, "]]}", "],]}"), "vanilla_proofs.StackedDrg2KiBV1[1]: expected an array, found ']'"},
  };
  for (const auto& c : cases) {
    const std::string e = decode_error(c.text);
    if (c.message.empty())
      EXPECT_EQ(e, "") << "an escaped ASCII key is the same key";
    else
      EXPECT_NE(e.find(c.message), std::string::npos) << "expected '" << c.message << "', got '" << e << "'";
  }
}

TEST(SealCommitPhase1Json, EveryTruncationIsADecodeError) {
  const std::string text = c1_text::Builder(tiny()).serde_text();
  for (size_t n = 0; n < text.size(); ++n) ASSERT_FALSE(decode_error(text.substr(0, n)).empty()) << n;
}

// Any byte changed: a DecodeError, or a value whose text reads back to it.
TEST(SealCommitPhase1Json, RandomCorruptionsDecodeOrFailCleanly) {
  const std::string text = c1_text::Builder(tiny()).serde_text();
  const std::string alphabet = "0123456789[]{},:\"-.e nul\\_abcSKV";
  std::mt19937_64 rng(3);
  size_t parsed = 0;
  for (int t = 0; t < 20000; ++t) {
    std::string s = text;
    s[rng() % s.size()] = alphabet[rng() % alphabet.size()];
    try {
      const auto c1 = read_seal_commit_phase1_json(s);
      ASSERT_EQ(read_seal_commit_phase1_json(write_seal_commit_phase1_json(c1)), c1);
      ++parsed;
    } catch (const DecodeError&) {
    }
  }
  EXPECT_GT(parsed, 0u);
}

TEST(SealCommitPhase1Json, WriterRefusesInconsistentValues) {
  auto c1 = c1_text::Builder(tiny()).value();
  c1.registered_proof = "StackedDrg8MiBV1";
  EXPECT_THROW(write_seal_commit_phase1_json(c1), Error);
  c1 = c1_text::Builder(tiny()).value();
  c1.vanilla_proofs[0][0].comm_r_last_proof.top = {PathElement{}};
  EXPECT_THROW(write_seal_commit_phase1_json(c1), Error);
}
