// ZCash (BLS12-381) point encodings against @noble/curves known answers
// (tests/kat/vectors.json): every fixture point of G1 and G2 (generator, the 16
// scalar multiples, the sums, infinity) must encode to noble's compressed and
// uncompressed bytes, and noble's bytes must decode (with the subgroup check)
// to the fixture's coordinates and re-encode byte-exactly.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ec/ec.hpp"
#include "ec/serialize_zcash.hpp"
#include "kat_points.hpp"

using namespace cuzk;
using namespace cuzk::ec;
using cuzk::kat::json;

namespace {

template <class C>
void check_point(const json& j, const std::string& where) {
  SCOPED_TRACE(where);
  const Affine<C> p = kat::point_from_json<C>(j);
  const std::string comp = j.at("compressed"), uncomp = j.at("uncompressed");
  ASSERT_EQ(comp.size(), 2 * zcash::kCompressedBytes<C>);
  ASSERT_EQ(uncomp.size(), 2 * zcash::kUncompressedBytes<C>);

  const auto ec = zcash::encode_compressed(p);
  const auto eu = zcash::encode_uncompressed(p);
  EXPECT_EQ(kat::hex(ec.data(), ec.size()), comp);
  EXPECT_EQ(kat::hex(eu.data(), eu.size()), uncomp);

  const std::vector<uint8_t> bc = kat::unhex(comp), bu = kat::unhex(uncomp);
  Affine<C> dc, du, da;
  ASSERT_NO_THROW(dc = zcash::decode_compressed<C>(bc));
  ASSERT_NO_THROW(du = zcash::decode_uncompressed<C>(bu));
  ASSERT_NO_THROW(da = zcash::decode<C>(bc));
  const json plain = kat::strip_encodings(j);
  EXPECT_EQ(kat::point_to_json(dc), plain);
  EXPECT_EQ(kat::point_to_json(du), plain);
  EXPECT_EQ(kat::point_to_json(da), plain);
  const auto rc = zcash::encode_compressed(dc);
  const auto ru = zcash::encode_uncompressed(du);
  EXPECT_EQ(kat::hex(rc.data(), rc.size()), comp);
  EXPECT_EQ(kat::hex(ru.data(), ru.size()), uncomp);
}

template <class C>
void check_group(const char* group_name) {
  const json& g = kat::curve("bls12_381").at(group_name);
  const std::string w = std::string("bls12_381.") + group_name;
  int points = 0;
  check_point<C>(g.at("generator"), w + " generator"), ++points;
  check_point<C>(g.at("infinity"), w + " infinity"), ++points;
  int n = 0;
  for (const json& c : g.at("mul")) check_point<C>(c.at("point"), w + " mul " + std::to_string(n++)), ++points;
  n = 0;
  for (const json& c : g.at("add")) check_point<C>(c.at("sum"), w + " add " + std::to_string(n++)), ++points;
  EXPECT_GE(points, 26);
}

}  // namespace

TEST(ZcashKat, Bls12_381_G1) { check_group<Bls12_381_G1>("g1"); }
TEST(ZcashKat, Bls12_381_G2) { check_group<Bls12_381_G2>("g2"); }
