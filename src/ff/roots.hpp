// Roots of unity for NTT domains. BLS12-381 Fr has two conventions that both
// matter: generator 7 (bellperson/arkworks domains) and generator 5 (snarkjs).
#pragma once
#include "ff/fields.hpp"

namespace cuzk::ff {

enum class RootConvention { kBellperson, kSnarkjs };

// Primitive 2^log_n-th root of unity (log_n <= two-adicity) of the given
// convention: g^((r-1)/2^s) squared down s - log_n times.
template <class F>
CUZK_HD F root_of_unity(int log_n, RootConvention conv);

template <>
CUZK_HD Bls12_381_Fr root_of_unity<Bls12_381_Fr>(int log_n, RootConvention conv) {
  using P = Bls12_381_FrParams;
  Bls12_381_Fr w = Bls12_381_Fr::from_montgomery(conv == RootConvention::kSnarkjs ? P::root_of_unity_5() : P::root_of_unity_7());
  for (int i = log_n; i < P::kTwoAdicity; ++i) w = w.sqr();
  return w;
}

template <>
CUZK_HD Bn254_Fr root_of_unity<Bn254_Fr>(int log_n, RootConvention) {
  using P = Bn254_FrParams;
  Bn254_Fr w = Bn254_Fr::from_montgomery(P::root_of_unity_5());
  for (int i = log_n; i < P::kTwoAdicity; ++i) w = w.sqr();
  return w;
}

// The multiplicative generator of each convention (the coset shift of bellperson's H step).
template <class F>
CUZK_HD F multiplicative_generator(RootConvention conv);

template <>
CUZK_HD Bls12_381_Fr multiplicative_generator<Bls12_381_Fr>(RootConvention conv) {
  return Bls12_381_Fr::from_montgomery(conv == RootConvention::kSnarkjs ? Bls12_381_FrParams::generator_5()
                                                                       : Bls12_381_FrParams::generator_7());
}

template <>
CUZK_HD Bn254_Fr multiplicative_generator<Bn254_Fr>(RootConvention) {
  return Bn254_Fr::from_montgomery(Bn254_FrParams::generator_5());
}

}  // namespace cuzk::ff
