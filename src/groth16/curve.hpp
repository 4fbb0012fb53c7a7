// The two pairing-friendly curves Groth16 runs over, as one type each that
// names G1, G2, the scalar field and the pairing engine.
#pragma once
#include "ec/curves.hpp"
#include "ec/pairing/engine.hpp"

namespace cuzk::groth16 {

struct Bls12_381 {
  using G1 = ec::Bls12_381_G1;
  using G2 = ec::Bls12_381_G2;
  using Fr = ff::Bls12_381_Fr;
  using Pairing = ec::pairing::Bls12_381_Engine;
  static constexpr const char* kName = "bls12_381";
};

struct Bn254 {
  using G1 = ec::Bn254_G1;
  using G2 = ec::Bn254_G2;
  using Fr = ff::Bn254_Fr;
  using Pairing = ec::pairing::Bn254_Engine;
  static constexpr const char* kName = "bn254";
};

}  // namespace cuzk::groth16
