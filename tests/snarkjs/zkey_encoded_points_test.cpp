// A .zkey read with its query points left encoded (what GPU hosts load,
// groth16/key_points.hpp), in its mapped file or in a copy, is the same key
// as the decoded read, point for point; its points, decoded later, fail with the decoded reader's own words;
// it writes back the same file; and a file rewritten in place under it is
// named as such.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/mapped_file.hpp"
#include "engine/job_key.hpp"
#include "formats/snarkjs/zkey.hpp"
#include "support/error_of.hpp"
#include "support/snarkjs_fixtures.hpp"

using namespace cuzk;
using namespace cuzk::groth16;
using cuzk::testing_support::error_of;
namespace sj = cuzk::formats::snarkjs;
namespace fs = std::filesystem;

namespace {

template <class E>
std::string fixture_zkey() {
  return testing_support::snarkjs_fixture(sj::curve_name(sj::curve_of<E>()), "circuit.zkey");
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<uint8_t>& b) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

template <class E>
std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/encoded_" + sj::curve_name(sj::curve_of<E>()) + "_" + name + ".zkey";
}

const sj::ZkeyReadOptions kEncoded{.points = PointStorage::kEncoded};

}  // namespace

template <class E>
class ZkeyEncodedPointsTest : public ::testing::Test {};
using Curves = ::testing::Types<Bn254, Bls12_381>;
TYPED_TEST_SUITE(ZkeyEncodedPointsTest, Curves);

TYPED_TEST(ZkeyEncodedPointsTest, SameKeyAsDecoded) {
  using E = TypeParam;
  const auto dec = sj::read_zkey_file<E>(fixture_zkey<E>());
  const auto enc = sj::read_zkey_file<E>(fixture_zkey<E>(), kEncoded);
  EXPECT_FALSE(dec.encoded());
  ASSERT_TRUE(enc.encoded());
  EXPECT_EQ(enc.a.size(), dec.a.size());
  EXPECT_EQ(enc.b2.size(), dec.b2.size());
  EXPECT_EQ(enc.h.size(), dec.h.size());
  EXPECT_EQ(enc.a.decode_all(), std::vector(dec.a.decoded().begin(), dec.a.decoded().end()));
  EXPECT_EQ(enc, dec);  // every set decoded and compared
  EXPECT_EQ(enc.vk, dec.vk);
  EXPECT_EQ(enc.qap_a, dec.qap_a);
  // the CPU prover cannot read them: a loader's mistake is loud
  EXPECT_THROW((void)enc.b2.decoded(), std::logic_error);
  EXPECT_THROW((void)dec.b2.encoded(), std::logic_error);
  // held as the file holds them: 64 (bn254 G1) or 96 bytes a point, not sizeof(Affine)
  EXPECT_EQ(enc.a.memory_bytes(), enc.a.size() * KeyPoints<typename E::G1>::kEncodedBytes);
  EXPECT_LT(engine::key_memory_bytes(enc), engine::key_memory_bytes(dec));

  // written back, the same bytes as the decoded key writes
  const std::string a = temp_path<E>("from_encoded"), b = temp_path<E>("from_decoded");
  sj::write_zkey(enc, a);
  sj::write_zkey(dec, b);
  EXPECT_EQ(read_bytes(a), read_bytes(b));
  EXPECT_EQ(sj::read_zkey_file<E>(a), dec);
}

// Encoded in a copy of the bytes (a caller's buffer): the key keeps the copy
// alive; one owner, file or copy, is required.
TYPED_TEST(ZkeyEncodedPointsTest, EncodedInACopyTheKeyOwns) {
  using E = TypeParam;
  sj::ZkeyReadOptions opt;
  opt.points = PointStorage::kEncoded;
  opt.copy = std::make_shared<const std::vector<uint8_t>>(read_bytes(fixture_zkey<E>()));
  const std::span<const uint8_t> bytes(*opt.copy);
  const auto enc = sj::read_zkey<E>(bytes, "zkey", opt);
  opt.copy.reset();
  ASSERT_TRUE(enc.encoded());
  EXPECT_NO_THROW(enc.h.check_file_unchanged());
  EXPECT_EQ(enc, sj::read_zkey_file<E>(fixture_zkey<E>()));
  sj::ZkeyReadOptions none;
  none.points = PointStorage::kEncoded;
  const auto again = read_bytes(fixture_zkey<E>());
  EXPECT_THROW((void)sj::read_zkey<E>(again, "zkey", none), std::logic_error);
}

TYPED_TEST(ZkeyEncodedPointsTest, LoadKeyFileKeepsThemEncodedOnRequest) {
  using E = TypeParam;
  const auto k = engine::load_key_file(fixture_zkey<E>(), PointStorage::kEncoded);
  const auto* p = std::get_if<std::shared_ptr<const engine::ZkeyKey<E>>>(&k);
  ASSERT_TRUE(p && *p);
  EXPECT_TRUE((*p)->encoded());
  const auto d = engine::load_key_file(fixture_zkey<E>());
  EXPECT_FALSE(std::get<std::shared_ptr<const engine::ZkeyKey<E>>>(d)->encoded());
}

// A point off the curve in section 5: the decoded read refuses the file; the
// encoded read takes it (a GPU checks it as it uploads), and decoding it
// later gives the very same message.
TYPED_TEST(ZkeyEncodedPointsTest, BadPointNamedAsTheDecodedReaderNamesIt) {
  using E = TypeParam;
  auto bytes = read_bytes(fixture_zkey<E>());
  size_t a_offset = 0;
  {
    const sj::BinFile f(bytes, "zkey", 2, "zkey");
    a_offset = size_t(f.section(5, "A").data() - bytes.data());
  }
  constexpr size_t w = KeyPoints<typename E::G1>::kEncodedBytes;
  bytes[a_offset + 3 * w + w / 2] ^= 1;  // lowest byte of A[3].y
  const std::string path = temp_path<E>("bad_point");
  write_bytes(path, bytes);

  const std::string decoded_error = error_of([&] { sj::read_zkey_file<E>(path); });
  EXPECT_NE(decoded_error.find("A[3] (section 5, byte " + std::to_string(3 * w) + ")"), std::string::npos)
      << decoded_error;
  EXPECT_NE(decoded_error.find("not on the curve"), std::string::npos) << decoded_error;
  const auto enc = sj::read_zkey_file<E>(path, kEncoded);
  EXPECT_EQ(enc.a.point_error(3), decoded_error);
  EXPECT_EQ(error_of([&] { (void)enc.a.decode_all(); }), decoded_error);
  EXPECT_NO_THROW((void)enc.b1.decode_all());
}

TYPED_TEST(ZkeyEncodedPointsTest, FileRewrittenInPlaceIsNamed) {
  using E = TypeParam;
  const std::string path = temp_path<E>("rewritten");
  fs::copy_file(fixture_zkey<E>(), path, fs::copy_options::overwrite_existing);
  const auto enc = sj::read_zkey_file<E>(path, kEncoded);
  EXPECT_NO_THROW(enc.h.check_file_unchanged());
  auto bytes = read_bytes(path);
  bytes.resize(bytes.size() / 2);
  write_bytes(path, bytes);  // truncated in place, as `cp new.zkey key.zkey` starts
  const std::string e = error_of([&] { enc.h.check_file_unchanged(); });
  EXPECT_NE(e.find("changed while it was being read"), std::string::npos) << e;
  EXPECT_NE(e.find(path), std::string::npos) << e;
  // renamed over instead, the key keeps the contents it was read from
  const std::string other = temp_path<E>("renamed");
  fs::copy_file(fixture_zkey<E>(), other, fs::copy_options::overwrite_existing);
  const auto kept = sj::read_zkey_file<E>(other, kEncoded);
  fs::rename(path, other);
  EXPECT_NO_THROW(kept.h.check_file_unchanged());
  EXPECT_EQ(kept, sj::read_zkey_file<E>(fixture_zkey<E>()));
}
