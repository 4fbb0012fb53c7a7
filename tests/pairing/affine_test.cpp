// The pairing on src/ec's point types: ec::Affine overloads pick the engine from
// the curve, and agree with the engine-level API.
#include "ec/pairing/affine_pairing.hpp"

#include <gtest/gtest.h>

#include <random>

#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"

using namespace cuzk;
using namespace cuzk::ec;

template <class G1>
class AffinePairingTest : public ::testing::Test {};
using G1s = ::testing::Types<Bls12_381_G1, Bn254_G1>;
TYPED_TEST_SUITE(AffinePairingTest, G1s);

TYPED_TEST(AffinePairingTest, OverloadsMatchEngineApi) {
  using G1 = TypeParam;
  using G2 = typename pairing::EngineOf<G1>::G2;
  using E = typename pairing::EngineOf<G1>::type;
  using Fr = typename G1::Scalar;
  std::mt19937_64 rng(41);
  Fr a = ff::random_element<Fr>(rng), b = ff::random_element<Fr>(rng);
  Affine<G1> P = mul(Affine<G1>::generator(), a).to_affine();
  Affine<G2> Q = mul(Affine<G2>::generator(), b).to_affine();
  auto e = pairing::pairing(P, Q);
  EXPECT_EQ(e, pairing::pairing<E>(P, Q));
  EXPECT_EQ(e, pairing::pairing(Affine<G1>::generator(), Affine<G2>::generator()).pow((a * b).to_canonical()));
  using Pair = std::pair<Affine<G1>, Affine<G2>>;
  std::vector<Pair> v{{P, Q}, {-P, Q}, {Affine<G1>::infinity(), Q}};
  EXPECT_TRUE(pairing::pairing_check(std::span<const Pair>(v)));
  EXPECT_TRUE(pairing::multi_pairing(std::span<const Pair>(v)).is_one());
  v.pop_back();
  v.pop_back();
  EXPECT_FALSE(pairing::pairing_check(std::span<const Pair>(v)));
  EXPECT_EQ(pairing::multi_pairing(std::span<const Pair>(v), pairing::Gt::kCompat),
            pairing::pairing(P, Q, pairing::Gt::kCompat));
}
