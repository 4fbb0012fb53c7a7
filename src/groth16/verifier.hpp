// Groth16 verification: e(A, B) = e(alpha, beta) e(IC(x), gamma) e(C, delta),
// with the key prepared once (e(alpha, beta) and the negated G2 points), and
// batch verification of many proofs by a random linear combination (one
// Miller loop per proof plus two, one final exponentiation).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "core/csprng.hpp"
#include "ec/pairing/affine_pairing.hpp"
#include "ec/scalar_mul.hpp"
#include "ec/subgroup.hpp"
#include "groth16/keys.hpp"

namespace cuzk::groth16 {

template <class E>
struct PreparedVerifyingKey {
  using Fp12 = typename E::Pairing::Fp12;
  VerifyingKey<E> vk;
  Fp12 alpha_beta;
  ec::Affine<typename E::G2> neg_gamma_g2, neg_delta_g2;

  explicit PreparedVerifyingKey(VerifyingKey<E> k) : vk(std::move(k)) {
    if (vk.ic.empty()) throw Error("verifying key has no IC points");
    alpha_beta = ec::pairing::pairing<typename E::G1>(vk.alpha_g1, vk.beta_g2);
    neg_gamma_g2 = -vk.gamma_g2;
    neg_delta_g2 = -vk.delta_g2;
  }
};

// sum x_i IC_i with IC_0 for the constant ONE; x excludes ONE.
template <class E>
ec::Jacobian<typename E::G1> public_input_term(const VerifyingKey<E>& vk, std::span<const typename E::Fr> x) {
  if (x.size() + 1 != vk.ic.size())
    throw Error("verify: " + std::to_string(x.size()) + " public inputs given, the verifying key expects " +
                std::to_string(vk.ic.size() - 1));
  auto acc = ec::Jacobian<typename E::G1>::from_affine(vk.ic[0]);
  for (size_t i = 0; i < x.size(); ++i) acc += ec::mul(vk.ic[i + 1], x[i]);
  return acc;
}

// Points built in memory (not decoded) are checked here too.
template <class E>
bool proof_points_valid(const Proof<E>& p) {
  return p.a.is_on_curve() && p.b.is_on_curve() && p.c.is_on_curve() && ec::is_in_subgroup(p.a) &&
         ec::is_in_subgroup(p.b) && ec::is_in_subgroup(p.c);
}

template <class E>
bool verify_proof(const PreparedVerifyingKey<E>& pvk, const Proof<E>& proof, std::span<const typename E::Fr> x) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  if (!proof_points_valid(proof)) return false;
  auto acc = public_input_term(pvk.vk, x).to_affine();
  std::pair<ec::Affine<G1>, ec::Affine<G2>> pairs[3] = {
      {proof.a, proof.b}, {acc, pvk.neg_gamma_g2}, {proof.c, pvk.neg_delta_g2}};
  auto f = ec::pairing::multi_pairing<G1>(std::span<const std::pair<ec::Affine<G1>, ec::Affine<G2>>>(pairs));
  return f == pvk.alpha_beta;
}

// All proofs valid (with overwhelming probability) iff
// prod e(r_i A_i, B_i) * e(-sum r_i IC(x_i), gamma) * e(-sum r_i C_i, delta) * e(-(sum r_i) alpha, beta) = 1
// for random 128-bit r_i.
template <class E>
bool verify_proofs_batch(const PreparedVerifyingKey<E>& pvk, std::span<const Proof<E>> proofs,
                         std::span<const std::vector<typename E::Fr>> inputs) {
  using F = typename E::Fr;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  if (proofs.size() != inputs.size()) throw Error("verify batch: proofs and input vectors differ in number");
  if (proofs.empty()) return true;
  SecureRng rng;
  std::vector<std::pair<ec::Affine<G1>, ec::Affine<G2>>> pairs;
  auto acc_ic = ec::Jacobian<G1>::infinity(), acc_c = ec::Jacobian<G1>::infinity();
  F r_sum = F::zero();
  for (size_t i = 0; i < proofs.size(); ++i) {
    if (!proof_points_valid(proofs[i])) return false;
    ff::Limbs<F::N> rl{};
    rl.v[0] = rng();
    rl.v[1] = rng();
    F r = F::from_canonical(rl);
    r_sum += r;
    pairs.push_back({ec::mul(proofs[i].a, r).to_affine(), proofs[i].b});
    acc_ic += ec::mul(public_input_term(pvk.vk, std::span<const F>(inputs[i])), r);
    acc_c += ec::mul(proofs[i].c, r);
  }
  pairs.push_back({acc_ic.to_affine(), pvk.neg_gamma_g2});
  pairs.push_back({acc_c.to_affine(), pvk.neg_delta_g2});
  pairs.push_back({(-ec::mul(pvk.vk.alpha_g1, r_sum)).to_affine(), pvk.vk.beta_g2});
  return ec::pairing::pairing_check<G1>(std::span<const std::pair<ec::Affine<G1>, ec::Affine<G2>>>(pairs));
}

}  // namespace cuzk::groth16
