/* rapidsnark's verifier C API (verifier.h), implemented by libcuzk_rapidsnark:
 * Groth16 verification of snarkjs JSON on bn128 and bls12381 (the curve the
 * verification key names; bn128 when it names none). */
#ifndef VERIFIER_HPP
#define VERIFIER_HPP

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define VERIFIER_VALID_PROOF   0x0
#define VERIFIER_INVALID_PROOF 0x1
#define VERIFIER_ERROR         0x2

/* proof, inputs and verification_key: NUL-terminated proof.json, public.json
 * and verification_key.json text. VERIFIER_ERROR when any of them cannot be
 * read (malformed JSON, a value out of range, a key point off its curve, a
 * count of inputs the key does not take), with a message in error_msg
 * truncated to error_msg_maxsize bytes, NUL included. */
int groth16_verify(const char *proof, const char *inputs, const char *verification_key, char *error_msg,
                   unsigned long error_msg_maxsize);

#ifdef __cplusplus
}
#endif

#endif /* VERIFIER_HPP */
