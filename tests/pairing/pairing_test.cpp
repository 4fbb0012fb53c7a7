// Optimal ate pairing for BLS12-381 and BN254: final exponentiation against plain
// exponentiation by (p^12-1)/r (GMP-computed exponent), bilinearity, non-degeneracy,
// order r, multi-pairing and pairing_check, and noble's known answers
// (tests/kat/vectors.json) in both conventions.
#include "ec/pairing/pairing.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../tower/test_util.hpp"

using namespace cuzk;
using namespace cuzk::ff;
using namespace cuzk::ff::testing;
using namespace cuzk::ec::pairing;

namespace {

// Independent, slow affine arithmetic (y^2 = x^3 + b) to make test points.
template <class F>
AffinePoint<F> add(const AffinePoint<F>& p, const AffinePoint<F>& q) {
  if (p.inf) return q;
  if (q.inf) return p;
  F l;
  if (p.x == q.x) {
    if (p.y != q.y || p.y.is_zero()) return AffinePoint<F>{F::zero(), F::zero(), true};
    F x2 = p.x.sqr();
    l = (x2.dbl() + x2) * p.y.dbl().inverse();
  } else {
    l = (q.y - p.y) * (q.x - p.x).inverse();
  }
  F x3 = l.sqr() - p.x - q.x;
  return AffinePoint<F>{x3, l * (p.x - x3) - p.y, false};
}
template <class F, int M>
AffinePoint<F> mul(const AffinePoint<F>& p, const Limbs<M>& k) {
  AffinePoint<F> r{F::zero(), F::zero(), true};
  for (int i = limbs_bit_length(k) - 1; i >= 0; --i) {
    r = add(r, r);
    if (limbs_bit(k, i)) r = add(r, p);
  }
  return r;
}
template <class F>
AffinePoint<F> neg(const AffinePoint<F>& p) {
  return AffinePoint<F>{p.x, -p.y, p.inf};
}

struct Bls {
  using E = Bls12_381_Engine;
  static AffinePoint<E::Fp> g1() {
    return {from_hex<E::Fp>(
                "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
            from_hex<E::Fp>(
                "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
            false};
  }
  static AffinePoint<E::Fp2> g2() {
    return {
        E::Fp2{from_hex<E::Fp>(
                   "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
               from_hex<E::Fp>(
                   "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")},
        E::Fp2{from_hex<E::Fp>(
                   "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
               from_hex<E::Fp>(
                   "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")},
        false};
  }
  static constexpr const char* kName = "bls12_381";
  // compat = exact^3
  static mpz_class compat_multiplier() { return 3; }
};

struct Bn {
  using E = Bn254_Engine;
  static AffinePoint<E::Fp> g1() { return {E::Fp::from_u64(1), E::Fp::from_u64(2), false}; }
  static AffinePoint<E::Fp2> g2() {
    return {
        E::Fp2{from_decimal<E::Fp>("10857046999023057135944570762232829481370756359578518086990519993285655852781"),
               from_decimal<E::Fp>("11559732032986387107991004021392285783925812861821192530917403151452391805634")},
        E::Fp2{from_decimal<E::Fp>("8495653923123431417604973247489272438418190587263600148770280649306958101930"),
               from_decimal<E::Fp>("4082367875863433681332203403145435568316851327593401208105741076214120093531")},
        false};
  }
  static constexpr const char* kName = "bn254";
  // compat = exact^(2x(6x^2+3x+1))
  static mpz_class compat_multiplier() {
    mpz_class x("4965661367192848881");
    return 2 * x * (6 * x * x + 3 * x + 1);
  }
};

template <class T>
struct Ctx {
  using E = typename T::E;
  mpz_class p = modulus<typename E::Fp>();
  mpz_class r = modulus<typename E::Fr>();
  mpz_class exp = (p * p * p * p * p * p * p * p * p * p * p * p - 1) / r;
};

}  // namespace

template <class T>
class PairingTest : public ::testing::Test {};
using Curves = ::testing::Types<Bls, Bn>;
TYPED_TEST_SUITE(PairingTest, Curves);

TYPED_TEST(PairingTest, GeneratorsAreOnTheCurves) {
  using E = typename TypeParam::E;
  auto p = TypeParam::g1();
  auto q = TypeParam::g2();
  using T = typename E::Tower;
  typename E::Fp2 b2 = E::Fp2::from_montgomery(T::twist_b_c0(), T::twist_b_c1());
  typename E::Fp b1 = E::Fp::from_u64(E::kBn ? 3 : 4);
  EXPECT_EQ(p.y.sqr(), p.x.sqr() * p.x + b1);
  EXPECT_EQ(q.y.sqr(), q.x.sqr() * q.x + b2);
  // both have order r
  auto r = to_limbs<4>(modulus<typename E::Fr>());
  EXPECT_TRUE(mul(p, r).inf);
  EXPECT_TRUE(mul(q, r).inf);
}

TYPED_TEST(PairingTest, FinalExponentiationExactMatchesPlainPower) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  Ctx<TypeParam> c;
  std::mt19937_64 rng(31);
  for (int i = 0; i < 2; ++i) {
    F12 f = random_fp12<F12>(rng);
    F12 want = f.pow(to_limbs<80>(c.exp));
    EXPECT_EQ(final_exponentiation_exact<E>(f), want);
    EXPECT_EQ(final_exponentiation<E>(f, Gt::kExact), want);
    EXPECT_NE(want, F12::one());
  }
}

TYPED_TEST(PairingTest, FinalExponentiationCompatIsTheDocumentedMultiple) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  Ctx<TypeParam> c;
  std::mt19937_64 rng(32);
  F12 f = random_fp12<F12>(rng);
  F12 want = f.pow(to_limbs<90>(c.exp * TypeParam::compat_multiplier()));
  EXPECT_EQ(final_exponentiation_compat<E>(f), want);
  EXPECT_EQ(final_exponentiation<E>(f, Gt::kCompat), want);
}

TYPED_TEST(PairingTest, Bilinearity) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  using Fr = typename E::Fr;
  std::mt19937_64 rng(33);
  auto P = TypeParam::g1();
  auto Q = TypeParam::g2();
  F12 e = pairing<E>(P, Q);
  EXPECT_NE(e, F12::one());  // non-degenerate
  EXPECT_EQ(e.pow(Fr::Params::modulus()), F12::one());
  for (int i = 0; i < 2; ++i) {
    Fr a = random_element<Fr>(rng), b = random_element<Fr>(rng);
    auto aP = mul(P, a.to_canonical());
    auto bQ = mul(Q, b.to_canonical());
    auto abP = mul(P, (a * b).to_canonical());
    F12 eab = pairing<E>(aP, bQ);
    EXPECT_EQ(eab, e.pow((a * b).to_canonical()));
    EXPECT_EQ(eab, pairing<E>(abP, Q));
    EXPECT_EQ(eab, pairing<E>(P, mul(Q, (a * b).to_canonical())));
    EXPECT_EQ(pairing<E>(aP, bQ, Gt::kCompat), pairing<E>(abP, Q, Gt::kCompat));
    EXPECT_EQ(pairing<E>(aP, Q) * pairing<E>(P, Q), pairing<E>(mul(P, (a + Fr::one()).to_canonical()), Q));
  }
}

TYPED_TEST(PairingTest, InfinityContributesOne) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  auto P = TypeParam::g1();
  auto Q = TypeParam::g2();
  auto P0 = P, Q0 = Q;
  P0.inf = true;
  Q0.inf = true;
  EXPECT_EQ(pairing<E>(P0, Q), F12::one());
  EXPECT_EQ(pairing<E>(P, Q0), F12::one());
  EXPECT_EQ(pairing<E>(P0, Q0, Gt::kCompat), F12::one());
  using Pair = std::pair<AffinePoint<typename E::Fp>, AffinePoint<typename E::Fp2>>;
  std::vector<Pair> v{{P0, Q}, {P, Q}, {P, Q0}};
  EXPECT_EQ(multi_pairing<E>(std::span<const Pair>(v)), pairing<E>(P, Q));
  std::vector<Pair> none;
  EXPECT_EQ(multi_pairing<E>(std::span<const Pair>(none)), F12::one());
  EXPECT_TRUE(pairing_check<E>(std::span<const Pair>(none)));
}

TYPED_TEST(PairingTest, MultiPairingAndCheck) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  using Fr = typename E::Fr;
  using Pair = std::pair<AffinePoint<typename E::Fp>, AffinePoint<typename E::Fp2>>;
  std::mt19937_64 rng(34);
  auto P = TypeParam::g1();
  auto Q = TypeParam::g2();
  for (size_t n : {size_t(1), size_t(3), size_t(11)}) {  // 11 > the on-stack state count
    std::vector<Pair> v;
    F12 prod = F12::one(), prod_c = F12::one();
    for (size_t i = 0; i < n; ++i) {
      auto a = random_element<Fr>(rng).to_canonical(), b = random_element<Fr>(rng).to_canonical();
      v.push_back({mul(P, a), mul(Q, b)});
      prod *= pairing<E>(v.back().first, v.back().second);
      prod_c *= pairing<E>(v.back().first, v.back().second, Gt::kCompat);
    }
    std::span<const Pair> s(v);
    EXPECT_EQ(multi_pairing<E>(s), prod) << n;
    EXPECT_EQ(multi_pairing<E>(s, Gt::kCompat), prod_c) << n;
    EXPECT_FALSE(pairing_check<E>(s)) << n;
  }
  // e(P, Q) e(-P, Q) = 1, and a Groth16-shaped check e(aP, bQ) e(-abP, Q) = 1
  Fr a = random_element<Fr>(rng), b = random_element<Fr>(rng);
  std::vector<Pair> ok1{{P, Q}, {neg(P), Q}};
  std::vector<Pair> ok2{{mul(P, a.to_canonical()), mul(Q, b.to_canonical())}, {neg(mul(P, (a * b).to_canonical())), Q}};
  std::vector<Pair> bad{{mul(P, a.to_canonical()), mul(Q, b.to_canonical())},
                        {neg(mul(P, (a * b + Fr::one()).to_canonical())), Q}};
  EXPECT_TRUE(pairing_check<E>(std::span<const Pair>(ok1)));
  EXPECT_TRUE(pairing_check<E>(std::span<const Pair>(ok2)));
  EXPECT_FALSE(pairing_check<E>(std::span<const Pair>(bad)));
  EXPECT_TRUE(multi_pairing<E>(std::span<const Pair>(ok2)).is_one());
}

// noble's e([a]G1, [b]G2), both the returned value (compat) and the exact power.
TYPED_TEST(PairingTest, KnownAnswersFromNoble) {
  using E = typename TypeParam::E;
  using F12 = typename E::Fp12;
  using Fp = typename E::Fp;
  using Fr = typename E::Fr;
  std::ifstream in(std::string(CUZK_SOURCE_DIR) + "/tests/kat/vectors.json");
  ASSERT_TRUE(in) << "tests/kat/vectors.json";
  auto j = nlohmann::json::parse(in).at("curves").at(TypeParam::kName).at("pairing");
  auto fp12 = [](const nlohmann::json& l) {
    Fp c[12];
    for (int i = 0; i < 12; ++i) c[i] = from_hex<Fp>(l.at(i).template get<std::string>());
    using F2 = typename E::Fp2;
    using F6 = typename E::Fp6;
    return F12{F6{F2{c[0], c[1]}, F2{c[2], c[3]}, F2{c[4], c[5]}},
               F6{F2{c[6], c[7]}, F2{c[8], c[9]}, F2{c[10], c[11]}}};
  };
  auto P = TypeParam::g1();
  auto Q = TypeParam::g2();
  EXPECT_EQ(pairing<E>(P, Q, Gt::kCompat), fp12(j.at("generator")));
  EXPECT_EQ(pairing<E>(P, Q, Gt::kExact), fp12(j.at("generator_exact")));
  int n = 0;
  for (const auto& c : j.at("cases")) {
    Fr a = from_hex<Fr>(c.at("a").template get<std::string>());
    Fr b = from_hex<Fr>(c.at("b").template get<std::string>());
    auto aP = mul(P, a.to_canonical());
    auto bQ = mul(Q, b.to_canonical());
    EXPECT_EQ(pairing<E>(aP, bQ, Gt::kCompat), fp12(c.at("gt"))) << n;
    EXPECT_EQ(pairing<E>(aP, bQ, Gt::kExact), fp12(c.at("gt_exact"))) << n;
    ++n;
  }
  EXPECT_GT(n, 0);
}

TEST(PairingEngine, BnNafEncodesSixXPlusTwo) {
  using E = Bn254_Engine;
  unsigned __int128 pos = ((unsigned __int128)E::kNafPosHi << 64) | E::kNafPosLo;
  unsigned __int128 neg = ((unsigned __int128)E::kNafNegHi << 64) | E::kNafNegLo;
  unsigned __int128 want = (unsigned __int128)E::kAbsX * 6 + 2;
  EXPECT_EQ(pos - neg, want);
  EXPECT_EQ(pos & neg, 0u);
  EXPECT_EQ(pos & (pos >> 1), 0u);  // non-adjacent
  EXPECT_EQ((pos | neg) & ((pos | neg) >> 1), 0u);
  EXPECT_EQ(int(128 - __builtin_clzll(uint64_t(pos >> 64))), E::kNafDigits);
}
