// The Groth16 prover on the CPU, in steps a GPU backend shares: check the key
// against the assignment, H polynomial, the five MSMs (A, B in G1 and G2, H,
// L), then the epilogue with fresh random r, s.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/csprng.hpp"
#include "core/error.hpp"
#include "core/timer.hpp"
#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "groth16/h_poly.hpp"
#include "groth16/keys.hpp"
#include "msm/pippenger.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16 {

// Answers of the MSMs, before blinding.
template <class E>
struct ProofTerms {
  ec::Jacobian<typename E::G1> a, b_g1, h, l;
  ec::Jacobian<typename E::G2> b_g2;
};

// Points in each query of a proving key, wherever the key lives (host or device).
struct KeySizes {
  size_t h, l, a, b_g1, b_g2;
};

// Throws Error naming the first query whose size disagrees with the circuit.
template <class F>
void check_key_sizes(const KeySizes& k, const r1cs::ProvingAssignment<F>& pa, const char* whose = "proving key") {
  if (!pa.finished()) throw Error("prove: assignment not finished (call ProvingAssignment::finish)");
  const auto& s = pa.shape();
  auto need = [&](const char* what, size_t have, size_t want) {
    if (have != want)
      throw Error(std::string(whose) + " does not match the circuit: " + what + " has " + std::to_string(have) +
                  " points, the circuit needs " + std::to_string(want));
  };
  const size_t n = size_t(1) << ntt::Domain<F>::log_size_for(s.abc_length());
  const size_t b = pa.b_input_density().count() + pa.b_aux_density().count();
  need("H", k.h, n - 1);
  need("L", k.l, s.num_aux);
  need("A", k.a, s.num_inputs + pa.a_aux_density().count());
  need("B (G1)", k.b_g1, b);
  need("B (G2)", k.b_g2, b);
}

template <class E>
void check_key_matches(const ProvingKey<E>& pk, const r1cs::ProvingAssignment<typename E::Fr>& pa) {
  if (pa.finished() && pk.vk.ic.size() != pa.shape().num_inputs)
    throw Error("proving key does not match the circuit: IC (verifying key) has " + std::to_string(pk.vk.ic.size()) +
                " points, the circuit needs " + std::to_string(pa.shape().num_inputs));
  check_key_sizes({pk.h.size(), pk.l.size(), pk.a.size(), pk.b_g1.size(), pk.b_g2.size()}, pa);
}

// Refuses an assignment that breaks a constraint, before any proving work:
// throws UnsatisfiedError "<what>: witness does not satisfy constraint #i
// 'name'"; describe(i) names constraint i (r1cs::describe_constraint).
[[noreturn]] inline void throw_unsatisfied(size_t bad, const std::function<std::string(size_t)>& describe,
                                           const std::string& what = "witness") {
  throw UnsatisfiedError(what + " does not satisfy the circuit: " +
                         (describe ? describe(bad) : "constraint #" + std::to_string(bad)));
}

template <class F>
void require_satisfied(const r1cs::ProvingAssignment<F>& pa, const std::function<std::string(size_t)>& describe,
                       const std::string& what = "witness") {
  if (auto bad = pa.first_unsatisfied()) throw_unsatisfied(*bad, describe, what);
}

template <class F, class DensityT>
std::vector<F> gather(std::span<const F> xs, const DensityT& d) {
  std::vector<F> out;
  out.reserve(d.count());
  for (size_t i = 0; i < xs.size(); ++i)
    if (d.get(i)) out.push_back(xs[i]);
  return out;
}

// The five MSMs; with `timer`, each is recorded as its own phase ("MSM H", ...).
template <class E>
ProofTerms<E> compute_terms_cpu(const ProvingKey<E>& pk, const r1cs::ProvingAssignment<typename E::Fr>& pa,
                                std::span<const typename E::Fr> h, PhaseTimer* timer = nullptr) {
  using F = typename E::Fr;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const size_t ni = pa.inputs().size();
  std::span<const ec::Affine<G1>> a_q(pk.a), b1_q(pk.b_g1);
  std::span<const ec::Affine<G2>> b2_q(pk.b_g2);
  const size_t b_inputs = pa.b_input_density().count();
  auto step = [timer](const char* name, auto&& fn) {
    if (!timer) return fn();
    return timer->run(name, fn);
  };

  std::vector<F> a_aux, b_in, b_aux;
  step("gather A/B scalars", [&] {
    a_aux = gather(pa.aux(), pa.a_aux_density());
    b_in = gather(pa.inputs(), pa.b_input_density());
    b_aux = gather(pa.aux(), pa.b_aux_density());
    return 0;
  });

  ProofTerms<E> t;
  t.h = step("MSM H (G1)", [&] { return msm::pippenger<G1>(pk.h, h); });
  t.l = step("MSM L (G1)", [&] { return msm::pippenger<G1>(pk.l, pa.aux()); });
  t.a = step("MSM A (G1)", [&] {
    return msm::pippenger<G1>(a_q.first(ni), pa.inputs()) + msm::pippenger<G1>(a_q.subspan(ni), std::span<const F>(a_aux));
  });
  t.b_g1 = step("MSM B (G1)", [&] {
    return msm::pippenger<G1>(b1_q.first(b_inputs), std::span<const F>(b_in)) +
           msm::pippenger<G1>(b1_q.subspan(b_inputs), std::span<const F>(b_aux));
  });
  t.b_g2 = step("MSM B (G2)", [&] {
    return msm::pippenger<G2>(b2_q.first(b_inputs), std::span<const F>(b_in)) +
           msm::pippenger<G2>(b2_q.subspan(b_inputs), std::span<const F>(b_aux));
  });
  return t;
}

// A = alpha + a + r delta; B = beta + b + s delta; C = h + l + s A + r B1 - r s delta.
template <class E>
Proof<E> assemble_proof(const VerifyingKey<E>& vk, const ProofTerms<E>& t, const typename E::Fr& r,
                        const typename E::Fr& s) {
  auto a = t.a + vk.alpha_g1 + ec::mul(vk.delta_g1, r);
  auto b2 = t.b_g2 + vk.beta_g2 + ec::mul(vk.delta_g2, s);
  auto b1 = t.b_g1 + vk.beta_g1 + ec::mul(vk.delta_g1, s);
  auto c = t.h + t.l + ec::mul(a, s) + ec::mul(b1, r) - ec::mul(vk.delta_g1, r * s);
  return Proof<E>{a.to_affine(), b2.to_affine(), c.to_affine()};
}

// assemble_proof with fresh r, s from the kernel's CSPRNG: every prover's epilogue.
template <class E>
Proof<E> blind_proof(const VerifyingKey<E>& vk, const ProofTerms<E>& t) {
  SecureRng rng;
  const auto r = ff::random_element<typename E::Fr>(rng), s = ff::random_element<typename E::Fr>(rng);
  return assemble_proof(vk, t, r, s);
}

template <class E>
Proof<E> prove_cpu(const ProvingKey<E>& pk, const r1cs::ProvingAssignment<typename E::Fr>& pa) {
  using F = typename E::Fr;
  check_key_matches(pk, pa);
  std::vector<F> h = compute_h_bellperson<F>(pa.a(), pa.b());
  return blind_proof(pk.vk, compute_terms_cpu(pk, pa, h));
}

}  // namespace cuzk::groth16
