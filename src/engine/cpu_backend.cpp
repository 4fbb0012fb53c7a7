#include "engine/backend.hpp"
#include "groth16/zkey_prover.hpp"

namespace cuzk::engine {

groth16::ProofTerms<groth16::Bls12_381> CpuBackend::compute(const BellpersonKey& pk, PartitionData& part,
                                                            std::stop_token stop, const Timeline& clock,
                                                            const std::string& track) {
  auto& pa = *part.assignment;
  groth16::check_key_matches(pk, pa);
  double t1 = clock.now();
  auto h = groth16::compute_h_bellperson<Fr>(pa.a(), pa.b());
  double t2 = clock.now();
  part.timeline.spans.push_back({Stage::kNtt, t1, t2, 0, track});
  part.release_abc();  // the MSMs need only the witness and h
  if (stop.stop_requested()) throw Cancelled("cancelled after the NTTs");
  auto terms = groth16::compute_terms_cpu(pk, pa, h);
  part.timeline.spans.push_back({Stage::kMsm, t2, clock.now(), 0, track});
  part.scratch.release();
  return terms;
}

namespace {

// H on the odd coset in place of a (c = a * b in the scratch), then the MSMs.
template <class E>
groth16::ProofTerms<E> compute_zkey_cpu(const ZkeyKey<E>& pk, PartitionData& part, std::stop_token stop,
                                        const Timeline& clock, const std::string& track) {
  using F = typename E::Fr;
  const auto w = part.wires<F>();
  groth16::check_witness_length(pk, w.size());
  if (part.plan.ab_elems != pk.domain_size) throw Error("partition's a/b do not span the key's domain");
  double t1 = clock.now();
  std::vector<F> c(pk.domain_size);
  ntt::Domain<F> d(pk.log_n(), ff::RootConvention::kSnarkjs);
  groth16::compute_h_snarkjs<F>(part.a<F>(), part.b<F>(), std::span<F>(c), d);
  c = {};
  double t2 = clock.now();
  part.timeline.spans.push_back({Stage::kNtt, t1, t2, 0, track});
  if (stop.stop_requested()) throw Cancelled("cancelled after the NTTs");
  // compute_terms_zkey's five MSMs, with a cancellation check between them
  const std::span<const F> h(part.a<F>());
  auto check = [&] {
    if (stop.stop_requested()) throw Cancelled("cancelled between the MSMs");
  };
  groth16::ProofTerms<E> terms;
  terms.a = msm::pippenger<typename E::G1>(pk.a.decoded(), w);
  check();
  terms.b_g1 = msm::pippenger<typename E::G1>(pk.b1.decoded(), w);
  check();
  terms.b_g2 = msm::pippenger<typename E::G2>(pk.b2.decoded(), w);
  check();
  terms.l = msm::pippenger<typename E::G1>(pk.c.decoded(), w.subspan(size_t(pk.n_public) + 1));
  check();
  terms.h = msm::pippenger<typename E::G1>(pk.h.decoded(), h);
  part.timeline.spans.push_back({Stage::kMsm, t2, clock.now(), 0, track});
  part.release_abc();
  part.scratch.release();
  return terms;
}

}  // namespace

groth16::ProofTerms<groth16::Bn254> CpuBackend::compute(const ZkeyKey<groth16::Bn254>& pk, PartitionData& part,
                                                        std::stop_token stop, const Timeline& clock,
                                                        const std::string& track) {
  return compute_zkey_cpu(pk, part, stop, clock, track);
}

groth16::ProofTerms<groth16::Bls12_381> CpuBackend::compute(const ZkeyKey<groth16::Bls12_381>& pk,
                                                            PartitionData& part, std::stop_token stop,
                                                            const Timeline& clock, const std::string& track) {
  return compute_zkey_cpu(pk, part, stop, clock, track);
}

}  // namespace cuzk::engine
