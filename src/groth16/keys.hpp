// Groth16 keys and proofs. The proving key follows bellperson's Parameters:
// H points for tau^i Z(tau)/delta, L for aux variables, and A/B queries with
// identity points removed (densities select which variables own a point).
#pragma once
#include <vector>

#include "ec/affine.hpp"
#include "groth16/curve.hpp"

namespace cuzk::groth16 {

template <class E>
struct VerifyingKey {
  ec::Affine<typename E::G1> alpha_g1, beta_g1;
  ec::Affine<typename E::G2> beta_g2, gamma_g2;
  ec::Affine<typename E::G1> delta_g1;
  ec::Affine<typename E::G2> delta_g2;
  std::vector<ec::Affine<typename E::G1>> ic;  // one per public input, including ONE
  bool operator==(const VerifyingKey&) const = default;
};

template <class E>
struct ProvingKey {
  VerifyingKey<E> vk;
  std::vector<ec::Affine<typename E::G1>> h;     // n - 1 points
  std::vector<ec::Affine<typename E::G1>> l;     // one per aux variable
  std::vector<ec::Affine<typename E::G1>> a;     // inputs, then aux in A's density
  std::vector<ec::Affine<typename E::G1>> b_g1;  // inputs and aux in B's density
  std::vector<ec::Affine<typename E::G2>> b_g2;
  bool operator==(const ProvingKey&) const = default;
};

template <class E>
struct Proof {
  ec::Affine<typename E::G1> a;
  ec::Affine<typename E::G2> b;
  ec::Affine<typename E::G1> c;
  bool operator==(const Proof&) const = default;
};

}  // namespace cuzk::groth16
