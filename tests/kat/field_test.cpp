// Field arithmetic against @noble/curves known answers (tests/kat/vectors.json):
// +, -, *, square, inverse, Legendre symbol and a^e for a 64-bit e, for the
// base and scalar fields of BLS12-381 and BN254; also hex round trips and that
// sqrt succeeds exactly on the squares noble reports.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "ff/field_io.hpp"
#include "ff/fields.hpp"
#include "kat_common.hpp"

using namespace cuzk;
using namespace cuzk::ff;
using cuzk::kat::json;

namespace {

template <class F>
void check_field(const char* curve_name, const char* field_name) {
  const json& cases = kat::curve(curve_name).at(field_name);
  ASSERT_GE(cases.size(), 30u);
  int n = 0;
  for (const json& c : cases) {
    SCOPED_TRACE(std::string(curve_name) + "." + field_name + " case " + std::to_string(n++));
    const std::string as = c.at("a"), bs = c.at("b");
    F a = from_hex<F>(as), b = from_hex<F>(bs);
    // The fixture is full width, exactly what to_hex prints.
    EXPECT_EQ(to_hex(a), as);
    EXPECT_EQ(to_hex(b), bs);
    EXPECT_EQ(to_hex(a + b), c.at("add").get<std::string>());
    EXPECT_EQ(to_hex(a - b), c.at("sub").get<std::string>());
    EXPECT_EQ(to_hex(a * b), c.at("mul").get<std::string>());
    EXPECT_EQ(to_hex(a.sqr()), c.at("sqr").get<std::string>());
    EXPECT_EQ(to_hex(a * a), c.at("sqr").get<std::string>());
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
      EXPECT_TRUE(a.inverse().is_zero());  // cuzk's contract; noble has no answer
    } else {
      EXPECT_EQ(to_hex(a.inverse()), c.at("inv").get<std::string>());
    }
    const int leg = c.at("legendre");
    EXPECT_EQ(a.legendre(), leg);
    F s;
    const bool ok = a.sqrt(s);
    EXPECT_EQ(ok, leg >= 0);
    if (ok) {
      EXPECT_EQ(to_hex(s.sqr()), as);
    }
    const uint64_t e = std::stoull(c.at("e").get<std::string>(), nullptr, 16);
    EXPECT_EQ(to_hex(a.pow(e)), c.at("pow").get<std::string>());
  }
}

}  // namespace

TEST(FieldKat, FixtureHeader) {
  const json& v = kat::vectors();
  EXPECT_TRUE(v.contains("noble_curves"));
  EXPECT_TRUE(v.contains("notes"));
  EXPECT_TRUE(v.at("curves").contains("bls12_381"));
  EXPECT_TRUE(v.at("curves").contains("bn254"));
}

TEST(FieldKat, Bls12_381_Fp) { check_field<Bls12_381_Fp>("bls12_381", "fp"); }
TEST(FieldKat, Bls12_381_Fr) { check_field<Bls12_381_Fr>("bls12_381", "fr"); }
TEST(FieldKat, Bn254_Fp) { check_field<Bn254_Fp>("bn254", "fp"); }
TEST(FieldKat, Bn254_Fr) { check_field<Bn254_Fr>("bn254", "fr"); }
