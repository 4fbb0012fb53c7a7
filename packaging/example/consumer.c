/* Calls the installed libcuzk_rapidsnark through the headers its CMake
 * target names: a buffer size, and a verification that must refuse a
 * malformed proof with VERIFIER_ERROR and a message. */
#include <prover.h>
#include <stdio.h>
#include <verifier.h>

int main(void) {
  unsigned long long proof_size = 0;
  groth16_proof_size(&proof_size);
  if (proof_size < 100) {
    fprintf(stderr, "consumer: groth16_proof_size gave %llu\n", proof_size);
    return 1;
  }
  char msg[256] = {0};
  const int r = groth16_verify("{", "[]", "{}", msg, sizeof msg);
  if (r != VERIFIER_ERROR || msg[0] == 0) {
    fprintf(stderr, "consumer: groth16_verify on malformed JSON gave %d '%s'\n", r, msg);
    return 1;
  }
  printf("consumer: proof buffer %llu bytes; malformed proof refused: %s\n", proof_size, msg);
  return 0;
}
