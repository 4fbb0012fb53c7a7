/* What the supraseal C tests share, in C as a bellperson caller would write
 * it: reading the fixture (supraseal_fixture.cpp) into the Assignment
 * bellperson's supraseal prover builds (density bitmaps as 64-bit words, the
 * input constraints appended), drawing r and s, the proof's affine points
 * to the 192-byte compressed form (zcash's encoding, bellperson's proof
 * bytes), and verification by `cuzk verify`. */
#ifndef CUZK_SUPRASEAL_TEST_UTIL_H
#define CUZK_SUPRASEAL_TEST_UTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "supraseal_c2_types.h"

static int t_failures = 0;

#define CHECK(cond, ...)                          \
  do {                                            \
    if (!(cond)) {                                \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);               \
      fprintf(stderr, "\n");                      \
      ++t_failures;                               \
    }                                             \
  } while (0)

/* "ok: what" when no check failed since `before`, else "FAILED: what". */
__attribute__((format(printf, 2, 3))) static void t_report(int before, const char* what, ...) {
  printf(t_failures == before ? "ok: " : "FAILED: ");
  va_list ap;
  va_start(ap, what);
  vprintf(what, ap);
  va_end(ap);
  printf("\n");
}

static void* t_alloc(size_t n) {
  void* p = calloc(n ? n : 1, 1);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return p;
}

/* One circuit of the fixture and the Assignment over it. */
typedef struct t_circuit {
  size_t n_in, n_aux, n_c; /* n_c: the circuit's own constraints */
  supraseal_fr *inp, *aux, *a, *b, *c; /* a, b, c: n_c + n_in (input constraints appended) */
  uint64_t *a_aux_words, *b_inp_words, *b_aux_words;
  supraseal_assignment asg;
} t_circuit;

static uint64_t* t_pack(const unsigned char* bytes, size_t n, size_t* popcount) {
  uint64_t* w = (uint64_t*)t_alloc(((n + 63) / 64) * sizeof(uint64_t));
  *popcount = 0;
  for (size_t i = 0; i < n; ++i)
    if (bytes[i]) {
      w[i / 64] |= (uint64_t)1 << (i % 64);
      ++*popcount;
    }
  return w;
}

static void t_read(FILE* f, void* p, size_t n, const char* what) {
  if (n && fread(p, 1, n, f) != n) {
    fprintf(stderr, "fixture: short read of %s\n", what);
    exit(2);
  }
}

static void t_load_circuit(const char* dir, int k, t_circuit* t) {
  char path[4096];
  snprintf(path, sizeof path, "%s/circuit_%d.bin", dir, k);
  FILE* f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "fixture: cannot open %s\n", path);
    exit(2);
  }
  uint64_t head[3];
  t_read(f, head, sizeof head, "header");
  t->n_in = head[0];
  t->n_aux = head[1];
  t->n_c = head[2];
  const size_t abc = t->n_c + t->n_in, fr = sizeof(supraseal_fr);
  t->inp = (supraseal_fr*)t_alloc(t->n_in * fr);
  t->aux = (supraseal_fr*)t_alloc(t->n_aux * fr);
  t->a = (supraseal_fr*)t_alloc(abc * fr);
  t->b = (supraseal_fr*)t_alloc(abc * fr);
  t->c = (supraseal_fr*)t_alloc(abc * fr);
  t_read(f, t->inp, t->n_in * fr, "inputs");
  t_read(f, t->aux, t->n_aux * fr, "aux");
  t_read(f, t->a, t->n_c * fr, "a");
  t_read(f, t->b, t->n_c * fr, "b");
  t_read(f, t->c, t->n_c * fr, "c");
  /* bellperson's synthesize_circuits_batch: enforce(input_i, 0, 0) for each input */
  for (size_t i = 0; i < t->n_in; ++i) t->a[t->n_c + i] = t->inp[i]; /* b, c: zero from calloc */
  unsigned char* bytes = (unsigned char*)t_alloc(t->n_aux + t->n_in + t->n_aux);
  t_read(f, bytes, t->n_aux + t->n_in + t->n_aux, "densities");
  fclose(f);
  supraseal_assignment* s = &t->asg;
  memset(s, 0, sizeof *s);
  t->a_aux_words = t_pack(bytes, t->n_aux, &s->a_aux_popcount);
  t->b_inp_words = t_pack(bytes + t->n_aux, t->n_in, &s->b_inp_popcount);
  t->b_aux_words = t_pack(bytes + t->n_aux + t->n_in, t->n_aux, &s->b_aux_popcount);
  free(bytes);
  s->a_aux_density = t->a_aux_words;
  s->a_aux_bit_len = t->n_aux;
  s->b_inp_density = t->b_inp_words;
  s->b_inp_bit_len = t->n_in;
  s->b_aux_density = t->b_aux_words;
  s->b_aux_bit_len = t->n_aux;
  s->a = t->a;
  s->b = t->b;
  s->c = t->c;
  s->abc_size = abc;
  s->inp_assignment_data = t->inp;
  s->inp_assignment_size = t->n_in;
  s->aux_assignment_data = t->aux;
  s->aux_assignment_size = t->n_aux;
}

static void t_free_circuit(t_circuit* t) {
  free(t->inp);
  free(t->aux);
  free(t->a);
  free(t->b);
  free(t->c);
  free(t->a_aux_words);
  free(t->b_inp_words);
  free(t->b_aux_words);
}

/* BLS12-381's scalar field order r and base field modulus p, little-endian limbs. */
static const uint64_t T_R[4] = {0xffffffff00000001ull, 0x53bda402fffe5bfeull, 0x3339d80809a1d805ull,
                                0x73eda753299d7d48ull};
static const uint64_t T_P[6] = {0xb9feffffffffaaabull, 0x1eabfffeb153ffffull, 0x6730d2a0f6b0f624ull,
                                0x64774b84f38512bfull, 0x4b1ba7b6434bacd7ull, 0x1a0111ea397fe69aull};

static int t_geq(const uint64_t* a, const uint64_t* b, int n) {
  for (int i = n - 1; i >= 0; --i)
    if (a[i] != b[i]) return a[i] > b[i];
  return 1;
}

/* A uniform scalar: any value below r is the Montgomery form of exactly one
 * element, so uniform limbs below r are a uniform element. */
static void t_random_scalar(supraseal_fr* out) {
  FILE* f = fopen("/dev/urandom", "rb");
  if (!f) exit(2);
  do {
    t_read(f, out->l, sizeof out->l, "/dev/urandom");
    out->l[3] &= 0x7fffffffffffffffull; /* r < 2^255 */
  } while (t_geq(out->l, T_R, 4));
  fclose(f);
}

/* x R^-1 mod p (R = 2^384): the canonical value of a Montgomery-form element. */
static void t_fp_canonical(const supraseal_fp* x, uint64_t out[6]) {
  uint64_t inv = 1; /* p^-1 mod 2^64 by Newton's iteration, then negated */
  for (int i = 0; i < 6; ++i) inv *= 2 - T_P[0] * inv;
  inv = (uint64_t)0 - inv;
  uint64_t t[13] = {0};
  memcpy(t, x->l, sizeof x->l);
  for (int i = 0; i < 6; ++i) {
    const uint64_t m = t[i] * inv;
    unsigned __int128 carry = 0;
    for (int j = 0; j < 6; ++j) {
      const unsigned __int128 s = (unsigned __int128)m * T_P[j] + t[i + j] + carry;
      t[i + j] = (uint64_t)s;
      carry = s >> 64;
    }
    for (int j = i + 6; carry && j < 13; ++j) {
      const unsigned __int128 s = (unsigned __int128)t[j] + carry;
      t[j] = (uint64_t)s;
      carry = s >> 64;
    }
  }
  memcpy(out, t + 6, 6 * sizeof(uint64_t));
  if (t_geq(out, T_P, 6)) {
    uint64_t borrow = 0;
    for (int i = 0; i < 6; ++i) {
      const uint64_t d = out[i] - T_P[i] - borrow;
      borrow = (out[i] < T_P[i]) || (out[i] - T_P[i] < borrow);
      out[i] = d;
    }
  }
}

static int t_is_zero_fp(const supraseal_fp* x) {
  for (int i = 0; i < 6; ++i)
    if (x->l[i]) return 0;
  return 1;
}

/* y > (p - 1) / 2, on canonical values */
static int t_larger_half(const uint64_t y[6]) {
  uint64_t half[6];
  for (int i = 0; i < 6; ++i) half[i] = (T_P[i] >> 1) | (i < 5 ? T_P[i + 1] << 63 : 0);
  return !t_geq(half, y, 6);
}

static void t_put_be(const uint64_t v[6], unsigned char* out) {
  for (int k = 0; k < 48; ++k) out[k] = (unsigned char)(v[5 - k / 8] >> (56 - 8 * (k % 8)));
}

/* zcash's compressed G1 (48 bytes): x big-endian; flags 0x80 compressed,
 * 0x40 infinity, 0x20 y is the larger of y, -y. */
static void t_compress_g1(const supraseal_g1_affine* p, unsigned char out[48]) {
  memset(out, 0, 48);
  if (t_is_zero_fp(&p->x) && t_is_zero_fp(&p->y)) {
    out[0] = 0xc0;
    return;
  }
  uint64_t x[6], y[6];
  t_fp_canonical(&p->x, x);
  t_fp_canonical(&p->y, y);
  t_put_be(x, out);
  out[0] |= 0x80 | (t_larger_half(y) ? 0x20 : 0);
}

/* zcash's compressed G2 (96 bytes): x.c1 then x.c0; y's sign from y.c1, or
 * from y.c0 when y.c1 is zero. */
static void t_compress_g2(const supraseal_g2_affine* p, unsigned char out[96]) {
  memset(out, 0, 96);
  if (t_is_zero_fp(&p->x[0]) && t_is_zero_fp(&p->x[1]) && t_is_zero_fp(&p->y[0]) && t_is_zero_fp(&p->y[1])) {
    out[0] = 0xc0;
    return;
  }
  uint64_t x0[6], x1[6], y0[6], y1[6];
  t_fp_canonical(&p->x[0], x0);
  t_fp_canonical(&p->x[1], x1);
  t_fp_canonical(&p->y[0], y0);
  t_fp_canonical(&p->y[1], y1);
  t_put_be(x1, out);
  t_put_be(x0, out + 48);
  int y1_zero = 1;
  for (int i = 0; i < 6; ++i) y1_zero &= y1[i] == 0;
  out[0] |= 0x80 | ((y1_zero ? t_larger_half(y0) : t_larger_half(y1)) ? 0x20 : 0);
}

/* bellperson's 192 proof bytes: A, B, C compressed. */
static void t_proof_bytes(const supraseal_proof* p, unsigned char out[192]) {
  t_compress_g1(&p->a, out);
  t_compress_g2(&p->b, out + 48);
  t_compress_g1(&p->c, out + 144);
}

/* `cuzk verify`'s exit status for the proof against circuit k's public inputs:
 * 0 verifies, 1 does not. */
static int t_cuzk_verify(const char* cuzk, const char* dir, const supraseal_proof* p, int k, const char* tag) {
  unsigned char bytes[192];
  t_proof_bytes(p, bytes);
  char path[4096], cmd[16384];
  snprintf(path, sizeof path, "%s/proof_%s_%d.bin", dir, tag, k);
  FILE* f = fopen(path, "wb");
  if (!f || fwrite(bytes, 1, sizeof bytes, f) != sizeof bytes) exit(2);
  fclose(f);
  snprintf(cmd, sizeof cmd, "'%s' verify -k '%s/key.params' --proof '%s' --public '%s/public_%d.json' >/dev/null 2>&1",
           cuzk, dir, path, dir, k);
  const int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* An error's code, its message checked present and freed. */
static int t_code(supraseal_error e, const char* expect_in_message) {
  if (e.code == 0) {
    CHECK(e.message == NULL, "success with a message");
    return 0;
  }
  CHECK(e.message != NULL, "error %d without a message", e.code);
  if (e.message) {
    fprintf(stderr, "  (expected error %d: %s)\n", e.code, e.message);
    if (expect_in_message) CHECK(strstr(e.message, expect_in_message) != NULL, "message lacks '%s'", expect_in_message);
    free(e.message);
  }
  return e.code;
}

#endif
