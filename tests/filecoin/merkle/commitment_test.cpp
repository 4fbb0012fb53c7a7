// Data commitments against Curio's known answers (lib/proof/treed_build_test.go):
// the first TreeD nodes of a sector starting 0x01, comm_d of 2 KiB and 8 MiB
// of that pattern as CIDs, and the whole 8 MiB tree file (every level) as
// Curio's deduplicated hexdump; Fr32 padding against its bit-level definition;
// commitment CIDs both ways, strictly, including the real comm_r CID of
// Curio's golden WindowPoSt (postpub.json).
#include <gtest/gtest.h>

#include <random>

#include "core/error.hpp"
#include "filecoin/merkle/commitment_cid.hpp"
#include "filecoin/merkle/fr32.hpp"
#include "filecoin/merkle/merkle_tree.hpp"
#include "filecoin/merkle/piece_commitment.hpp"
#include "merkle_test_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;
using namespace merkle_test;

static std::vector<Domain> leaves_of(const std::vector<uint8_t>& padded) { return domains_of(padded); }

TEST(TreeD, CurioHashChunkVectors) {
  std::vector<uint8_t> data(128, 0);
  data[0] = 0x01;
  const auto tree = MerkleTree::build(tree_d_shape(128), leaves_of(data));
  EXPECT_EQ(to_hex(tree.node(1, 0)), "16abab341fb7f370e27e4dadcf81766dd0dfd0ae64469477bb2cf6614938b22f");
  EXPECT_EQ(to_hex(tree.node(1, 1)), "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb0b");
  EXPECT_EQ(to_hex(tree.root()), "0dd6dae41c2f75550129594fb644e4a842cfafb316a2d59321e388fe84a1ec2f");
}

TEST(TreeD, Curio2KiBCommD) {
  std::vector<uint8_t> data(2048, 0);
  data[0] = 0x01;
  const Domain comm_d = MerkleTree::build(tree_d_shape(2048), leaves_of(data)).root();
  EXPECT_EQ(piece_cid(comm_d), "baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi");
  EXPECT_EQ(comm_d_of_padded(data), comm_d);
}

TEST(TreeD, Curio8MiBCommDAndWholeTreeFile) {
  std::vector<uint8_t> data(8 << 20, 0);
  data[0] = 0x01;
  const auto tree = MerkleTree::build(tree_d_shape(data.size()), leaves_of(data));
  EXPECT_EQ(piece_cid(tree.root()), "baga6ea4seaqcgqckrcapts6hea44xbqugwocqneekvyp5fizbo6u3e2biluckla");
  EXPECT_EQ(comm_d_of_padded(data), tree.root());
  // The tree file is every level, leaves first, as Curio's BuildTreeD writes it.
  DedupHexdump dump;
  for (uint32_t l = 0; l <= tree.shape().height(); ++l) dump.add_rows(tree.level(l));
  EXPECT_EQ(dump.finish(), read_text(data_path("treed_8mib_01.hexdump")));
  // The same sector given unpadded (Curio's Test8MiBUnpad) pads to the same bytes.
  std::vector<uint8_t> unpadded((8 << 20) / 128 * 127, 0);
  unpadded[0] = 0x01;
  EXPECT_EQ(fr32_pad(unpadded), data);
}

// The definition: output bit 256 q + j of each 128-byte chunk is input bit
// 254 q + j (j < 254) of its 127-byte chunk; bits 254, 255 are zero.
static std::vector<uint8_t> fr32_pad_by_bits(const std::vector<uint8_t>& in) {
  std::vector<uint8_t> out(in.size() / 127 * 128, 0);
  for (size_t c = 0; c < in.size() / 127; ++c)
    for (size_t q = 0; q < 4; ++q)
      for (size_t j = 0; j < 254; ++j) {
        const size_t ib = c * 1016 + q * 254 + j, ob = c * 1024 + q * 256 + j;
        if (in[ib / 8] >> (ib % 8) & 1) out[ob / 8] |= uint8_t(1u << (ob % 8));
      }
  return out;
}

TEST(Fr32, PadMatchesTheBitDefinitionAndUnpadInverts) {
  std::mt19937_64 rng(5);
  for (size_t chunks : {1u, 2u, 7u, 64u}) {
    std::vector<uint8_t> in(chunks * 127);
    for (auto& b : in) b = uint8_t(rng());
    const auto padded = fr32_pad(in);
    ASSERT_EQ(padded, fr32_pad_by_bits(in)) << chunks << " chunks";
    ASSERT_EQ(fr32_unpad(padded), in);
  }
  std::vector<uint8_t> ones(127, 0xff);
  const auto p = fr32_pad(ones);
  for (size_t q = 0; q < 4; ++q) EXPECT_EQ(p[32 * q + 31], 0x3f);
}

TEST(TreeD, LeavesFromBytesAreThe32ByteWords) {
  std::vector<uint8_t> bytes(96);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i);
  EXPECT_EQ(leaves_from_bytes(bytes), domains_of(bytes));
  EXPECT_THROW(leaves_from_bytes(std::vector<uint8_t>(33)), Error);
}

TEST(Fr32, RefusesBadSizesAndSetPaddingBits) {
  EXPECT_THROW(fr32_pad(std::vector<uint8_t>(128)), Error);
  EXPECT_THROW(fr32_unpad(std::vector<uint8_t>(127)), DecodeError);
  std::vector<uint8_t> padded(256, 0);
  padded[128 + 63] = 0x40;
  try {
    fr32_unpad(padded);
    FAIL() << "a set padding bit was accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("byte 191"), std::string::npos) << e.what();
  }
}

TEST(PieceCommitment, SizesZeroPiecesAndChunking) {
  EXPECT_EQ(padded_piece_size(65), 128u);
  EXPECT_EQ(padded_piece_size(127), 128u);
  EXPECT_EQ(padded_piece_size(128), 256u);
  EXPECT_EQ(padded_piece_size(1016), 1024u);
  EXPECT_EQ(padded_piece_size(1017), 2048u);
  EXPECT_EQ(padded_piece_size(uint64_t(32) << 30), uint64_t(64) << 30);
  EXPECT_THROW(padded_piece_size(64), Error);
  EXPECT_THROW(padded_piece_size(kMaxPiecePayload + 1), Error);
  // A payload of zeros is the zero piece; 2 KiB of zero data is a known CID.
  EXPECT_EQ(piece_commitment(std::vector<uint8_t>(1017, 0)).comm_p, zero_piece_commitment(2048));
  // Across the 1 MiB chunk boundary and with zero chunks after the data,
  // the chunked CommP equals one tree over the padded bytes.
  std::mt19937_64 rng(9);
  for (uint64_t n : {uint64_t(127) * 8192, uint64_t(127) * 8192 + 1, uint64_t(3000000)}) {
    std::vector<uint8_t> payload(n);
    for (auto& b : payload) b = uint8_t(rng());
    const auto pc = piece_commitment(payload);
    std::vector<uint8_t> unpadded(pc.padded_size / 128 * 127, 0);
    std::copy(payload.begin(), payload.end(), unpadded.begin());
    const auto padded = fr32_pad(unpadded);
    EXPECT_EQ(pc.comm_p, MerkleTree::build(tree_d_shape(padded.size()), leaves_of(padded)).root()) << n;
  }
}

TEST(CommitmentCid, KnownCidsRoundTrip) {
  for (const char* cid : {"baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi",
                          "baga6ea4seaqcgqckrcapts6hea44xbqugwocqneekvyp5fizbo6u3e2biluckla",
                          "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq"})
    EXPECT_EQ(piece_cid(comm_p_from_cid(cid)), cid);
  // curio lib/proof/testgolden/postpub.json SealedCID; its comm_r is the
  // one inside post.vproof (FILECOIN.md 2.6).
  const char* sealed = "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl";
  const Domain comm_r = commitment_from_cid(sealed, CommitmentKind::kSealed);
  EXPECT_EQ(to_hex(comm_r), "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b");
  EXPECT_EQ(commitment_to_cid(comm_r, CommitmentKind::kSealed), sealed);
}

static std::string decode_error(std::string_view cid, CommitmentKind kind = CommitmentKind::kUnsealed) {
  try {
    commitment_from_cid(cid, kind);
  } catch (const DecodeError& e) {
    return e.what();
  }
  return "accepted";
}

// A CID text from raw bytes, to build malformed ones.
static std::string cid_of_bytes(const std::vector<uint8_t>& bytes) {
  static const char* kAlphabet = "abcdefghijklmnopqrstuvwxyz234567";
  std::string s = "b";
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t b : bytes) {
    acc = (acc << 8) | b;
    for (bits += 8; bits >= 5; bits -= 5) s.push_back(kAlphabet[(acc >> (bits - 5)) & 31]);
  }
  if (bits) s.push_back(kAlphabet[(acc << (5 - bits)) & 31]);
  return s;
}

TEST(CommitmentCid, StrictDecoding) {
  const std::string good = "baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi";
  const std::string sealed = "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl";
  auto has = [](const std::string& msg, const char* part) { return msg.find(part) != std::string::npos; };
  const Domain d = comm_p_from_cid(good);
  auto with = [&](std::vector<uint8_t> header, size_t digest_bytes) {
    header.insert(header.end(), d.begin(), d.begin() + long(std::min<size_t>(digest_bytes, 32)));
    header.resize(header.size() + (digest_bytes > 32 ? digest_bytes - 32 : 0), 0);
    return cid_of_bytes(header);
  };
  ASSERT_EQ(with({0x01, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20}, 32), good);  // the layout itself
  EXPECT_TRUE(has(decode_error(""), "prefix 'b'"));
  EXPECT_TRUE(has(decode_error("B" + good.substr(1)), "prefix 'b'"));
  std::string upper = good;
  upper[5] = 'A';
  EXPECT_TRUE(has(decode_error(upper), "character 6"));
  EXPECT_TRUE(has(decode_error(good + "aa"), "dangling"));
  std::string trailing = good;
  trailing.back() = 'j';  // 'i' = 0b01000 leaves the 3 padding bits zero; 'j' = 0b01001 does not
  EXPECT_TRUE(has(decode_error(trailing), "trailing bits"));
  EXPECT_TRUE(has(decode_error(with({0x00, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20}, 32)), "version 0"));
  EXPECT_TRUE(has(decode_error(with({0x01, 0x55, 0x92, 0x20, 0x20}, 32)), "codec 0x55"));
  EXPECT_TRUE(has(decode_error(with({0x01, 0x81, 0xe2, 0x03, 0x12, 0x20}, 32)), "multihash 0x12"));
  EXPECT_TRUE(has(decode_error(with({0x01, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x1f}, 31)), "digest length 31"));
  EXPECT_TRUE(has(decode_error(with({0x01, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20}, 33)), "33 digest bytes"));
  EXPECT_TRUE(has(decode_error(with({0x01, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20}, 31)), "31 digest bytes"));
  EXPECT_TRUE(has(decode_error(with({0x81, 0x00, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20}, 32)), "non-minimal"));
  EXPECT_TRUE(has(decode_error(sealed), "codec 0xf102 is not fil-commitment-unsealed"));
  EXPECT_TRUE(has(decode_error(good, CommitmentKind::kSealed), "codec 0xf101 is not fil-commitment-sealed"));
  Domain top = d;
  top[31] |= 0x80;
  EXPECT_THROW(piece_cid(top), Error);
  Domain big{};
  big.fill(0xff);
  EXPECT_THROW(commitment_to_cid(big, CommitmentKind::kSealed), Error);
  std::vector<uint8_t> sealed_big = {0x01, 0x82, 0xe2, 0x03, 0x81, 0xe8, 0x02, 0x20};
  sealed_big.insert(sealed_big.end(), big.begin(), big.end());
  EXPECT_TRUE(has(decode_error(cid_of_bytes(sealed_big), CommitmentKind::kSealed), "canonical"));
  std::vector<uint8_t> unsealed_top = {0x01, 0x81, 0xe2, 0x03, 0x92, 0x20, 0x20};
  unsealed_top.insert(unsealed_top.end(), top.begin(), top.end());
  EXPECT_TRUE(has(decode_error(cid_of_bytes(unsealed_top)), "top bits"));
}
