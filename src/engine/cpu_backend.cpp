#include "engine/backend.hpp"

namespace cuzk::engine {

groth16::ProofTerms<Curve> CpuBackend::compute(const groth16::ProvingKey<Curve>& pk, PartitionData& part,
                                               std::stop_token stop, const Timeline& clock, const std::string& track) {
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

}  // namespace cuzk::engine
