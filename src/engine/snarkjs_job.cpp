#include "engine/snarkjs_job.hpp"

#include "formats/snarkjs/json.hpp"

namespace cuzk::engine {

JobSpec snarkjs_job(JobKey key, WitnessBytes wtns, const std::string& key_name) {
  if (std::holds_alternative<std::shared_ptr<const BellpersonKey>>(key))
    throw Error("'" + key_name + "' is a bellperson .params key: snarkjs jobs need a .zkey");
  JobSpec spec;
  spec.key = std::move(key);
  spec.witnesses.push_back(std::move(wtns));
  spec.verify_after = true;
  return spec;
}

namespace {
template <class E>
SnarkjsJson json_of(const CurveProofs<E>& out, int indent) {
  namespace sj = formats::snarkjs;
  return {sj::proof_to_json(out.proofs.at(0), indent), sj::public_to_json<typename E::Fr>(out.public_inputs.at(0), indent),
          sj::proof_json_max_size<E>(indent)};
}
}  // namespace

SnarkjsJson snarkjs_json(const JobResult& r, int indent) {
  if (r.status != JobStatus::kDone) throw Error("snarkjs_json: the job did not finish: " + r.error);
  return std::visit([&](const auto& out) { return json_of(out, indent); }, r.outputs);
}

}  // namespace cuzk::engine
