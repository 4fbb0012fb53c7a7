/* C API of the cuzk prover for snarkjs keys, in the shape of rapidsnark's
 * groth16_prover: proves from a .zkey and a .wtns held in memory (bn128 or
 * bls12381) and writes proof.json and public.json text (compact JSON, NUL-
 * terminated). On success *proof_size / *public_size are set to the string
 * lengths; when a buffer is too small nothing is written to it, both sizes
 * are set to what is needed (NUL included; for the proof, the most any proof
 * of the curve needs, as decimal lengths vary) and PROVER_ERROR_SHORT_BUFFER
 * is returned. Errors leave a message in error_msg (truncated to its size). */
#ifndef CUZK_GROTH16_PROVER_H
#define CUZK_GROTH16_PROVER_H

#ifdef __cplusplus
extern "C" {
#endif

#define PROVER_OK 0x0
#define PROVER_ERROR 0x1
#define PROVER_ERROR_SHORT_BUFFER 0x2
#define PROVER_INVALID_WITNESS_LENGTH 0x3

int groth16_prover(const void* zkey_buffer, unsigned long zkey_size, const void* wtns_buffer, unsigned long wtns_size,
                   char* proof_buffer, unsigned long* proof_size, char* public_buffer, unsigned long* public_size,
                   char* error_msg, unsigned long error_msg_maxsize);

/* The same with the key read (memory-mapped) from a file. */
int groth16_prover_zkey_file(const char* zkey_file_path, const void* wtns_buffer, unsigned long wtns_size,
                             char* proof_buffer, unsigned long* proof_size, char* public_buffer,
                             unsigned long* public_size, char* error_msg, unsigned long error_msg_maxsize);

#ifdef __cplusplus
}
#endif

#endif
