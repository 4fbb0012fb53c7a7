/* libcuzk_supraseal from C, as bellperson's cuda-supraseal prover calls it:
 * Assignments built from raw synthesized data, a batch proved with the
 * caller's r and s, every proof verified by `cuzk verify` from its 192
 * compressed bytes; errors for wrong sizes, null pointers, a missing or
 * truncated key and a witness that breaks the circuit; two threads at once.
 * Usage: supraseal_api_test FIXTURE_DIR CUZK_BINARY */
#include <errno.h>
#include <pthread.h>

#include "supraseal_c2.h"
#include "supraseal_test_util.h"

enum { kCircuits = 3 };

static const char* g_dir;
static const char* g_cuzk;
static t_circuit g_c[kCircuits];
static supraseal_srs g_srs;

static void random_rs(supraseal_fr* r, supraseal_fr* s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    t_random_scalar(&r[i]);
    t_random_scalar(&s[i]);
  }
}

static void test_batch(void) {
  const int before = t_failures;
  supraseal_assignment provers[kCircuits];
  supraseal_fr r[kCircuits], s[kCircuits];
  supraseal_proof proofs[kCircuits];
  for (int i = 0; i < kCircuits; ++i) provers[i] = g_c[i].asg;
  random_rs(r, s, kCircuits);
  CHECK(t_code(generate_groth16_proofs_c(provers, kCircuits, r, s, proofs, &g_srs), NULL) == 0, "batch failed");
  for (int i = 0; i < kCircuits; ++i)
    CHECK(t_cuzk_verify(g_cuzk, g_dir, &proofs[i], i + 1, "batch") == 0, "proof %d does not verify", i);
  /* a tampered proof: circuit 0's proof with circuit 1's A */
  supraseal_proof bad = proofs[0];
  bad.a = proofs[1].a;
  CHECK(t_cuzk_verify(g_cuzk, g_dir, &bad, 1, "tampered") == 1, "a tampered proof verifies");
  /* the same proof against another circuit's public inputs */
  CHECK(t_cuzk_verify(g_cuzk, g_dir, &proofs[0], 2, "swapped") == 1, "a proof verifies for another statement");
  /* r, s are the caller's: the same ones again give the same proofs */
  supraseal_proof again[kCircuits];
  CHECK(t_code(generate_groth16_proofs_c(provers, kCircuits, r, s, again, &g_srs), NULL) == 0, "second batch failed");
  CHECK(memcmp(again, proofs, sizeof proofs) == 0, "the same r, s gave other proofs");
  t_report(before, "a batch of %d proofs verifies; a tampered one does not", kCircuits);
}

static int prove_expect(supraseal_assignment* provers, size_t n, int code, const char* in_message) {
  supraseal_fr r[kCircuits], s[kCircuits];
  supraseal_proof proofs[kCircuits], untouched[kCircuits];
  random_rs(r, s, n);
  memset(proofs, 0xab, sizeof proofs);
  memcpy(untouched, proofs, sizeof proofs);
  const int got = t_code(generate_groth16_proofs_c(provers, n, r, s, proofs, &g_srs), in_message);
  CHECK(got == code, "expected error %d, got %d", code, got);
  CHECK(memcmp(proofs, untouched, sizeof proofs) == 0, "a failed call wrote proofs");
  return got;
}

static void test_wrong_sizes(void) {
  const int before = t_failures;
  supraseal_assignment p[2] = {g_c[0].asg, g_c[1].asg};
  p[1].a_aux_bit_len += 1;
  prove_expect(p, 2, EINVAL, "a_aux_bit_len");
  p[1] = g_c[1].asg;
  p[0].b_aux_popcount -= 1;
  prove_expect(p, 2, EINVAL, "b_aux_popcount");
  p[0] = g_c[0].asg;
  p[1].abc_size -= 1;
  prove_expect(p, 2, EINVAL, "abc_size");
  p[1] = g_c[1].asg;
  p[0].aux_assignment_size -= 1; /* with its densities' lengths: only the key can tell */
  p[0].a_aux_bit_len -= 1;
  p[0].b_aux_bit_len -= 1;
  p[0].a_aux_popcount -= (g_c[0].a_aux_words[(p[0].a_aux_bit_len) / 64] >> (p[0].a_aux_bit_len % 64)) & 1;
  p[0].b_aux_popcount -= (g_c[0].b_aux_words[(p[0].b_aux_bit_len) / 64] >> (p[0].b_aux_bit_len % 64)) & 1;
  p[1] = p[0];
  prove_expect(p, 2, EINVAL, "key");
  t_report(before, "wrong sizes give EINVAL naming the field");
}

static void test_null_pointers(void) {
  const int before = t_failures;
  supraseal_fr r[1], s[1];
  supraseal_proof proofs[1];
  random_rs(r, s, 1);
  supraseal_assignment p = g_c[0].asg;
  CHECK(t_code(generate_groth16_proofs_c(NULL, 1, r, s, proofs, &g_srs), NULL) == EINVAL, "NULL provers");
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, NULL, s, proofs, &g_srs), NULL) == EINVAL, "NULL r_s");
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, r, s, NULL, &g_srs), NULL) == EINVAL, "NULL proofs");
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, r, s, proofs, NULL), NULL) == EINVAL, "NULL srs");
  CHECK(t_code(generate_groth16_proofs_c(&p, 0, r, s, proofs, &g_srs), NULL) == EINVAL, "no circuits");
  p.c = NULL;
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, r, s, proofs, &g_srs), "c is NULL") == EINVAL, "NULL c");
  supraseal_fr big = r[0];
  big.l[3] = ~(uint64_t)0; /* not below r */
  p = g_c[0].asg;
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, &big, s, proofs, &g_srs), "r_s") == EINVAL, "unreduced r");
  CHECK(t_code(create_SRS(NULL, "x", false), NULL) == EINVAL, "NULL ret");
  supraseal_srs none = {NULL};
  CHECK(t_code(create_SRS(&none, NULL, false), NULL) == EINVAL, "NULL path");
  drop_SRS(NULL);
  drop_SRS(&none);
  evict_SRS(NULL);
  t_report(before, "null pointers give EINVAL");
}

static void test_bad_witness(void) {
  const int before = t_failures;
  /* bellperson's synthesis would not produce this: a changed witness value
   * with the constraint evaluations of the original */
  t_circuit* t = &g_c[0];
  supraseal_fr* aux = (supraseal_fr*)t_alloc(t->n_aux * sizeof(supraseal_fr));
  memcpy(aux, t->aux, t->n_aux * sizeof(supraseal_fr));
  size_t i = 0;
  while (i + 1 < t->n_aux && !memcmp(&aux[i], &aux[i + 1], sizeof aux[i])) ++i;
  aux[i] = aux[i + 1];
  supraseal_assignment p = t->asg;
  p.aux_assignment_data = aux;
  const int code = prove_expect(&p, 1, EPROTO, "verify");
  (void)code;
  /* and a constraint that a * b = c does not hold for */
  supraseal_fr* c = (supraseal_fr*)t_alloc((t->n_c + t->n_in) * sizeof(supraseal_fr));
  memcpy(c, t->c, (t->n_c + t->n_in) * sizeof(supraseal_fr));
  c[0] = t->inp[0]; /* ONE, where a * b is something else (or the assignment's c[0] was ONE already) */
  if (!memcmp(&t->c[0], &t->inp[0], sizeof c[0])) c[0] = t->a[1];
  p = t->asg;
  p.c = c;
  prove_expect(&p, 1, EINVAL, "constraint #0");
  free(c);
  free(aux);
  t_report(before, "an assignment that breaks the circuit gives an error, no proof");
}

static void test_keys(void) {
  const int before = t_failures;
  supraseal_srs s = {NULL};
  CHECK(t_code(create_SRS(&s, "/nonexistent/cuzk/key.params", true), "/nonexistent/cuzk/key.params") == ENOENT, "missing file");
  CHECK(s.ptr == NULL, "a failed create_SRS set the handle");
  /* truncated: the first half of the key */
  char full[4096], half[4096];
  snprintf(full, sizeof full, "%s/key.params", g_dir);
  snprintf(half, sizeof half, "%s/truncated.params", g_dir);
  FILE* in = fopen(full, "rb");
  FILE* out = fopen(half, "wb");
  if (!in || !out) exit(2);
  fseek(in, 0, SEEK_END);
  const long n = ftell(in) / 2;
  fseek(in, 0, SEEK_SET);
  char* buf = (char*)t_alloc((size_t)n);
  t_read(in, buf, (size_t)n, "key");
  fwrite(buf, 1, (size_t)n, out);
  fclose(in);
  fclose(out);
  free(buf);
  CHECK(t_code(create_SRS(&s, half, false), "truncated.params") == EBADMSG, "truncated key");
  /* cached twice, cloned, evicted and dropped: the clone still proves */
  supraseal_srs a = {NULL}, b = {NULL};
  CHECK(t_code(create_SRS(&a, full, true), NULL) == 0, "create_SRS cached");
  CHECK(t_code(create_SRS(&b, full, true), NULL) == 0, "create_SRS cached again");
  supraseal_srs c = clone_SRS(&a);
  CHECK(c.ptr != NULL, "clone_SRS");
  evict_SRS(&a);
  drop_SRS(&a);
  drop_SRS(&b);
  CHECK(a.ptr == NULL, "drop_SRS leaves the handle set");
  supraseal_assignment p = g_c[2].asg;
  supraseal_fr r, s2;
  supraseal_proof proof;
  random_rs(&r, &s2, 1);
  CHECK(t_code(generate_groth16_proofs_c(&p, 1, &r, &s2, &proof, &c), NULL) == 0, "prove with a clone");
  CHECK(t_cuzk_verify(g_cuzk, g_dir, &proof, 3, "clone") == 0, "the clone's proof does not verify");
  drop_SRS(&c);
  t_report(before, "missing and truncated keys give ENOENT, EBADMSG; clones outlive their source");
}

typedef struct {
  int circuit;
  supraseal_proof proof;
  int code;
} job;

static void* prove_thread(void* arg) {
  job* j = (job*)arg;
  supraseal_fr r, s;
  random_rs(&r, &s, 1);
  supraseal_assignment p = g_c[j->circuit].asg;
  supraseal_error e = generate_groth16_proofs_c(&p, 1, &r, &s, &j->proof, &g_srs);
  j->code = e.code;
  free(e.message);
  return NULL;
}

static void test_threads(void) {
  const int before = t_failures;
  job jobs[2] = {{0}, {0}};
  pthread_t th[2];
  jobs[0].circuit = 0;
  jobs[1].circuit = 1;
  for (int i = 0; i < 2; ++i) CHECK(pthread_create(&th[i], NULL, prove_thread, &jobs[i]) == 0, "pthread_create");
  for (int i = 0; i < 2; ++i) pthread_join(th[i], NULL);
  for (int i = 0; i < 2; ++i) {
    CHECK(jobs[i].code == 0, "thread %d failed with %d", i, jobs[i].code);
    CHECK(t_cuzk_verify(g_cuzk, g_dir, &jobs[i].proof, jobs[i].circuit + 1, "thread") == 0,
          "thread %d's proof does not verify", i);
  }
  t_report(before, "two threads at once both get valid proofs");
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: supraseal_api_test FIXTURE_DIR CUZK_BINARY\n");
    return 2;
  }
  g_dir = argv[1];
  g_cuzk = argv[2];
  for (int i = 0; i < kCircuits; ++i) t_load_circuit(g_dir, i + 1, &g_c[i]);
  char key[4096];
  snprintf(key, sizeof key, "%s/key.params", g_dir);
  if (t_code(create_SRS(&g_srs, key, false), NULL) != 0) return 1;
  test_batch();
  test_wrong_sizes();
  test_null_pointers();
  test_bad_witness();
  test_keys();
  test_threads();
  drop_SRS(&g_srs);
  for (int i = 0; i < kCircuits; ++i) t_free_circuit(&g_c[i]);
  if (t_failures) {
    fprintf(stderr, "%d check(s) failed\n", t_failures);
    return 1;
  }
  printf("supraseal_api_test: all passed\n");
  return 0;
}
