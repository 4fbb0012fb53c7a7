// Extension-field towers of BLS12-381 and BN254: Fp2 = Fp[u]/(u^2+1),
// Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v) (blst/arkworks/gnark layout).
#pragma once
#include "ff/fields.hpp"
#include "ff/fp2.hpp"

namespace cuzk::ff {

// Tower configuration: the base field and xi = kXiC0 + u.
struct Bls12_381_Tower {
  using Fp = Bls12_381_Fp;
  static constexpr int kXiC0 = 1;
};
struct Bn254_Tower {
  using Fp = Bn254_Fp;
  static constexpr int kXiC0 = 9;
};

using Bls12_381_Fp2 = Fp2<Bls12_381_Tower>;
using Bn254_Fp2 = Fp2<Bn254_Tower>;

}  // namespace cuzk::ff
