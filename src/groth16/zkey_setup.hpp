// Development setup (INSECURE: one process draws and knows the toxic waste)
// writing keys in snarkjs's .zkey convention, so that snarkjs and cuzk both
// prove with them. Rows of the QAP: the circuit's constraints, then one row
// per public signal s (A = wire s, as snarkjs adds to bind public inputs);
// n = the smallest power of two >= that count, at least 2. With Lagrange
// values L_i(tau) on <w_n>, u_s, v_s, w_s = A, B, C columns at tau:
//   A_s = u_s G1, B1_s = v_s G1, B2_s = v_s G2,
//   IC_s = (beta u_s + alpha v_s + w_s) / gamma G1   (s <= nPublic),
//   C_s  = (beta u_s + alpha v_s + w_s) / delta G1   (s > nPublic),
//   H_i  = L'_(2i+1)(tau) / delta G1, L' the Lagrange basis of <w_2n>.
#pragma once
#include <span>

#include "groth16/setup.hpp"
#include "groth16/zkey_keys.hpp"
#include "msm/fixed_base.hpp"
#include "ntt/ntt.hpp"

namespace cuzk::groth16 {

// The circuit as circom describes it: wire 0 is ONE, wires 1..n_public public.
template <class F>
struct QapCircuit {
  uint32_t n_wires = 0, n_public = 0;
  SparseRows<F> a, b, c;  // one row per constraint
};

inline int zkey_log_domain(uint64_t rows) {
  int k = 1;
  while ((uint64_t(1) << k) < rows) ++k;
  return k;
}

template <class E>
ZkeyProvingKey<E> zkey_setup(const QapCircuit<typename E::Fr>& qc, const ToxicWaste<E>& tw) {
  using F = typename E::Fr;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const size_t nc = qc.a.rows();
  if (qc.b.rows() != nc || qc.c.rows() != nc) throw Error("zkey setup: A, B, C differ in their number of rows");
  if (qc.n_wires == 0 || uint64_t(qc.n_public) + 1 > qc.n_wires) throw Error("zkey setup: bad wire counts");
  const int log_n = zkey_log_domain(uint64_t(nc) + qc.n_public + 1);
  if (log_n + 1 > F::Params::kTwoAdicity) throw Error("zkey setup: circuit too large for the field's NTT domains");
  ntt::Domain<F> d(log_n, ff::RootConvention::kSnarkjs);
  const size_t n = d.n;
  const F tau_n = tw.tau.pow(uint64_t(n));
  if ((tau_n * tau_n).is_one()) throw Error("zkey setup: tau lies in the 2n domain; draw again");

  ZkeyProvingKey<E> pk;
  pk.n_vars = qc.n_wires;
  pk.n_public = qc.n_public;
  pk.domain_size = uint32_t(n);

  // Domain rows: the constraints, then ONE..public in A alone.
  auto pad = [&](const SparseRows<F>& m, bool public_rows) {
    SparseRows<F> out = m;
    if (public_rows)
      for (uint32_t s = 0; s <= qc.n_public; ++s) {
        out.col.push_back(s);
        out.val.push_back(F::one());
        out.start.push_back(out.col.size());
      }
    out.start.resize(n + 1, out.col.size());
    return out;
  };
  pk.qap_a = pad(qc.a, true);
  pk.qap_b = pad(qc.b, false);
  const SparseRows<F> qap_c = pad(qc.c, false);

  std::vector<F> lagrange = ntt::Domain<F>::powers(tw.tau, n);
  ntt::inverse<F>(lagrange, d);
  // column sums: out[s] = sum over rows i of m[i][s] * L_i(tau)
  auto at_tau = [&](const SparseRows<F>& m) {
    std::vector<F> out(qc.n_wires, F::zero());
    for (size_t i = 0; i < m.rows(); ++i)
      for (uint64_t k = m.start[i]; k < m.start[i + 1]; ++k) out[m.col[k]] += m.val[k] * lagrange[i];
    return out;
  };
  const std::vector<F> u = at_tau(pk.qap_a), v = at_tau(pk.qap_b), w = at_tau(qap_c);

  const F gamma_inv = tw.gamma.inverse(), delta_inv = tw.delta.inverse();
  std::vector<F> ic_s(size_t(qc.n_public) + 1), c_s(qc.n_wires - qc.n_public - 1);
  parallel_for(qc.n_wires, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t s = lo; s < hi; ++s) {
      const F t = tw.beta * u[s] + tw.alpha * v[s] + w[s];
      if (s <= qc.n_public)
        ic_s[s] = t * gamma_inv;
      else
        c_s[s - qc.n_public - 1] = t * delta_inv;
    }
  });

  // L'_(2i+1)(tau) = (1 - tau^n)/2 * INTT_n((tau / w_2n)^j)[i]
  const F w2n = ff::root_of_unity<F>(log_n + 1, ff::RootConvention::kSnarkjs);
  std::vector<F> h_s = ntt::Domain<F>::powers(tw.tau * w2n.inverse(), n);
  ntt::inverse<F>(h_s, d);
  const F scale = (F::one() - tau_n) * F::from_u64(2).inverse() * delta_inv;
  parallel_for(n, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) h_s[i] *= scale;
  });

  msm::FixedBaseTable<G1> t1(ec::Affine<G1>::generator());
  msm::FixedBaseTable<G2> t2(ec::Affine<G2>::generator());
  pk.vk.alpha_g1 = t1.mul(tw.alpha).to_affine();
  pk.vk.beta_g1 = t1.mul(tw.beta).to_affine();
  pk.vk.beta_g2 = t2.mul(tw.beta).to_affine();
  pk.vk.gamma_g2 = t2.mul(tw.gamma).to_affine();
  pk.vk.delta_g1 = t1.mul(tw.delta).to_affine();
  pk.vk.delta_g2 = t2.mul(tw.delta).to_affine();
  pk.vk.ic = t1.mul_many(ic_s);
  pk.a = t1.mul_many(u);
  pk.b1 = t1.mul_many(v);
  pk.b2 = t2.mul_many(v);
  pk.c = t1.mul_many(c_s);
  pk.h = t1.mul_many(h_s);
  return pk;
}

}  // namespace cuzk::groth16
