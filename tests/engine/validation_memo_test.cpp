// The remembered validation of key files: the content digest against an
// independent computation, the memo directory's trust rules, and what a load
// remembers and skips: a .params whose query holds an on-curve point outside
// the subgroup is refused unless the memo vouches for exactly those bytes.
#include <gtest/gtest.h>
#include <openssl/sha.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "engine/content_digest.hpp"
#include "engine/job_key.hpp"
#include "engine/validation_memo.hpp"
#include "formats/bellperson_params.hpp"
#include "support/synthetic_key.hpp"

using namespace cuzk;
using namespace cuzk::engine;
namespace fs = std::filesystem;
namespace bp = cuzk::formats::bellperson;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("cuzk-memo-" + std::to_string(::getpid()) + "-" +
                                               std::to_string(reinterpret_cast<uintptr_t>(this)));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

// A G1 point on the curve but, the cofactor being ~2^126, outside the subgroup.
ec::Affine<bp::G1> off_subgroup_point() {
  using Fp = bp::G1::Base;
  for (uint64_t x = 1;; ++x) {
    const Fp fx = Fp::from_u64(x);
    Fp y;
    if ((fx.sqr() * fx + bp::G1::b()).sqrt(y)) {
      ec::Affine<bp::G1> p{fx, y, false};
      if (p.is_on_curve() && !ec::is_in_subgroup(p)) return p;
    }
  }
}

}  // namespace

TEST(ContentDigest, IsTheSha256OfTheLengthAndTheChunkDigests) {
  std::vector<uint8_t> bytes(100000);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 131 + 7);
  uint8_t tail[8 + 32];
  for (int i = 0; i < 8; ++i) tail[i] = uint8_t(uint64_t(bytes.size()) >> (8 * i));
  SHA256(bytes.data(), bytes.size(), tail + 8);  // one chunk
  ContentDigest want;
  SHA256(tail, sizeof tail, want.data());
  EXPECT_EQ(content_digest(bytes), want);
  auto changed = bytes;
  changed[99999] ^= 1;
  EXPECT_NE(content_digest(changed), want);
  EXPECT_NE(content_digest(std::span<const uint8_t>(bytes).first(99999)), want);
  EXPECT_EQ(to_hex(want).size(), 64u);
}

TEST(ValidationMemo, TrustsOnlyAPrivateDirectoryOfThisUser) {
  TempDir t;
  const fs::path fresh = t.path / "a" / "b";
  ValidationMemo created(fresh.string());
  ASSERT_TRUE(created.usable()) << "a missing directory is made private and used";
  struct stat st {};
  ASSERT_EQ(::stat(fresh.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  const fs::path open_dir = t.path / "open";
  fs::create_directories(open_dir);
  ::chmod(open_dir.c_str(), 0777);
  EXPECT_FALSE(ValidationMemo(open_dir.string()).usable()) << "a directory others may write to is not trusted";
  EXPECT_FALSE(ValidationMemo("").usable());

  ContentDigest d{};
  d[0] = 1;
  EXPECT_FALSE(created.knows(d, "bellperson-params"));
  created.remember(d, "bellperson-params", 123);
  EXPECT_TRUE(created.knows(d, "bellperson-params"));
  EXPECT_FALSE(created.knows(d, "other-kind"));
  const fs::path record = fresh / (to_hex(d) + ".bellperson-params");
  ::chmod(record.c_str(), 0666);
  EXPECT_FALSE(created.knows(d, "bellperson-params")) << "a record others may write is not trusted";
}

TEST(ValidationMemo, LoadRemembersGoodParamsAndSkipsOnlyWhatItVouchesFor) {
  TempDir t;
  const ValidationMemo memo((t.path / "memo").string());
  ASSERT_TRUE(memo.usable());
  const auto pk = testing_support::synthetic_key(64);
  const fs::path good = t.path / "good.params";
  bp::write_params(*pk, good.string());

  const ContentDigest good_digest = content_digest(read_bytes(good));
  EXPECT_FALSE(memo.knows(good_digest, "bellperson-params"));
  const JobKey first = load_key_file(good.string(), memo);
  EXPECT_TRUE(memo.knows(good_digest, "bellperson-params")) << "a key that passed every check is remembered";
  const JobKey again = load_key_file(good.string(), memo);
  EXPECT_EQ(*std::get<std::shared_ptr<const BellpersonKey>>(again), *pk);

  // the same key with one l point outside the subgroup
  auto bad_key = *pk;
  bad_key.l[3] = off_subgroup_point();
  const fs::path bad = t.path / "bad.params";
  bp::write_params(bad_key, bad.string());
  try {
    load_key_file(bad.string(), memo);
    ADD_FAILURE() << "a query point outside the subgroup was accepted";
  } catch (const DecodeError& e) {
    EXPECT_NE(std::string(e.what()).find("l[3]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("subgroup"), std::string::npos) << e.what();
  }
  const ContentDigest bad_digest = content_digest(read_bytes(bad));
  EXPECT_FALSE(memo.knows(bad_digest, "bellperson-params")) << "a refused key must not be remembered";

  // what the memo's trust means: a record for these exact bytes skips the
  // subgroup checks (whoever can write the directory can make cuzk skip them)
  memo.remember(bad_digest, "bellperson-params", fs::file_size(bad));
  const JobKey vouched = load_key_file(bad.string(), memo);
  EXPECT_EQ(std::get<std::shared_ptr<const BellpersonKey>>(vouched)->l[3], bad_key.l[3]);
  EXPECT_THROW(load_key_file(bad.string(), ValidationMemo("")), DecodeError) << "without a memo every check runs";
}
