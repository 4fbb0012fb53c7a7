// Pairing engines for BLS12-381 and BN254: the tower, the Miller-loop parameter
// and the twist, plus the minimal affine point form the pairing consumes.
// Contract: points are affine with an infinity flag; the pairing does not check
// that they lie on the curve or in G1/G2 (callers validate inputs).
#pragma once
#include <cstdint>

#include "ff/towers.hpp"

namespace cuzk::ec::pairing {

// Any type with members x, y (the curve's coordinate field) and inf works as a
// pairing input (ec::Affine<C> does); these are the pairing's own.
template <class F>
struct AffinePoint {
  F x, y;
  bool inf;
};

struct Bls12_381_Engine {
  using Tower = ff::Bls12_381_Tower;
  using Fp = ff::Bls12_381_Fp;
  using Fp2 = ff::Fp2<Tower>;
  using Fp6 = ff::Fp6<Tower>;
  using Fp12 = ff::Fp12<Tower>;
  using Fr = ff::Bls12_381_Fr;
  static constexpr bool kBn = false;
  static constexpr bool kMTwist = true;  // lines land in Fp12 slots 0, 1, 4
  // curve parameter x = -|x|; the optimal ate loop runs over |x| and conjugates.
  static constexpr uint64_t kAbsX = 0xd201000000010000ULL;
  static constexpr bool kXNegative = true;
};

struct Bn254_Engine {
  using Tower = ff::Bn254_Tower;
  using Fp = ff::Bn254_Fp;
  using Fp2 = ff::Fp2<Tower>;
  using Fp6 = ff::Fp6<Tower>;
  using Fp12 = ff::Fp12<Tower>;
  using Fr = ff::Bn254_Fr;
  static constexpr bool kBn = true;
  static constexpr bool kMTwist = false;  // D-type: lines land in slots 0, 3, 4
  static constexpr uint64_t kAbsX = 4965661367192848881ULL;
  static constexpr bool kXNegative = false;
  // Non-adjacent form of the loop length 6x + 2 (66 digits, 22 non-zero, against
  // 37 ones in binary): bit i of kNafPos / kNafNeg set when digit i is +1 / -1.
  static constexpr uint64_t kNafPosLo = 0x2002004200804028ULL, kNafPosHi = 0x2;
  static constexpr uint64_t kNafNegLo = 0x82889008420a0480ULL, kNafNegHi = 0x0;
  static constexpr int kNafDigits = 66;
};

}  // namespace cuzk::ec::pairing
