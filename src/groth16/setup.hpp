// Development setup (INSECURE: the toxic waste is drawn here and then
// forgotten, but a single party knows it while this runs). Produces a proving
// key in bellperson's convention for any circuit, in parallel.
#pragma once
#include <string>

#include "core/csprng.hpp"
#include "ff/field_io.hpp"
#include "groth16/keys.hpp"
#include "msm/fixed_base.hpp"
#include "ntt/ntt.hpp"
#include "r1cs/keypair_assembly.hpp"

namespace cuzk::groth16 {

template <class E>
struct ToxicWaste {
  typename E::Fr tau, alpha, beta, gamma, delta;
  static ToxicWaste random() {
    SecureRng rng;
    auto nz = [&] {
      for (;;) {
        auto x = ff::random_element<typename E::Fr>(rng);
        if (!x.is_zero()) return x;
      }
    };
    return {nz(), nz(), nz(), nz(), nz()};
  }
};

// Keys for the circuit recorded in `assembly` (already synthesized and finished).
template <class E>
ProvingKey<E> generate_parameters(const r1cs::KeypairAssembly<typename E::Fr>& assembly, const ToxicWaste<E>& tw) {
  using F = typename E::Fr;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const auto& shape = assembly.shape();
  const size_t m = shape.abc_length();
  const int log_n = ntt::Domain<F>::log_size_for(m);
  if (log_n > F::Params::kTwoAdicity) throw Error("setup: circuit too large for the field's NTT domains");
  ntt::Domain<F> domain(log_n, ff::RootConvention::kBellperson);
  const size_t n = domain.n;

  // Lagrange basis at tau: L_i(tau) = INTT(tau^j)[i]
  std::vector<F> powers = ntt::Domain<F>::powers(tw.tau, n);
  std::vector<F> lagrange = powers;
  ntt::inverse<F>(lagrange, domain);

  // u_j(tau), v_j(tau), w_j(tau) for inputs (first) and aux variables
  const size_t vars = shape.num_inputs + shape.num_aux;
  auto fold = [&](const std::vector<r1cs::MatrixEntry<F>>& entries) {
    std::vector<F> out(vars, F::zero());
    for (const auto& e : entries) {
      size_t j = e.var.is_input() ? e.var.index() : shape.num_inputs + e.var.index();
      out[j] += e.coeff * lagrange[e.constraint];
    }
    return out;
  };
  std::vector<F> u = fold(assembly.a()), v = fold(assembly.b()), w = fold(assembly.c());

  const F gamma_inv = tw.gamma.inverse(), delta_inv = tw.delta.inverse();
  std::vector<F> ic_s(shape.num_inputs), l_s(shape.num_aux);
  parallel_for(vars, 1 << 12, [&](size_t b, size_t e) {
    for (size_t j = b; j < e; ++j) {
      F t = tw.beta * u[j] + tw.alpha * v[j] + w[j];
      if (j < shape.num_inputs)
        ic_s[j] = t * gamma_inv;
      else
        l_s[j - shape.num_inputs] = t * delta_inv;
    }
  });
  // h_i = tau^i Z(tau) / delta, i < n - 1, Z(tau) = tau^n - 1
  const F z_over_delta = (tw.tau.pow(uint64_t(n)) - F::one()) * delta_inv;
  std::vector<F> h_s(n - 1);
  parallel_for(n - 1, 1 << 12, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) h_s[i] = powers[i] * z_over_delta;
  });

  const auto g1 = ec::Affine<G1>::generator();
  const auto g2 = ec::Affine<G2>::generator();
  msm::FixedBaseTable<G1> t1(g1);
  msm::FixedBaseTable<G2> t2(g2);

  ProvingKey<E> pk;
  auto to_affine = [](const ec::Jacobian<G1>& p) { return p.to_affine(); };
  pk.vk.alpha_g1 = to_affine(t1.mul(tw.alpha));
  pk.vk.beta_g1 = to_affine(t1.mul(tw.beta));
  pk.vk.beta_g2 = t2.mul(tw.beta).to_affine();
  pk.vk.gamma_g2 = t2.mul(tw.gamma).to_affine();
  pk.vk.delta_g1 = to_affine(t1.mul(tw.delta));
  pk.vk.delta_g2 = t2.mul(tw.delta).to_affine();
  pk.vk.ic = t1.mul_many(ic_s);
  pk.l = t1.mul_many(l_s);
  pk.h = t1.mul_many(h_s);

  // A and B queries keep only non-identity points (a variable absent from A
  // or B has u_j(tau) = 0 resp. v_j(tau) = 0), as bellperson does.
  auto nonzero = [](const std::vector<F>& xs) {
    std::vector<F> out;
    for (const auto& x : xs)
      if (!x.is_zero()) out.push_back(x);
    return out;
  };
  std::vector<F> u_nz = nonzero(u), v_nz = nonzero(v);
  pk.a = t1.mul_many(u_nz);
  pk.b_g1 = t1.mul_many(v_nz);
  pk.b_g2 = t2.mul_many(v_nz);
  return pk;
}

// Synthesizes `circuit(cs)` into a KeypairAssembly and generates keys.
template <class E, class Circuit>
ProvingKey<E> generate_random_parameters(const Circuit& circuit) {
  r1cs::KeypairAssembly<typename E::Fr> assembly;
  circuit(assembly);
  assembly.finish();
  return generate_parameters<E>(assembly, ToxicWaste<E>::random());
}

}  // namespace cuzk::groth16
