// A circom/snarkjs job and its answer, made the same way for every caller
// (daemon, CLI, C API): one witness under a .zkey key, always verified before
// it is returned (a circom key has no C matrix, so the proof's verification
// is the only check of the witness), and the result as snarkjs's JSON.
#pragma once
#include <string>

#include "engine/proof_job.hpp"

namespace cuzk::engine {

// Throws Error (naming `key_name`) when `key` is not a snarkjs key.
JobSpec snarkjs_job(JobKey key, WitnessBytes wtns, const std::string& key_name);

struct SnarkjsJson {
  std::string proof, public_signals;  // proof.json and public.json
  size_t proof_max = 0;               // the longest proof.json of the curve at this indent
};
// The done job's proof and public signals; indent as nlohmann's dump (-1: compact).
SnarkjsJson snarkjs_json(const JobResult& r, int indent = 1);

}  // namespace cuzk::engine
