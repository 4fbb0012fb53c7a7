// generate_groth16_proofs_c with upstream supraseal-c2's signature (supraseal_c2.h).
#include "capi/export.hpp"
#include "capi/supraseal/batch.hpp"
#include "capi/supraseal/coded_error.hpp"
#include "capi/supraseal/supraseal_c2.h"

using namespace cuzk::capi::supraseal;

CUZK_EXPORT supraseal_error generate_groth16_proofs_c(const supraseal_assignment provers[], size_t num_circuits,
                                                      const supraseal_fr r_s[], const supraseal_fr s_s[],
                                                      supraseal_proof proofs[], const supraseal_srs* srs) {
  return guarded([&] {
    if (!srs || !srs->ptr) throw CodedError(EINVAL, "generate_groth16_proofs_c: srs is NULL (create_SRS first)");
    if (!proofs) throw CodedError(EINVAL, "generate_groth16_proofs_c: proofs is NULL");
    Batch batch({provers, provers ? num_circuits : 0}, r_s, s_s, *static_cast<const SrsRef*>(srs->ptr));
    batch.finish(proofs);
  });
}
