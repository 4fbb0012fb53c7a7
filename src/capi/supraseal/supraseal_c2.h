/* supraseal-c2's C ABI as upstream (supranational/supra_seal c2/) declares
 * it: libcuzk_supraseal (pkg-config cuzk-supraseal). */
#ifndef CUZK_SUPRASEAL_C2_H
#define CUZK_SUPRASEAL_C2_H

#include "supraseal_c2_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Proves num_circuits identical circuits (same constraints, each its own
 * witness) under srs: proofs[i] is circuit i's proof blinded with r_s[i],
 * s_s[i] (Montgomery form), verified against the key before it is written.
 * On an error nothing is written to proofs. Any number of threads may call
 * at once. */
supraseal_error generate_groth16_proofs_c(const supraseal_assignment provers[], size_t num_circuits,
                                          const supraseal_fr r_s[], const supraseal_fr s_s[],
                                          supraseal_proof proofs[], const supraseal_srs* srs);

#ifdef __cplusplus
}
#endif

#endif
