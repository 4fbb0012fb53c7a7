// Test tool: a SubmitProofRequest for the built-in synthetic circuit of
// `constraints` constraints under the .params key at `params`; partition i
// has witness seed `seed` + i.
#pragma once
#include <cstdint>
#include <string>

#include "cuzk/v1/proving.pb.h"

namespace cuzk::testing_support {

inline cuzk::v1::SubmitProofRequest builtin_request(const std::string& params, size_t constraints, uint64_t seed,
                                                    uint32_t partitions = 1,
                                                    cuzk::v1::Priority pr = cuzk::v1::NORMAL) {
  cuzk::v1::SubmitProofRequest r;
  r.set_proof_kind(cuzk::v1::BUILTIN_CIRCUIT);
  auto* b = r.mutable_builtin();
  b->set_params_path(params);
  b->set_circuit("synthetic");
  b->set_constraints(constraints);
  b->set_seed(seed);
  b->set_partitions(partitions);
  r.set_priority(pr);
  return r;
}

}  // namespace cuzk::testing_support
