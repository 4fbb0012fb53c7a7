/* rapidsnark's C API (prover.h, verifier.h), called from C exactly as its
 * documentation describes, against libcuzk_rapidsnark: size queries, the
 * short-buffer path (empty buffers, then the sizes reported), the one-shot
 * calls, the handle API (a handle made from a buffer the caller then frees,
 * and from a file then deleted), two threads on one handle and on two, bad
 * input (witness of the wrong length, truncated witness and key, null
 * arguments, a short error buffer) and groth16_verify on good, tampered and
 * malformed JSON. Every proof is checked with groth16_verify here and written
 * to OUTDIR as proof_<tag>.json / public_<tag>.json for snarkjs to verify.
 * Usage: rapidsnark_api_test ZKEY WTNS VERIFICATION_KEY OUTDIR */
#define _POSIX_C_SOURCE 200809L /* strdup, unlink */

#include <prover.h>
#include <verifier.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;
static int checks = 0;
#define CHECK(cond, ...)                            \
  do {                                              \
    ++checks;                                       \
    if (!(cond)) {                                  \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);   \
      printf(__VA_ARGS__);                          \
      printf("\n");                                 \
      ++failures;                                   \
    }                                               \
  } while (0)

static const char* outdir;
static char* vk_json;
static unsigned long long proof_cap; /* groth16_proof_size */
static unsigned long long public_cap; /* groth16_public_size_for_zkey_file */

static unsigned char* slurp(const char* path, unsigned long long* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* b = malloc((size_t)n + 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
    free(b);
    b = NULL;
  }
  fclose(f);
  if (b) b[n] = 0;
  *size = (unsigned long long)n;
  return b;
}

static int spit(const char* path, const void* data, size_t n) {
  FILE* f = fopen(path, "wb");
  if (!f) return 0;
  int ok = fwrite(data, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

/* A proof the API returned: groth16_verify accepts it, and it is saved for snarkjs. */
static void accept_proof(const char* tag, const char* proof, unsigned long long proof_len, const char* pub,
                         unsigned long long pub_len) {
  char err[256] = "";
  CHECK(strlen(proof) == proof_len && strlen(pub) == pub_len, "%s: sizes %llu %llu, strings %zu %zu", tag, proof_len,
        pub_len, strlen(proof), strlen(pub));
  CHECK(proof_len + 1 <= proof_cap, "%s: proof of %llu bytes exceeds groth16_proof_size %llu", tag, proof_len, proof_cap);
  CHECK(pub_len + 1 <= public_cap, "%s: public of %llu bytes exceeds the size for the key %llu", tag, pub_len,
        public_cap);
  int rc = groth16_verify(proof, pub, vk_json, err, sizeof err);
  CHECK(rc == VERIFIER_VALID_PROOF, "%s: groth16_verify %d (%s)", tag, rc, err);
  char path[4096];
  snprintf(path, sizeof path, "%s/proof_%s.json", outdir, tag);
  CHECK(spit(path, proof, proof_len), "%s: cannot write %s", tag, path);
  snprintf(path, sizeof path, "%s/public_%s.json", outdir, tag);
  CHECK(spit(path, pub, pub_len), "%s: cannot write %s", tag, path);
}

/* Buffers of the sizes the size queries give. */
struct Out {
  char* proof;
  char* pub;
  unsigned long long proof_len, pub_len;
  char err[256];
  int rc;
};
static void out_init(struct Out* o) {
  memset(o, 0, sizeof *o);
  o->proof = malloc(proof_cap);
  o->pub = malloc(public_cap);
  o->proof_len = proof_cap;
  o->pub_len = public_cap;
}
static void out_free(struct Out* o) {
  free(o->proof);
  free(o->pub);
}

static unsigned le32(const unsigned char* p) {
  return p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24;
}
static void put_le32(unsigned char* p, unsigned v) {
  for (int i = 0; i < 4; ++i) p[i] = (unsigned char)(v >> (8 * i));
}
static unsigned long long le64(const unsigned char* p) {
  return le32(p) | (unsigned long long)le32(p + 4) << 32;
}
static void put_le64(unsigned char* p, unsigned long long v) {
  put_le32(p, (unsigned)v);
  put_le32(p + 4, (unsigned)(v >> 32));
}

/* The witness with its last wire dropped: the count in section 1 and the
 * values of section 2 (a .wtns: magic, version, section count, then sections
 * of u32 id, u64 size, data). NULL when the layout is not understood. */
static unsigned char* drop_last_wire(const unsigned char* w, unsigned long long n, unsigned long long* out_n) {
  if (n < 12 || memcmp(w, "wtns", 4) != 0) return NULL;
  unsigned char* o = malloc(n);
  unsigned long long at = 12, to = 12, n8 = 0;
  memcpy(o, w, 12);
  for (unsigned s = 0, count = le32(w + 8); s < count; ++s) {
    if (at + 12 > n) goto bad;
    unsigned id = le32(w + at);
    unsigned long long size = le64(w + at + 4);
    if (at + 12 + size > n) goto bad;
    unsigned long long keep = size;
    memcpy(o + to, w + at, 12 + size);
    if (id == 1) {
      n8 = le32(w + at + 12);
      if (size != 4 + n8 + 4) goto bad;
      unsigned char* c = o + to + 12 + 4 + n8;
      put_le32(c, le32(c) - 1);
    } else if (id == 2) {
      if (n8 == 0 || size < n8) goto bad;
      keep = size - n8;
      put_le64(o + to + 4, keep);
    }
    at += 12 + size;
    to += 12 + keep;
  }
  *out_n = to;
  return o;
bad:
  free(o);
  return NULL;
}

/* Thread bodies: prove once on a handle. */
struct Job {
  void* prover;
  const unsigned char* wtns;
  unsigned long long wsize;
  struct Out out;
};
static void* prove_job(void* arg) {
  struct Job* j = arg;
  j->out.rc = groth16_prover_prove(j->prover, j->wtns, j->wsize, j->out.proof, &j->out.proof_len, j->out.pub,
                                   &j->out.pub_len, j->out.err, sizeof j->out.err);
  return NULL;
}
static void prove_in_threads(const char* tag, void* p0, void* p1, const unsigned char* wtns, unsigned long long wsize) {
  struct Job jobs[2] = {{p0, wtns, wsize, {0}}, {p1, wtns, wsize, {0}}};
  pthread_t t[2];
  int started[2];
  for (int i = 0; i < 2; ++i) {
    out_init(&jobs[i].out);
    started[i] = pthread_create(&t[i], NULL, prove_job, &jobs[i]) == 0;
    CHECK(started[i], "%s: pthread_create", tag);
  }
  for (int i = 0; i < 2; ++i) {
    if (!started[i]) continue;
    pthread_join(t[i], NULL);
    char name[64];
    snprintf(name, sizeof name, "%s_%d", tag, i);
    CHECK(jobs[i].out.rc == PROVER_OK, "%s: rc %d (%s)", name, jobs[i].out.rc, jobs[i].out.err);
    if (jobs[i].out.rc == PROVER_OK)
      accept_proof(name, jobs[i].out.proof, jobs[i].out.proof_len, jobs[i].out.pub, jobs[i].out.pub_len);
  }
  for (int i = 0; i < 2; ++i) out_free(&jobs[i].out);
}

/* `json` with the last digit of the first decimal string after `after` changed. */
static char* change_digit(const char* json, const char* after) {
  char* t = strdup(json);
  char* p = strstr(t, after);
  if (!p) return t;
  p = strchr(p + strlen(after), '"');
  char* end = p ? strchr(p + 1, '"') : NULL;
  if (end && end > p + 1 && end[-1] >= '0' && end[-1] <= '9') end[-1] = end[-1] == '9' ? '8' : end[-1] + 1;
  return t;
}

static void verifier_checks(const char* proof, const char* pub, const char* other_proof) {
  char err[256];
  /* another proof's A with this proof's B and C: points on the curve, wrong proof */
  const char* b0 = strstr(proof, "\"pi_b\"");
  const char* b1 = strstr(other_proof, "\"pi_b\"");
  CHECK(b0 && b1, "proofs have no pi_b");
  if (b0 && b1) {
    size_t head = (size_t)(b1 - other_proof);
    char* mixed = malloc(head + strlen(b0) + 1);
    memcpy(mixed, other_proof, head);
    strcpy(mixed + head, b0);
    err[0] = 0;
    int rc = groth16_verify(mixed, pub, vk_json, err, sizeof err);
    CHECK(rc == VERIFIER_INVALID_PROOF, "mixed proof: groth16_verify %d (%s)", rc, err);
    free(mixed);
  }
  char* bad_pub = change_digit(pub, "[");
  CHECK(strcmp(bad_pub, pub) != 0, "could not tamper with %s", pub);
  int rc = groth16_verify(proof, bad_pub, vk_json, err, sizeof err);
  CHECK(rc == VERIFIER_INVALID_PROOF, "tampered public signal: groth16_verify %d (%s)", rc, err);
  free(bad_pub);
  char* bad_proof = change_digit(proof, "\"pi_c\"");
  CHECK(strcmp(bad_proof, proof) != 0, "could not tamper with the proof");
  rc = groth16_verify(bad_proof, pub, vk_json, err, sizeof err);
  CHECK(rc == VERIFIER_INVALID_PROOF, "tampered pi_c: groth16_verify %d (%s)", rc, err);
  free(bad_proof);

  const char* malformed[][3] = {{"{\"pi_a\":", pub, vk_json},
                                {proof, "not json", vk_json},
                                {proof, pub, "[]"},
                                {proof, "[\"1\"]", vk_json},
                                {proof, pub, "{\"protocol\":\"groth16\",\"curve\":\"bn254x\"}"}};
  for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; ++i) {
    err[0] = 0;
    rc = groth16_verify(malformed[i][0], malformed[i][1], malformed[i][2], err, sizeof err);
    CHECK(rc == VERIFIER_ERROR && err[0], "malformed input %zu: groth16_verify %d (%s)", i, rc, err);
  }
  rc = groth16_verify(NULL, pub, vk_json, err, sizeof err);
  CHECK(rc == VERIFIER_ERROR && err[0], "null proof: groth16_verify %d", rc);
  char tiny[6];
  rc = groth16_verify("{", pub, vk_json, tiny, sizeof tiny);
  CHECK(rc == VERIFIER_ERROR && strlen(tiny) == sizeof tiny - 1, "short error buffer: '%s'", tiny);
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s zkey wtns verification_key.json outdir\n", argv[0]);
    return 2;
  }
  const char* zkey_path = argv[1];
  outdir = argv[4];
  unsigned long long zsize = 0, wsize = 0, vsize = 0;
  unsigned char* zkey = slurp(zkey_path, &zsize);
  unsigned char* wtns = slurp(argv[2], &wsize);
  vk_json = (char*)slurp(argv[3], &vsize);
  if (!zkey || !wtns || !vk_json || !zsize || !wsize) {
    fprintf(stderr, "cannot read the inputs\n");
    return 2;
  }
  char err[256];
  int rc;

  /* size queries */
  groth16_proof_size(&proof_cap);
  CHECK(proof_cap > 200, "groth16_proof_size %llu", proof_cap);
  rc = groth16_public_size_for_zkey_file(zkey_path, &public_cap, err, sizeof err);
  CHECK(rc == PROVER_OK && public_cap >= 4, "public size for the file: rc %d %llu (%s)", rc, public_cap, err);
  unsigned long long from_buf = 0;
  rc = groth16_public_size_for_zkey_buf(zkey, zsize, &from_buf, err, sizeof err);
  CHECK(rc == PROVER_OK && from_buf == public_cap, "public size for the buffer: rc %d %llu (%s)", rc, from_buf, err);
  err[0] = 0;
  rc = groth16_public_size_for_zkey_file("/nonexistent/circuit.zkey", &from_buf, err, sizeof err);
  CHECK(rc == PROVER_ERROR && strstr(err, "nonexistent"), "public size, missing file: rc %d (%s)", rc, err);
  err[0] = 0;
  rc = groth16_public_size_for_zkey_buf(zkey, 40, &from_buf, err, sizeof err);
  CHECK(rc == PROVER_ERROR && err[0], "public size, truncated key: rc %d", rc);
  rc = groth16_public_size_for_zkey_buf(NULL, zsize, &from_buf, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "public size, null buffer: rc %d", rc);
  rc = groth16_public_size_for_zkey_file(NULL, &from_buf, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "public size, null path: rc %d", rc);

  /* one-shot from a buffer: empty buffers first, then the sizes reported */
  char none[1];
  unsigned long long psize = 0, usize = 0;
  err[0] = 0;
  rc = groth16_prover(zkey, zsize, wtns, wsize, none, &psize, none, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR_SHORT_BUFFER && err[0], "empty buffers: rc %d (%s)", rc, err);
  CHECK(psize > 0 && psize <= proof_cap && usize > 0 && usize <= public_cap, "sizes reported: %llu %llu", psize, usize);
  char* proof = malloc(psize);
  char* pub = malloc(usize);
  rc = groth16_prover(zkey, zsize, wtns, wsize, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_OK, "retry with the sizes reported: rc %d (%s)", rc, err);
  if (rc == PROVER_OK) accept_proof("oneshot", proof, psize, pub, usize);
  char* first_proof = rc == PROVER_OK ? strdup(proof) : NULL;
  char* first_pub = rc == PROVER_OK ? strdup(pub) : NULL;
  free(proof);
  free(pub);

  /* one-shot from the file, buffers from the size queries; then one short buffer of two */
  struct Out o;
  out_init(&o);
  o.rc = groth16_prover_zkey_file(zkey_path, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err, sizeof o.err);
  CHECK(o.rc == PROVER_OK, "groth16_prover_zkey_file: rc %d (%s)", o.rc, o.err);
  if (o.rc == PROVER_OK) accept_proof("oneshot_file", o.proof, o.proof_len, o.pub, o.pub_len);
  o.proof_len = proof_cap;
  o.pub_len = 1;
  o.rc = groth16_prover_zkey_file(zkey_path, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err, sizeof o.err);
  CHECK(o.rc == PROVER_ERROR_SHORT_BUFFER && o.proof_len <= proof_cap && o.pub_len > 1 && o.pub_len <= public_cap,
        "short public buffer: rc %d, sizes %llu %llu", o.rc, o.proof_len, o.pub_len);
  out_free(&o);

  /* a handle from a buffer the caller frees (after scribbling over it) */
  void* from_buffer = NULL;
  unsigned char* copy = malloc(zsize);
  memcpy(copy, zkey, zsize);
  rc = groth16_prover_create(&from_buffer, copy, zsize, err, sizeof err);
  CHECK(rc == PROVER_OK && from_buffer, "groth16_prover_create: rc %d (%s)", rc, err);
  memset(copy, 0xA5, zsize);
  free(copy);
  char* second_proof = NULL;
  for (int i = 0; i < 2 && from_buffer; ++i) {
    out_init(&o);
    o.rc = groth16_prover_prove(from_buffer, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err, sizeof o.err);
    CHECK(o.rc == PROVER_OK, "handle from a freed buffer, proof %d: rc %d (%s)", i, o.rc, o.err);
    if (o.rc == PROVER_OK) {
      accept_proof(i ? "buffer_handle_2" : "buffer_handle_1", o.proof, o.proof_len, o.pub, o.pub_len);
      if (i) second_proof = strdup(o.proof);
    }
    out_free(&o);
  }
  /* the short-buffer path on a handle */
  psize = usize = 0;
  rc = groth16_prover_prove(from_buffer, wtns, wsize, none, &psize, none, &usize, err, sizeof err);
  CHECK(rc == PROVER_ERROR_SHORT_BUFFER, "handle, empty buffers: rc %d (%s)", rc, err);
  proof = malloc(psize);
  pub = malloc(usize);
  rc = groth16_prover_prove(from_buffer, wtns, wsize, proof, &psize, pub, &usize, err, sizeof err);
  CHECK(rc == PROVER_OK, "handle, retry with the sizes reported: rc %d (%s)", rc, err);
  if (rc == PROVER_OK) accept_proof("buffer_handle_retry", proof, psize, pub, usize);
  free(proof);
  free(pub);

  /* a handle from a file that is then deleted */
  char tmp_zkey[4096];
  snprintf(tmp_zkey, sizeof tmp_zkey, "%s/deleted.zkey", outdir);
  CHECK(spit(tmp_zkey, zkey, zsize), "cannot write %s", tmp_zkey);
  void* from_file = NULL;
  rc = groth16_prover_create_zkey_file(&from_file, tmp_zkey, err, sizeof err);
  CHECK(rc == PROVER_OK && from_file, "groth16_prover_create_zkey_file: rc %d (%s)", rc, err);
  CHECK(unlink(tmp_zkey) == 0, "cannot delete %s", tmp_zkey);
  if (from_file) {
    out_init(&o);
    o.rc = groth16_prover_prove(from_file, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err, sizeof o.err);
    CHECK(o.rc == PROVER_OK, "handle from a deleted file: rc %d (%s)", o.rc, o.err);
    if (o.rc == PROVER_OK) accept_proof("file_handle", o.proof, o.proof_len, o.pub, o.pub_len);
    out_free(&o);
  }
  void* none_made = NULL;
  err[0] = 0;
  rc = groth16_prover_create_zkey_file(&none_made, tmp_zkey, err, sizeof err);
  CHECK(rc == PROVER_ERROR && err[0] && !none_made, "create from a missing file: rc %d (%s)", rc, err);

  /* two threads on one handle, and on two handles */
  if (from_buffer) prove_in_threads("threads_one_handle", from_buffer, from_buffer, wtns, wsize);
  if (from_buffer && from_file) prove_in_threads("threads_two_handles", from_buffer, from_file, wtns, wsize);

  /* a witness one wire short, and one cut in half */
  unsigned long long short_size = 0;
  unsigned char* short_wtns = drop_last_wire(wtns, wsize, &short_size);
  CHECK(short_wtns != NULL, "cannot read the witness's sections");
  if (short_wtns && from_buffer) {
    out_init(&o);
    o.rc = groth16_prover_prove(from_buffer, short_wtns, short_size, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err,
                                sizeof o.err);
    CHECK(o.rc == PROVER_INVALID_WITNESS_LENGTH && o.err[0], "witness one wire short: rc %d (%s)", o.rc, o.err);
    o.proof_len = proof_cap;
    o.pub_len = public_cap;
    o.rc = groth16_prover(zkey, zsize, short_wtns, short_size, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err,
                          sizeof o.err);
    CHECK(o.rc == PROVER_INVALID_WITNESS_LENGTH, "one-shot, witness one wire short: rc %d (%s)", o.rc, o.err);
    o.proof_len = proof_cap;
    o.pub_len = public_cap;
    o.err[0] = 0;
    o.rc = groth16_prover_prove(from_buffer, wtns, wsize / 2, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err,
                                sizeof o.err);
    CHECK(o.rc == PROVER_ERROR && o.err[0], "truncated witness: rc %d (%s)", o.rc, o.err);
    out_free(&o);
  }
  free(short_wtns);

  /* a truncated key */
  void* bad = NULL;
  err[0] = 0;
  rc = groth16_prover_create(&bad, zkey, zsize / 2, err, sizeof err);
  CHECK(rc == PROVER_ERROR && err[0] && !bad, "truncated key: rc %d (%s)", rc, err);
  out_init(&o);
  o.rc = groth16_prover(zkey, zsize / 2, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, o.err, sizeof o.err);
  CHECK(o.rc == PROVER_ERROR && o.err[0], "one-shot, truncated key: rc %d (%s)", o.rc, o.err);

  /* null arguments */
  rc = groth16_prover_create(NULL, zkey, zsize, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "create, null prover_object: rc %d", rc);
  rc = groth16_prover_create(&bad, NULL, zsize, err, sizeof err);
  CHECK(rc == PROVER_ERROR && !bad, "create, null buffer: rc %d", rc);
  rc = groth16_prover_create_zkey_file(&bad, NULL, err, sizeof err);
  CHECK(rc == PROVER_ERROR && !bad, "create, null path: rc %d", rc);
  rc = groth16_prover_create_zkey_file(NULL, zkey_path, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "create from file, null prover_object: rc %d", rc);
  rc = groth16_prover_prove(NULL, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "prove, null prover: rc %d", rc);
  if (from_buffer) {
    void* h = from_buffer;
    rc = groth16_prover_prove(h, NULL, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, err, sizeof err);
    CHECK(rc == PROVER_ERROR, "prove, null witness: rc %d", rc);
    rc = groth16_prover_prove(h, wtns, wsize, NULL, &o.proof_len, o.pub, &o.pub_len, err, sizeof err);
    CHECK(rc == PROVER_ERROR, "prove, null proof buffer: rc %d", rc);
    rc = groth16_prover_prove(h, wtns, wsize, o.proof, NULL, o.pub, &o.pub_len, err, sizeof err);
    CHECK(rc == PROVER_ERROR, "prove, null proof size: rc %d", rc);
    rc = groth16_prover_prove(h, wtns, wsize, o.proof, &o.proof_len, NULL, &o.pub_len, err, sizeof err);
    CHECK(rc == PROVER_ERROR, "prove, null public buffer: rc %d", rc);
    rc = groth16_prover_prove(h, wtns, wsize, o.proof, &o.proof_len, o.pub, NULL, err, sizeof err);
    CHECK(rc == PROVER_ERROR, "prove, null public size: rc %d", rc);
    rc = groth16_prover_prove(h, wtns, wsize / 2, o.proof, &o.proof_len, o.pub, &o.pub_len, NULL, 0);
    CHECK(rc == PROVER_ERROR, "prove, no error buffer: rc %d", rc);
  }
  rc = groth16_prover(zkey, zsize, wtns, wsize, NULL, &o.proof_len, o.pub, &o.pub_len, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "one-shot, null proof buffer: rc %d", rc);
  rc = groth16_prover_zkey_file(NULL, wtns, wsize, o.proof, &o.proof_len, o.pub, &o.pub_len, err, sizeof err);
  CHECK(rc == PROVER_ERROR, "one-shot, null path: rc %d", rc);
  out_free(&o);
  groth16_prover_destroy(NULL);

  /* a file that is not a .zkey (here the witness) is refused by its first bytes */
  rc = groth16_prover_create_zkey_file(&bad, argv[2], err, sizeof err);
  CHECK(rc == PROVER_ERROR && !bad && strstr(err, "not a snarkjs .zkey"), "create from a .wtns: rc %d (%s)", rc, err);

  /* error messages are cut to the buffer given */
  char small[8];
  memset(small, 'x', sizeof small);
  rc = groth16_prover_create_zkey_file(&bad, "/nonexistent/circuit.zkey", small, sizeof small);
  CHECK(rc == PROVER_ERROR && memchr(small, 0, sizeof small) && strlen(small) == sizeof small - 1,
        "short error buffer: rc %d", rc);

  /* the verifier on good, tampered and malformed input */
  if (first_proof && second_proof) verifier_checks(first_proof, first_pub, second_proof);
  else CHECK(0, "no proofs for the verifier checks");

  groth16_prover_destroy(from_buffer);
  groth16_prover_destroy(from_file);
  free(first_proof);
  free(first_pub);
  free(second_proof);
  free(zkey);
  free(wtns);
  free(vk_json);
  printf("%d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}
