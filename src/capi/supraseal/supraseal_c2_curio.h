/* supraseal-c2's C ABI as Curio's fork (filecoin-project/curio
 * extern/supraseal-c2/) declares it: libcuzk_supraseal_curio (pkg-config
 * cuzk-supraseal-curio). Its generate_groth16_proofs_c takes two more
 * arguments than upstream's under the same name, hence a second library.
 * The GPU mutex and index are accepted and not needed: the engine schedules
 * every device itself. set_membw_throttle, which Curio's Rust side defines,
 * is not used. */
#ifndef CUZK_SUPRASEAL_C2_CURIO_H
#define CUZK_SUPRASEAL_C2_CURIO_H

#include "supraseal_c2_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* As upstream's (supraseal_c2.h). gpu_mtx may be NULL; gpu_index is -1
 * (any device) or a device ordinal >= 0. */
supraseal_error generate_groth16_proofs_c(const supraseal_assignment provers[], size_t num_circuits,
                                          const supraseal_fr r_s[], const supraseal_fr s_s[],
                                          supraseal_proof proofs[], const supraseal_srs* srs,
                                          void* gpu_mtx, int gpu_index);

/* Starts the batch and returns once every circuit's assignment has been
 * copied in: the caller may free provers' arrays and r_s/s_s then. On
 * success *pending_out is a handle for finalize_groth16_proof_c (or
 * destroy_pending_proof); on an error it is NULL. */
supraseal_error generate_groth16_proofs_start_c(const supraseal_assignment provers[], size_t num_circuits,
                                                const supraseal_fr r_s[], const supraseal_fr s_s[],
                                                const supraseal_srs* srs, void* gpu_mtx,
                                                int gpu_index, void** pending_out);
/* Waits for the batch, writes its verified proofs (num_circuits of them) and
 * frees the handle, on success and on error alike. */
supraseal_error finalize_groth16_proof_c(void* pending, supraseal_proof proofs[]);
/* Cancels the batch if it still runs and frees the handle. */
void destroy_pending_proof(void* pending);

/* A mutex for gpu_mtx arguments (a std::mutex, as in Curio's). */
void* create_gpu_mutex(void);
void destroy_gpu_mutex(void* mtx);

#ifdef __cplusplus
}
#endif

#endif
