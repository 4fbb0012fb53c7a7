// Curve configurations: short Weierstrass y^2 = x^3 + b (a = 0) over Fp or Fp2.
// Contract: each config names its base field (Base), scalar field (Scalar), b,
// generator and cofactor; constants are Montgomery limbs, checked by tests/ec
// against their canonical values, so they stay usable in constant expressions
// and device code without a conversion at every use.
#pragma once
#include <cstdint>

#include "ff/fields.hpp"
#include "ff/towers.hpp"

namespace cuzk::ec {

// How G2's curve relates to the curve over Fp12: y^2 = x^3 + b*xi (M-type) or
// y^2 = x^3 + b/xi (D-type). The pairing code needs it; G1 has none.
enum class Twist { kNone, kM, kD };

struct Bls12_381_G1 {
  using Base = ff::Bls12_381_Fp;
  using Scalar = ff::Bls12_381_Fr;
  static constexpr const char* kName = "bls12_381_g1";
  static constexpr int kDegree = 1;  // base field is Fp
  static constexpr Twist kTwist = Twist::kNone;
  CUZK_HD static constexpr Base b() {  // 4
    return Base::from_montgomery({{0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL,
                                   0xb1d37ebee6ba24d7ULL, 0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL}});
  }
  CUZK_HD static constexpr Base generator_x() {
    return Base::from_montgomery({{0x5cb38790fd530c16ULL, 0x7817fc679976fff5ULL, 0x154f95c7143ba1c1ULL,
                                   0xf0ae6acdf3d0e747ULL, 0xedce6ecc21dbf440ULL, 0x120177419e0bfb75ULL}});
  }
  CUZK_HD static constexpr Base generator_y() {
    return Base::from_montgomery({{0xbaac93d50ce72271ULL, 0x8c22631a7918fd8eULL, 0xdd595f13570725ceULL,
                                   0x51ac582950405194ULL, 0x0e1c8c3fad0059c0ULL, 0x0bbc3efc5008a26aULL}});
  }
  // #E(Fp) / r = (x - 1)^2 / 3 with the curve parameter x = -0xd201000000010000
  CUZK_HD static constexpr ff::Limbs<2> cofactor() { return {{0x8c00aaab0000aaabULL, 0x396c8c005555e156ULL}}; }
};

struct Bls12_381_G2 {
  using Base = ff::Bls12_381_Fp2;
  using Scalar = ff::Bls12_381_Fr;
  static constexpr const char* kName = "bls12_381_g2";
  static constexpr int kDegree = 2;
  static constexpr Twist kTwist = Twist::kM;
  CUZK_HD static constexpr Base b() { return Base{Bls12_381_G1::b(), Bls12_381_G1::b()}; }  // 4(1 + u)
  CUZK_HD static constexpr Base generator_x() {
    using Fp = ff::Bls12_381_Fp;
    return Base{Fp::from_montgomery({{0xf5f28fa202940a10ULL, 0xb3f5fb2687b4961aULL, 0xa1a893b53e2ae580ULL,
                                      0x9894999d1a3caee9ULL, 0x6f67b7631863366bULL, 0x058191924350bcd7ULL}}),
                Fp::from_montgomery({{0xa5a9c0759e23f606ULL, 0xaaa0c59dbccd60c3ULL, 0x3bb17e18e2867806ULL,
                                      0x1b1ab6cc8541b367ULL, 0xc2b6ed0ef2158547ULL, 0x11922a097360edf3ULL}})};
  }
  CUZK_HD static constexpr Base generator_y() {
    using Fp = ff::Bls12_381_Fp;
    return Base{Fp::from_montgomery({{0x4c730af860494c4aULL, 0x597cfa1f5e369c5aULL, 0xe7e6856caa0a635aULL,
                                      0xbbefb5e96e0d495fULL, 0x07d3a975f0ef25a2ULL, 0x0083fd8e7e80dae5ULL}}),
                Fp::from_montgomery({{0xadc0fc92df64b05dULL, 0x18aa270a2b1461dcULL, 0x86adac6a3be4eba0ULL,
                                      0x79495c4ec93da33aULL, 0xe7175850a43ccaedULL, 0x0b2bc2a163de1bf2ULL}})};
  }
  // #E'(Fp2) / r = (x^8 - 4x^7 + 5x^6 - 4x^4 + 6x^3 - 4x^2 - 4x + 13) / 9 (507 bits)
  CUZK_HD static constexpr ff::Limbs<8> cofactor() {
    return {{0xcf1c38e31c7238e5ULL, 0x1616ec6e786f0c70ULL, 0x21537e293a6691aeULL, 0xa628f1cb4d9e82efULL,
             0xa68a205b2e5a7ddfULL, 0xcd91de4547085abaULL, 0x091d50792876a202ULL, 0x05d543a95414e7f1ULL}};
  }
};

struct Bn254_G1 {
  using Base = ff::Bn254_Fp;
  using Scalar = ff::Bn254_Fr;
  static constexpr const char* kName = "bn254_g1";
  static constexpr int kDegree = 1;
  static constexpr Twist kTwist = Twist::kNone;
  CUZK_HD static constexpr Base b() {  // 3
    return Base::from_montgomery({{0x7a17caa950ad28d7ULL, 0x1f6ac17ae15521b9ULL, 0x334bea4e696bd284ULL, 0x2a1f6744ce179d8eULL}});
  }
  CUZK_HD static constexpr Base generator_x() { return Base::one(); }
  CUZK_HD static constexpr Base generator_y() {  // 2
    return Base::from_montgomery({{0xa6ba871b8b1e1b3aULL, 0x14f1d651eb8e167bULL, 0xccdd46def0f28c58ULL, 0x1c14ef83340fbe5eULL}});
  }
  CUZK_HD static constexpr ff::Limbs<1> cofactor() { return {{1}}; }  // E(Fp) has prime order r
};

struct Bn254_G2 {
  using Base = ff::Bn254_Fp2;
  using Scalar = ff::Bn254_Fr;
  static constexpr const char* kName = "bn254_g2";
  static constexpr int kDegree = 2;
  static constexpr Twist kTwist = Twist::kD;
  CUZK_HD static constexpr Base b() {  // 3 / (9 + u)
    using Fp = ff::Bn254_Fp;
    return Base{Fp::from_montgomery({{0x3bf938e377b802a8ULL, 0x020b1b273633535dULL, 0x26b7edf049755260ULL, 0x2514c6324384a86dULL}}),
                Fp::from_montgomery({{0x38e7ecccd1dcff67ULL, 0x65f0b37d93ce0d3eULL, 0xd749d0dd22ac00aaULL, 0x0141b9ce4a688d4dULL}})};
  }
  CUZK_HD static constexpr Base generator_x() {
    using Fp = ff::Bn254_Fp;
    return Base{Fp::from_montgomery({{0x8e83b5d102bc2026ULL, 0xdceb1935497b0172ULL, 0xfbb8264797811adfULL, 0x19573841af96503bULL}}),
                Fp::from_montgomery({{0xafb4737da84c6140ULL, 0x6043dd5a5802d8c4ULL, 0x09e950fc52a02f86ULL, 0x14fef0833aea7b6bULL}})};
  }
  CUZK_HD static constexpr Base generator_y() {
    using Fp = ff::Bn254_Fp;
    return Base{Fp::from_montgomery({{0x619dfa9d886be9f6ULL, 0xfe7fd297f59e9b78ULL, 0xff9e1a62231b7dfeULL, 0x28fd7eebae9e4206ULL}}),
                Fp::from_montgomery({{0x64095b56c71856eeULL, 0xdc57f922327d3cbbULL, 0x55f935be33351076ULL, 0x0da4a0e693fd6482ULL}})};
  }
  // #E'(Fp2) = r (2p - r)
  CUZK_HD static constexpr ff::Limbs<4> cofactor() {
    return {{0x345f2299c0f9fa8dULL, 0x06ceecda572a2489ULL, 0xb85045b68181585eULL, 0x30644e72e131a029ULL}};
  }
};

// The prime field under C::Base: C::Base itself for G1, its base for G2.
template <class F, int Degree>
struct PrimeFieldOf {
  using type = F;
};
template <class F>
struct PrimeFieldOf<F, 2> {
  using type = typename F::Base;
};
template <class C>
using PrimeField = typename PrimeFieldOf<typename C::Base, C::kDegree>::type;

}  // namespace cuzk::ec
