// Pairing values against @noble/curves known answers (tests/kat/vectors.json),
// coefficient by coefficient in the tower order c0.c0.c0, c0.c0.c1, ..., c1.c2.c1:
//  - "gt" is noble's pairing, which cuzk's Gt::kCompat must reproduce;
//  - "gt_exact" is noble's Miller loop raised to exactly (p^12-1)/r, which
//    cuzk's Gt::kExact (the default) must reproduce.
// Cases: e(G1, G2) and e([a]G1, [b]G2) for 4 random (a, b) per curve; the
// multi-pairing and pairing_check entry points are exercised on the same data.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ec/ec.hpp"
#include "ec/pairing/affine_pairing.hpp"
#include "ff/field_io.hpp"
#include "kat_points.hpp"

using namespace cuzk;
using namespace cuzk::ec;
using namespace cuzk::ec::pairing;
using cuzk::kat::json;

namespace {

template <class F12>
std::vector<std::string> coeffs(const F12& f) {
  std::vector<std::string> out;
  for (const auto* c6 : {&f.c0, &f.c1})
    for (const auto* c2 : {&c6->c0, &c6->c1, &c6->c2}) {
      out.push_back(ff::to_hex(c2->c0));
      out.push_back(ff::to_hex(c2->c1));
    }
  return out;
}

std::vector<std::string> want(const json& j) {
  auto v = j.get<std::vector<std::string>>();
  EXPECT_EQ(v.size(), 12u);
  return v;
}

template <class G1>
void check_pairing(const char* curve_name) {
  using G2 = typename EngineOf<G1>::G2;
  using Fr = typename G1::Scalar;
  const json& pj = kat::curve(curve_name).at("pairing");
  const Affine<G1> g1 = Affine<G1>::generator();
  const Affine<G2> g2 = Affine<G2>::generator();

  {
    SCOPED_TRACE(std::string(curve_name) + " e(G1, G2)");
    EXPECT_EQ(coeffs(pairing::pairing(g1, g2, Gt::kCompat)), want(pj.at("generator")));
    EXPECT_EQ(coeffs(pairing::pairing(g1, g2, Gt::kExact)), want(pj.at("generator_exact")));
    EXPECT_EQ(coeffs(pairing::pairing(g1, g2)), want(pj.at("generator_exact")));
  }

  const json& cases = pj.at("cases");
  ASSERT_GE(cases.size(), 4u);
  int n = 0;
  for (const json& c : cases) {
    SCOPED_TRACE(std::string(curve_name) + " pairing case " + std::to_string(n++));
    const Fr a = ff::from_hex<Fr>(c.at("a").get<std::string>());
    const Fr b = ff::from_hex<Fr>(c.at("b").get<std::string>());
    const Affine<G1> p = mul(g1, a).to_affine();
    const Affine<G2> q = mul(g2, b).to_affine();
    const auto compat = pairing::pairing(p, q, Gt::kCompat);
    const auto exact = pairing::pairing(p, q, Gt::kExact);
    EXPECT_EQ(coeffs(compat), want(c.at("gt")));
    EXPECT_EQ(coeffs(exact), want(c.at("gt_exact")));

    // One pair through multi_pairing, plus a product with an infinity pair (contributes 1).
    const std::array<std::pair<Affine<G1>, Affine<G2>>, 2> pairs{
        {{p, q}, {Affine<G1>::infinity(), g2}}};
    EXPECT_EQ(coeffs(multi_pairing<G1>(std::span(pairs.data(), 1), Gt::kCompat)), want(c.at("gt")));
    EXPECT_EQ(coeffs(multi_pairing<G1>(std::span(pairs.data(), 2), Gt::kExact)), want(c.at("gt_exact")));

    // e([a]G1, [b]G2) * e(-[ab]G1, G2) == 1.
    const Affine<G1> ab = (-mul(g1, a * b)).to_affine();
    const std::array<std::pair<Affine<G1>, Affine<G2>>, 2> check{{{p, q}, {ab, g2}}};
    EXPECT_TRUE(pairing_check<G1>(std::span(check.data(), 2)));
    const std::array<std::pair<Affine<G1>, Affine<G2>>, 2> bad{{{p, q}, {(-mul(g1, a)).to_affine(), g2}}};
    EXPECT_FALSE(pairing_check<G1>(std::span(bad.data(), 2)));
  }
}

}  // namespace

TEST(PairingKat, Bls12_381) { check_pairing<Bls12_381_G1>("bls12_381"); }
TEST(PairingKat, Bn254) { check_pairing<Bn254_G1>("bn254"); }
