/* rapidsnark's prover C API (prover.h), implemented by libcuzk_rapidsnark on
 * cuzk's engine (the GPU when present, else the CPU), for snarkjs .zkey keys
 * and .wtns witnesses on bn128 and bls12381. Programs written against
 * rapidsnark's header compile unchanged against this one.
 *
 * Strings written are NUL-terminated compact JSON: proof.json and public.json
 * as snarkjs reads them. Every function catches its own errors: it returns a
 * code and leaves a message in error_msg, truncated to error_msg_maxsize
 * bytes (NUL included; nothing is written when error_msg is NULL or the size
 * is 0). All functions may be called from several threads at once, also on
 * one prover object. */
#ifndef PROVER_HPP
#define PROVER_HPP

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define PROVER_OK                     0x0
#define PROVER_ERROR                  0x1
#define PROVER_ERROR_SHORT_BUFFER     0x2
#define PROVER_INVALID_WITNESS_LENGTH 0x3

/* A public_buffer size (NUL included) enough for every public.json of the
 * key held in zkey_buffer. PROVER_OK or PROVER_ERROR. */
int groth16_public_size_for_zkey_buf(const void *zkey_buffer, unsigned long long zkey_size,
                                     unsigned long long *public_size, char *error_msg,
                                     unsigned long long error_msg_maxsize);

/* The same for the key in the file zkey_fname. */
int groth16_public_size_for_zkey_file(const char *zkey_fname, unsigned long long *public_size, char *error_msg,
                                      unsigned long long error_msg_maxsize);

/* A proof_buffer size (NUL included) enough for every proof.json of either
 * curve. */
void groth16_proof_size(unsigned long long *proof_size);

/* Makes a prover for the key in zkey_buffer and stores it in *prover_object.
 * The prover keeps its own parsed copy of the key: the buffer may be freed
 * as soon as this returns. PROVER_OK or PROVER_ERROR. */
int groth16_prover_create(void **prover_object, const void *zkey_buffer, unsigned long long zkey_size,
                          char *error_msg, unsigned long long error_msg_maxsize);

/* The same for the key in a file; the file may be deleted or replaced once
 * this returns. */
int groth16_prover_create_zkey_file(void **prover_object, const char *zkey_file_path, char *error_msg,
                                    unsigned long long error_msg_maxsize);

/* Proves the witness in wtns_buffer with a prover from groth16_prover_create.
 * *proof_size and *public_size give the buffers' sizes; on PROVER_OK they are
 * set to the lengths written (NUL excluded). When a buffer is too small,
 * nothing is written to either, both sizes are set to what a retry needs
 * (NUL included) and PROVER_ERROR_SHORT_BUFFER is returned.
 * PROVER_INVALID_WITNESS_LENGTH: the witness's wire count is not the key's.
 * PROVER_ERROR: any other failure, named in error_msg, among them a witness
 * that does not satisfy the circuit (every proof is verified before it is
 * returned). */
int groth16_prover_prove(void *prover_object, const void *wtns_buffer, unsigned long long wtns_size,
                         char *proof_buffer, unsigned long long *proof_size, char *public_buffer,
                         unsigned long long *public_size, char *error_msg, unsigned long long error_msg_maxsize);

/* Frees a prover (NULL is ignored). No proof may be running on it. */
void groth16_prover_destroy(void *prover_object);

/* groth16_prover_create + groth16_prover_prove + groth16_prover_destroy. */
int groth16_prover(const void *zkey_buffer, unsigned long long zkey_size, const void *wtns_buffer,
                   unsigned long long wtns_size, char *proof_buffer, unsigned long long *proof_size,
                   char *public_buffer, unsigned long long *public_size, char *error_msg,
                   unsigned long long error_msg_maxsize);

/* groth16_prover with the key read from a file. */
int groth16_prover_zkey_file(const char *zkey_file_path, const void *wtns_buffer, unsigned long long wtns_size,
                             char *proof_buffer, unsigned long long *proof_size, char *public_buffer,
                             unsigned long long *public_size, char *error_msg,
                             unsigned long long error_msg_maxsize);

#ifdef __cplusplus
}
#endif

#endif /* PROVER_HPP */
