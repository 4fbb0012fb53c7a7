// Curio's JSON envelopes for cuzk: base64 against RFC 4648's vectors and
// OpenSSL, the C2 input {"SectorNum","Phase1Out","SectorSize"} as Go writes
// it, and Go's [][]byte arrays.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <random>
#include <string>
#include <vector>

#include "c1_text_builder.hpp"
#include "core/error.hpp"
#include "filecoin/formats/base64.hpp"
#include "filecoin/formats/curio_json.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

std::vector<uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

std::string openssl_base64(const std::vector<uint8_t>& b) {
  std::string out(4 * ((b.size() + 2) / 3) + 1, '\0');
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), b.data(), int(b.size()));
  out.resize(size_t(n));
  return out;
}

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const DecodeError& e) {
    return e.what();
  }
  return {};
}

c1_text::Shape tiny() {
  c1_text::Shape s;
  s.partitions = s.challenges = 1;
  s.layers = s.drg = s.exp = 1;
  s.r_levels = s.r_hashes = 1;
  s.d_levels = 1;
  return s;
}

}  // namespace

TEST(Base64, Rfc4648Vectors) {
  const std::pair<const char*, const char*> v[] = {{"", ""},          {"f", "Zg=="},         {"fo", "Zm8="},
                                                   {"foo", "Zm9v"},   {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="},
                                                   {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, coded] : v) {
    EXPECT_EQ(base64_encode(bytes_of(plain)), coded);
    EXPECT_EQ(base64_decode(coded), bytes_of(plain));
  }
}

TEST(Base64, AgreesWithOpenSsl) {
  std::mt19937_64 rng(1);
  for (size_t n = 0; n < 600; ++n) {
    std::vector<uint8_t> b(n);
    for (auto& x : b) x = uint8_t(rng());
    const std::string coded = openssl_base64(b);
    ASSERT_EQ(base64_encode(b), coded) << n;
    ASSERT_EQ(base64_decode(coded), b) << n;
  }
}

TEST(Base64, RefusesAllButTheCanonicalForm) {
  for (const char* bad : {"Zg=", "Zg", "Zh==", "Zm9=", "Zm9v\n", "Zm 9", "====", "Z===", "Zg==Zg==", "Zm9_", "Zm9-",
                          "Zm8=\n", "=Zm8"})
    EXPECT_THROW(base64_decode(bad), DecodeError) << bad;
  EXPECT_NE(error_of([] { base64_decode("Zm9v!AAA", "Phase1Out"); }).find("Phase1Out: character 33 at offset 4"),
            std::string::npos);
}

TEST(CurioJson, ReadsAndWritesGosWrapper) {
  c1_text::Builder b(tiny());
  const std::string c1 = b.serde_text();
  // as Go's json.Marshal writes c1OutputWrapper: fields in declaration order, []byte as base64
  const std::string text =
      "{\"SectorNum\":234,\"Phase1Out\":\"" + openssl_base64(bytes_of(c1)) + "\",\"SectorSize\":2048}";
  const auto w = read_c1_output_wrapper_json(text);
  EXPECT_EQ(w.sector_num, 234u);
  EXPECT_EQ(w.sector_size, 2048u);
  EXPECT_EQ(w.phase1_out, c1);
  EXPECT_EQ(read_wrapped_seal_commit_phase1(w), b.value());
  EXPECT_EQ(write_c1_output_wrapper_json(w), text);
  EXPECT_EQ(wrap_seal_commit_phase1(b.value(), 234), w);
}

TEST(CurioJson, RefusesBadWrappers) {
  const std::string c1 = c1_text::Builder(tiny()).serde_text();
  const std::string b64 = openssl_base64(bytes_of(c1));
  auto wrapper = [&](const std::string& num, const std::string& out, const std::string& size) {
    return "{\"SectorNum\":" + num + ",\"Phase1Out\":" + out + ",\"SectorSize\":" + size + "}";
  };
  auto read = [](const std::string& t) { return error_of([&] { read_c1_output_wrapper_json(t, "c1.json"); }); };
  EXPECT_NE(read(wrapper("-1", "\"" + b64 + "\"", "2048")).find("c1.json: SectorNum: expected an unsigned integer"),
            std::string::npos);
  EXPECT_NE(read(wrapper("1", "null", "2048")).find("c1.json: Phase1Out: expected a string, found null"),
            std::string::npos);
  EXPECT_NE(read(wrapper("1", "\"" + b64.substr(1) + "\"", "2048")).find("c1.json: Phase1Out: base64: length"),
            std::string::npos);
  EXPECT_NE(read("{\"SectorNum\":1,\"Phase1Out\":\"\"}").find("c1.json: missing field 'SectorSize'"), std::string::npos);
  // a sound wrapper around a C1 output of another sector size
  const auto w = read_c1_output_wrapper_json(wrapper("1", "\"" + b64 + "\"", "34359738368"));
  EXPECT_NE(error_of([&] { read_wrapped_seal_commit_phase1(w, "c1.json"); })
                .find("c1.json: SectorSize 34359738368 but Phase1Out holds StackedDrg2KiBV1 proofs (2048 bytes)"),
            std::string::npos);
  // a wrapper around broken C1 JSON names the inner field
  const auto broken = read_c1_output_wrapper_json(
      wrapper("1", "\"" + openssl_base64(bytes_of(c1.substr(0, c1.size() - 1))) + "\"", "2048"));
  EXPECT_NE(error_of([&] { read_wrapped_seal_commit_phase1(broken, "c1.json"); })
                .find("c1.json: Phase1Out: expected ',' or '}', found the end of the text"),
            std::string::npos);
}

TEST(CurioJson, Base64Arrays) {
  const auto items = read_base64_array_json(" [\"Zg==\", \"Zm8=\" ,\"\"] ", "snap.json");
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0], bytes_of("f"));
  EXPECT_EQ(items[1], bytes_of("fo"));
  EXPECT_TRUE(items[2].empty());
  EXPECT_EQ(write_base64_array_json(items), "[\"Zg==\",\"Zm8=\",\"\"]");
  EXPECT_TRUE(read_base64_array_json("[]", "x").empty());
  EXPECT_NE(error_of([] { read_base64_array_json("[\"Zg==\",\"Zg=\"]", "snap.json"); })
                .find("snap.json: [1]: base64: length 3"),
            std::string::npos);
  EXPECT_NE(error_of([] { read_base64_array_json("[\"Zg==\",null]", "snap.json"); }).find("[1]: expected a string"),
            std::string::npos);
}
