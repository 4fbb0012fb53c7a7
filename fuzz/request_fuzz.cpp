// Arbitrary bytes as a SubmitProofRequest, through everything the daemon does
// with one before it needs a key: request_of (enums, oneofs, sizes) and, for
// the Filecoin kinds, the whole preparation (decoding the vanilla proofs,
// checking them as rust-fil-proofs does, building the partitions' circuits).
// Each ends in a value or a refusal derived from cuzk::Error; anything else
// (another exception, a crash, a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/error.hpp"
#include "cuzk/v1/proving.pb.h"
#include "service/filecoin_job.hpp"
#include "service/request_proto.hpp"

namespace cs = cuzk::service;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cuzk::v1::SubmitProofRequest m;
  if (!m.ParseFromArray(data, int(size))) return 0;
  try {
    const cs::ProveRequest r = cs::request_of(m);
    if (r.fingerprint.size() != 32) std::abort();
    if (cs::is_filecoin(r.kind)) {
      const cs::FilecoinJob job = cs::prepare_filecoin_job(r.kind, r.filecoin);
      if (job.circuits.empty()) std::abort();  // a prepared job proves something
    }
  } catch (const cuzk::Error&) {
  }
  return 0;
}
