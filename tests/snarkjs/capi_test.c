/* The C API contract, from C: a short buffer reports the sizes needed, the
 * full call succeeds with compact proof and public JSON, a truncated witness,
 * a witness of the wrong length and a null buffer are refused with a message.
 * Usage: capi_test <zkey> <wtns> [proof.json public.json] (writes the outputs
 * when paths are given, for snarkjs to verify). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <prover.h>

static int failures = 0;
#define CHECK(cond, ...)                  \
  do {                                    \
    if (!(cond)) {                        \
      printf("FAIL %s:%d: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                \
      printf("\n");                       \
      ++failures;                         \
    }                                     \
  } while (0)

static unsigned char* slurp(const char* path, unsigned long long* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *size = (unsigned long long)ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* b = malloc(*size ? *size : 1);
  if (fread(b, 1, *size, f) != *size) *size = 0;
  fclose(f);
  return b;
}

static void spit(const char* path, const char* text) {
  FILE* f = fopen(path, "wb");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) {
    fprintf(stderr, "usage: %s zkey wtns [proof.json public.json]\n", argv[0]);
    return 2;
  }
  unsigned long long zsize = 0, wsize = 0;
  unsigned char* zkey = slurp(argv[1], &zsize);
  unsigned char* wtns = slurp(argv[2], &wsize);
  CHECK(zkey && wtns && zsize && wsize, "cannot read inputs");
  if (failures) return 1;
  char err[256];

  char small[8];
  unsigned long long psize = sizeof small, usize = sizeof small;
  int rc = groth16_prover(zkey, zsize, wtns, wsize, small, &psize, small, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR_SHORT_BUFFER, "short buffer: rc %d (%s)", rc, err);
  CHECK(psize > 100 && usize > 4, "short buffer sizes %llu %llu", psize, usize);

  char* proof = malloc(psize);
  char* pub = malloc(usize);
  unsigned long long need_p = psize, need_u = usize;
  rc = groth16_prover(zkey, zsize, wtns, wsize, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_OK, "prove: rc %d (%s)", rc, err);
  if (rc == PROVER_OK) {
    CHECK(psize <= need_p - 1 && strlen(proof) == psize, "proof size %llu, needed %llu", psize, need_p);
    CHECK(usize == need_u - 1 && strlen(pub) == usize, "public size %llu, needed %llu", usize, need_u);
    CHECK(strncmp(proof, "{\"pi_a\":[", 9) == 0 && strstr(proof, "\"protocol\":\"groth16\""), "proof json: %s", proof);
    CHECK(pub[0] == '[' && pub[usize - 1] == ']', "public json: %s", pub);
    if (argc == 5) {
      spit(argv[3], proof);
      spit(argv[4], pub);
    }
  }

  psize = need_p;
  usize = need_u;
  rc = groth16_prover(zkey, zsize, wtns, wsize / 2, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR && strstr(err, "truncated"), "truncated witness: rc %d (%s)", rc, err);

  /* one wire fewer: shrink the count in section 1 and section 2's size */
  unsigned char* shortw = malloc(wsize);
  memcpy(shortw, wtns, wsize);
  unsigned n8 = shortw[24] | shortw[25] << 8;
  unsigned long long count_at = 28 + n8;
  unsigned count = shortw[count_at] | shortw[count_at + 1] << 8 | (unsigned)shortw[count_at + 2] << 16;
  count -= 1;
  shortw[count_at] = count & 255;
  shortw[count_at + 1] = (count >> 8) & 255;
  shortw[count_at + 2] = (count >> 16) & 255;
  unsigned long long s2 = count_at + 4 + 4; /* section 2 size field */
  unsigned long long old = shortw[s2] | shortw[s2 + 1] << 8 | (unsigned long long)shortw[s2 + 2] << 16;
  old -= n8;
  shortw[s2] = old & 255;
  shortw[s2 + 1] = (old >> 8) & 255;
  shortw[s2 + 2] = (old >> 16) & 255;
  rc = groth16_prover(zkey, zsize, shortw, wsize - n8, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_INVALID_WITNESS_LENGTH && strstr(err, "invalid witness length"), "short witness: rc %d (%s)", rc,
        err);

  rc = groth16_prover(zkey, zsize, NULL, 0, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "null witness: rc %d", rc);
  rc = groth16_prover_zkey_file("/nonexistent.zkey", wtns, wsize, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR && strstr(err, "nonexistent"), "missing file: rc %d (%s)", rc, err);

  free(shortw);
  free(proof);
  free(pub);
  free(zkey);
  free(wtns);
  printf("%d passed, %d failed\n", failures ? 0 : 1, failures ? 1 : 0);
  return failures ? 1 : 0;
}
