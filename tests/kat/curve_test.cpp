// G1/G2 arithmetic against @noble/curves known answers (tests/kat/vectors.json):
// generators, [k]G for 16 scalars (including 1, 2, 3, r-1) and sums [k1]G + [k2]G
// (including a doubling through addition and P + (-P)), for BLS12-381 and BN254.
// Every fixture point must also pass cuzk's on-curve and subgroup checks.
#include <gtest/gtest.h>

#include <string>

#include "ec/ec.hpp"
#include "ff/field_io.hpp"
#include "kat_points.hpp"

using namespace cuzk;
using namespace cuzk::ec;
using cuzk::kat::json;

namespace {

template <class C>
void check_group(const char* curve_name, const char* group_name) {
  using Fr = typename C::Scalar;
  const json& g = kat::curve(curve_name).at(group_name);
  const std::string where = std::string(curve_name) + "." + group_name;

  // Generator.
  EXPECT_EQ(kat::point_to_json(Affine<C>::generator()), kat::strip_encodings(g.at("generator"))) << where;
  EXPECT_EQ(kat::point_from_json<C>(g.at("generator")), Affine<C>::generator()) << where;

  // Scalar multiples, through every entry point of scalar_mul.hpp.
  const json& muls = g.at("mul");
  ASSERT_GE(muls.size(), 16u);
  int n = 0;
  for (const json& c : muls) {
    SCOPED_TRACE(where + " mul case " + std::to_string(n++) + " k=" + c.at("k").get<std::string>());
    const Fr k = ff::from_hex<Fr>(c.at("k").get<std::string>());
    const json want = kat::strip_encodings(c.at("point"));
    const Affine<C> p = kat::point_from_json<C>(c.at("point"));
    EXPECT_TRUE(p.is_on_curve());
    EXPECT_TRUE(is_in_subgroup(p));
    EXPECT_EQ(kat::point_to_json(mul(Affine<C>::generator(), k).to_affine()), want);
    EXPECT_EQ(kat::point_to_json(mul(Jacobian<C>::generator(), k.to_canonical()).to_affine()), want);
    EXPECT_EQ(kat::point_to_json((Jacobian<C>::generator() * k).to_affine()), want);
    EXPECT_TRUE(mul(Jacobian<C>::generator(), k) == p);
  }

  // Sums [k1]G + [k2]G in Jacobian (general and mixed) and XYZZ coordinates.
  const json& adds = g.at("add");
  ASSERT_GE(adds.size(), 6u);
  n = 0;
  for (const json& c : adds) {
    SCOPED_TRACE(where + " add case " + std::to_string(n++));
    const Fr k1 = ff::from_hex<Fr>(c.at("k1").get<std::string>());
    const Fr k2 = ff::from_hex<Fr>(c.at("k2").get<std::string>());
    const json want = kat::strip_encodings(c.at("sum"));
    const Jacobian<C> p = mul(Jacobian<C>::generator(), k1);
    const Jacobian<C> q = mul(Jacobian<C>::generator(), k2);
    const Affine<C> qa = q.to_affine();
    EXPECT_EQ(kat::point_to_json((p + q).to_affine()), want);
    EXPECT_EQ(kat::point_to_json((p + qa).to_affine()), want);
    EXPECT_EQ(kat::point_to_json((Xyzz<C>::from_jacobian(p) + Xyzz<C>::from_jacobian(q)).to_affine()), want);
    EXPECT_EQ(kat::point_to_json((Xyzz<C>::from_jacobian(p) + qa).to_affine()), want);
    EXPECT_EQ(kat::point_to_json(mul(Jacobian<C>::generator(), k1 + k2).to_affine()), want);
  }
}

}  // namespace

TEST(CurveKat, Bls12_381_G1) { check_group<Bls12_381_G1>("bls12_381", "g1"); }
TEST(CurveKat, Bls12_381_G2) { check_group<Bls12_381_G2>("bls12_381", "g2"); }
TEST(CurveKat, Bn254_G1) { check_group<Bn254_G1>("bn254", "g1"); }
TEST(CurveKat, Bn254_G2) { check_group<Bn254_G2>("bn254", "g2"); }
