// Extension-field towers of BLS12-381 and BN254: Fp2 = Fp[u]/(u^2+1),
// Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v) (blst/arkworks/gnark/noble layout),
// xi = 1 + u for BLS12-381 and 9 + u for BN254.
#pragma once
#include "ff/fields.hpp"
#include "ff/fp12.hpp"
#include "ff/fp2.hpp"
#include "ff/fp6.hpp"
#include "ff/params/bls12_381_tower.hpp"
#include "ff/params/bn254_tower.hpp"

namespace cuzk::ff {

// Tower configuration: the base field plus the generated constants (xi, Frobenius, twist).
struct Bls12_381_Tower : Bls12_381_TowerParams {
  using Fp = Bls12_381_Fp;
};
struct Bn254_Tower : Bn254_TowerParams {
  using Fp = Bn254_Fp;
};

using Bls12_381_Fp2 = Fp2<Bls12_381_Tower>;
using Bls12_381_Fp6 = Fp6<Bls12_381_Tower>;
using Bls12_381_Fp12 = Fp12<Bls12_381_Tower>;
using Bn254_Fp2 = Fp2<Bn254_Tower>;
using Bn254_Fp6 = Fp6<Bn254_Tower>;
using Bn254_Fp12 = Fp12<Bn254_Tower>;

}  // namespace cuzk::ff
