// Curio's golden WindowPoSt vanilla proof (lib/proof/testgolden/post.vproof,
// a real 32 GiB sector proof by rust-fil-proofs) through the bincode codec:
// its known contents, byte-identical re-encoding, and a DecodeError naming
// the field for every truncation and every corrupted length or variant tag.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

std::vector<uint8_t> read_file(const std::string& name) {
  std::ifstream f(std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/golden/" + name, std::ios::binary);
  EXPECT_TRUE(f.good()) << name;
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The layout of the golden file, from FILECOIN.md §3.2 and the Rust structs:
// 8 sector_id | 32 comm_r | 8 sectors | 8 inclusion_proofs | 10 × Sub proof | 32 comm_c | 32 comm_r_last.
// A Sub proof: 4 tag | 8 base len | 9 × (8 hashes len | 7×32 | 8 index) | 8 sub len | 1 × (...) | 32 root | 32 leaf.
constexpr size_t kElement = 8 + 7 * 32 + 8;
constexpr size_t kProof = 4 + 8 + 9 * kElement + 8 + kElement + 64;
constexpr size_t kProofsAt = 56;

struct Field {
  size_t offset;
  size_t width;  // 4 for a variant tag, 8 for a length
  std::string path;
};

std::vector<Field> structural_fields() {
  std::vector<Field> f{{40, 8, "vanilla_proof.sectors"}, {48, 8, "vanilla_proof.sectors[0].inclusion_proofs"}};
  for (size_t i = 0; i < 10; ++i) {
    const size_t p = kProofsAt + i * kProof;
    const std::string proof = "vanilla_proof.sectors[0].inclusion_proofs[" + std::to_string(i) + "].data";
    f.push_back({p, 4, proof});
    f.push_back({p + 4, 8, proof + ".Sub.base_proof.path"});
    for (size_t j = 0; j < 9; ++j)
      f.push_back({p + 12 + j * kElement, 8, proof + ".Sub.base_proof.path[" + std::to_string(j) + "].hashes"});
    f.push_back({p + 12 + 9 * kElement, 8, proof + ".Sub.sub_proof.path"});
    f.push_back({p + 20 + 9 * kElement, 8, proof + ".Sub.sub_proof.path[0].hashes"});
  }
  return f;
}

void put_le(std::vector<uint8_t>& b, size_t at, size_t width, uint64_t v) {
  for (size_t i = 0; i < width; ++i) b[at + i] = uint8_t(v >> (8 * i));
}

uint64_t get_le(const std::vector<uint8_t>& b, size_t at, size_t width) {
  uint64_t v = 0;
  for (size_t i = width; i-- > 0;) v = v << 8 | b[at + i];
  return v;
}

std::string decode_error(const std::vector<uint8_t>& bytes) {
  try {
    (void)read_fallback_post_sector_proof(bytes, "post.vproof");
  } catch (const DecodeError& e) {
    return e.what();
  }
  return {};
}

// RFC 4648 base32, lowercase, no padding (multibase 'b').
std::vector<uint8_t> base32_decode(const std::string& s) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    int v = c >= 'a' && c <= 'z' ? c - 'a' : c >= '2' && c <= '7' ? c - '2' + 26 : -1;
    EXPECT_GE(v, 0) << c;
    acc = acc << 5 | uint32_t(v);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(uint8_t(acc >> bits));
    }
  }
  return out;
}

}  // namespace

TEST(PostGolden, ParsesToItsKnownContents) {
  const auto bytes = read_file("post.vproof");
  ASSERT_EQ(bytes.size(), 24960u);
  ASSERT_EQ(kProofsAt + 10 * kProof + 64, bytes.size());
  const auto p = read_fallback_post_sector_proof(bytes);
  EXPECT_EQ(p.sector_id, 1u);
  EXPECT_EQ(to_hex(p.comm_r), "df691086e3c673c95a45908713d4c5938e5ced43f21b888bd9bc6e181c9f326b");
  ASSERT_EQ(p.sectors.size(), 1u);
  const auto& s = p.sectors[0];
  ASSERT_EQ(s.inclusion_proofs.size(), 10u);  // WINDOW_POST_CHALLENGE_COUNT
  for (const auto& m : s.inclusion_proofs) {
    EXPECT_EQ(m.kind, MerkleProof::Kind::kSub);  // 32 GiB tree R: 8-8-0
    ASSERT_EQ(m.base.size(), 9u);                // 8^9 leaves per sub-tree
    ASSERT_EQ(m.sub.size(), 1u);
    EXPECT_TRUE(m.top.empty());
    for (const auto& e : m.base) {
      EXPECT_EQ(e.hashes.size(), 7u);
      EXPECT_LT(e.index, 8u);
    }
    EXPECT_EQ(m.sub[0].hashes.size(), 7u);
    EXPECT_LT(m.sub[0].index, 8u);
    EXPECT_EQ(m.root, s.comm_r_last);  // every challenge opens the one tree R
  }
  // the raw fields where the layout puts them
  EXPECT_EQ(0, std::memcmp(s.comm_c.data(), bytes.data() + 24896, 32));
  EXPECT_EQ(0, std::memcmp(s.comm_r_last.data(), bytes.data() + 24928, 32));
  EXPECT_EQ(to_hex(s.inclusion_proofs[0].base[0].hashes[0]).substr(0, 8), "f7431114");
}

TEST(PostGolden, AgreesWithItsPublicInputs) {
  const auto text = read_file("postpub.json");
  const auto pub = nlohmann::json::parse(text.begin(), text.end());
  const auto& sector = pub.at("ChallengedSectors").at(0);
  const auto p = read_fallback_post_sector_proof(read_file("post.vproof"));
  EXPECT_EQ(sector.at("SectorNumber").get<uint64_t>(), p.sector_id);
  EXPECT_EQ(pub.at("Proofs").at(0).at("PoStProof").get<int>(), 8);  // StackedDrgWindow32GiBV1
  // SealedCID = multibase 'b' of CIDv1 | fil-commitment-sealed | poseidon-bls12_381-a2-fc1 | 32 | comm_r
  const std::string cid = sector.at("SealedCID").at("/").get<std::string>();
  ASSERT_EQ(cid[0], 'b');
  const auto raw = base32_decode(cid.substr(1));
  ASSERT_EQ(raw.size(), 1 + 3 + 3 + 1 + 32u);
  EXPECT_EQ(raw[0], 0x01);
  EXPECT_EQ(raw[raw.size() - 33], 32);
  EXPECT_EQ(0, std::memcmp(raw.data() + raw.size() - 32, p.comm_r.data(), 32));
}

TEST(PostGolden, ReencodesByteIdentically) {
  const auto bytes = read_file("post.vproof");
  EXPECT_EQ(write_fallback_post_sector_proof(read_fallback_post_sector_proof(bytes)), bytes);
}

TEST(PostGolden, EveryTruncationIsADecodeError) {
  const auto bytes = read_file("post.vproof");
  for (size_t n = 0; n < bytes.size(); ++n) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + n);
    const std::string e = decode_error(cut);
    // short of a fixed-size field, or of the elements a length announces
    ASSERT_TRUE(e.find("truncated") != std::string::npos || e.find(" left (") != std::string::npos) << n << ": " << e;
  }
  auto longer = bytes;
  longer.push_back(0);
  EXPECT_NE(decode_error(longer).find("1 trailing bytes"), std::string::npos);
}

TEST(PostGolden, HugeLengthsAndUnknownTagsNameTheirField) {
  const auto bytes = read_file("post.vproof");
  const auto fields = structural_fields();
  ASSERT_EQ(fields.size(), 2 + 10 * 13u);
  for (const auto& f : fields) {
    const std::vector<uint64_t> bads = f.width == 4 ? std::vector<uint64_t>{0xffffffff, 3, uint64_t(1) << 31}
                                                    : std::vector<uint64_t>{~uint64_t(0), uint64_t(1) << 40, bytes.size()};
    for (uint64_t bad : bads) {
      auto b = bytes;
      put_le(b, f.offset, f.width, bad);
      const std::string e = decode_error(b);
      ASSERT_NE(e.find("post.vproof: " + f.path + ": "), std::string::npos) << f.path << " = " << bad << ": " << e;
      EXPECT_NE(e.find(f.width == 4 ? "unknown proof variant" : "length"), std::string::npos) << e;
    }
  }
}

TEST(PostGolden, ShiftedLengthsAndOtherTagsAreDecodeErrors) {
  const auto bytes = read_file("post.vproof");
  for (const auto& f : structural_fields()) {
    const uint64_t v = get_le(bytes, f.offset, f.width);
    std::vector<uint64_t> others = f.width == 4 ? std::vector<uint64_t>{0, 2, 3} : std::vector<uint64_t>{v + 1, v - 1, 0};
    for (uint64_t bad : others) {
      if (bad == v) continue;
      auto b = bytes;
      put_le(b, f.offset, f.width, bad);
      EXPECT_FALSE(decode_error(b).empty()) << f.path << " = " << bad;
    }
  }
}

// Any byte changed: a DecodeError, or a value that re-encodes to the changed bytes.
TEST(PostGolden, RandomCorruptionsDecodeOrFailCleanly) {
  const auto bytes = read_file("post.vproof");
  std::mt19937_64 rng(42);
  size_t parsed = 0, refused = 0;
  for (int t = 0; t < 5000; ++t) {
    auto b = bytes;
    const int flips = 1 + int(rng() % 3);
    for (int k = 0; k < flips; ++k) b[rng() % b.size()] ^= uint8_t(1 + rng() % 255);
    try {
      const auto p = read_fallback_post_sector_proof(b);
      ASSERT_EQ(write_fallback_post_sector_proof(p), b);
      ++parsed;
    } catch (const DecodeError&) {
      ++refused;
    }
  }
  EXPECT_GT(parsed, 0u);  // most bytes are hashes, any value of which decodes
  EXPECT_GT(refused, 0u);
}
