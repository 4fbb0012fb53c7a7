// The Groth16 prover for snarkjs .zkey keys on the CPU, as snarkjs and
// rapidsnark compute it: a = A w, b = B w on the n-domain (c = a * b: circom
// keys carry no C matrix), H values on the odd coset of the 2n domain
// (h_i = a b - c at w_2n^(2i+1), no division by Z: the key's H points absorb
// it), MSMs A, B1, B2 over all wires, C over the private wires, H over h, and
// the epilogue shared with the bellperson path (gamma plays no part).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "core/csprng.hpp"
#include "core/timer.hpp"
#include "groth16/prover.hpp"
#include "ec/subgroup.hpp"
#include "groth16/zkey_keys.hpp"
#include "ntt/ntt.hpp"

namespace cuzk::groth16 {

template <class E>
void check_witness_length(const ZkeyProvingKey<E>& pk, size_t wires) {
  check_wire_count(wires, pk.n_vars);
}

// a, b: caller-supplied buffers of domain_size elements.
template <class E>
void evaluate_ab(const ZkeyProvingKey<E>& pk, std::span<const typename E::Fr> w, std::span<typename E::Fr> a,
                 std::span<typename E::Fr> b) {
  check_witness_length(pk, w.size());
  if (a.size() != pk.domain_size || b.size() != pk.domain_size)
    throw Error("evaluate_ab: buffers must hold domainSize = " + std::to_string(pk.domain_size) + " elements");
  pk.qap_a.mul_vec(w, a);
  pk.qap_b.mul_vec(w, b);
}

// On entry a, b hold evaluations on <w_n>; c is scratch of the same size.
// On exit a[i] = (a b - c)(w_2n^(2i+1)) with c = a * b on <w_n>.
template <class F>
void compute_h_snarkjs(std::span<F> a, std::span<F> b, std::span<F> c, const ntt::Domain<F>& d) {
  parallel_for(d.n, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) c[i] = a[i] * b[i];
  });
  const F shift = ff::root_of_unity<F>(d.log_n + 1, ff::RootConvention::kSnarkjs);
  for (std::span<F> v : {a, b, c}) {
    ntt::inverse<F>(v, d);
    ntt::coset_forward<F>(v, d, shift);
  }
  parallel_for(d.n, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) a[i] = a[i] * b[i] - c[i];
  });
}

// MSMs before blinding; t.l carries the C-section term.
template <class E>
ProofTerms<E> compute_terms_zkey(const ZkeyProvingKey<E>& pk, std::span<const typename E::Fr> w,
                                 std::span<const typename E::Fr> h) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  ProofTerms<E> t;
  t.a = msm::pippenger<G1>(pk.a.decoded(), w);
  t.b_g1 = msm::pippenger<G1>(pk.b1.decoded(), w);
  t.b_g2 = msm::pippenger<G2>(pk.b2.decoded(), w);
  t.l = msm::pippenger<G1>(pk.c.decoded(), w.subspan(size_t(pk.n_public) + 1));
  t.h = msm::pippenger<G1>(pk.h.decoded(), h);
  return t;
}

// The public signals: wires 1..n_public.
template <class E>
std::vector<typename E::Fr> public_signals(const ZkeyProvingKey<E>& pk, std::span<const typename E::Fr> w) {
  check_witness_length(pk, w.size());
  return std::vector<typename E::Fr>(w.begin() + 1, w.begin() + 1 + pk.n_public);
}

// Optional per-phase timing hook: phase(name, seconds).
struct NoPhases {
  void operator()(const char*, double) const {}
};

// Blinds the terms with fresh r, s (CSPRNG). Refuses a proof with points
// outside the prime-order subgroup: bad key points would leak witness bits.
template <class E>
Proof<E> finalize_zkey_proof(const ZkeyProvingKey<E>& pk, const ProofTerms<E>& t) {
  Proof<E> p = blind_proof(pk.vk, t);
  const bool valid = p.a.is_on_curve() && p.b.is_on_curve() && p.c.is_on_curve() && ec::is_in_subgroup(p.a) &&
                     ec::is_in_subgroup(p.b) && ec::is_in_subgroup(p.c);
  if (!valid)
    throw Error("the proving key holds points outside the prime-order subgroup; refusing to output the proof");
  return p;
}

template <class E, class Phases = NoPhases>
Proof<E> prove_zkey(const ZkeyProvingKey<E>& pk, std::span<const typename E::Fr> w, Phases&& phase = {}) {
  using F = typename E::Fr;
  check_witness_length(pk, w.size());
  Stopwatch sw;
  auto lap = [&](const char* name) {
    phase(name, sw.seconds());
    sw.restart();
  };
  ntt::Domain<F> d(pk.log_n(), ff::RootConvention::kSnarkjs);
  std::vector<F> a(pk.domain_size), b(pk.domain_size), c(pk.domain_size);
  evaluate_ab(pk, w, std::span<F>(a), std::span<F>(b));
  lap("evaluate a, b");
  compute_h_snarkjs<F>(a, b, c, d);
  lap("H (NTT)");
  c = {};
  b = {};
  ProofTerms<E> t = compute_terms_zkey(pk, w, std::span<const F>(a));
  lap("MSMs");
  Proof<E> p = finalize_zkey_proof(pk, t);
  lap("finalize");
  return p;
}

}  // namespace cuzk::groth16
