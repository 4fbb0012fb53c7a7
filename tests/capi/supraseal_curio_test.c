/* libcuzk_supraseal_curio from C, as Curio's fork calls it: the synchronous
 * form with a GPU mutex and index, the split start / finalize form (the
 * caller's arrays freed right after start returns, as Curio's release_abc
 * does), and a started batch destroyed unfinished. Every proof verified by
 * `cuzk verify`. Usage: supraseal_curio_test FIXTURE_DIR CUZK_BINARY */
#include <errno.h>

#include "supraseal_c2_curio.h"
#include "supraseal_test_util.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: supraseal_curio_test FIXTURE_DIR CUZK_BINARY\n");
    return 2;
  }
  const char* dir = argv[1];
  const char* cuzk = argv[2];
  char key[4096];
  snprintf(key, sizeof key, "%s/key.params", dir);
  supraseal_srs srs = {NULL};
  if (t_code(create_SRS(&srs, key, true), NULL) != 0) return 1;
  t_circuit c[2];
  supraseal_fr r[2], s[2];
  supraseal_proof proofs[2];
  for (int i = 0; i < 2; ++i) {
    t_random_scalar(&r[i]);
    t_random_scalar(&s[i]);
  }

  /* synchronous, with Curio's mutex and a device index */
  void* mtx = create_gpu_mutex();
  CHECK(mtx != NULL, "create_gpu_mutex");
  t_load_circuit(dir, 1, &c[0]);
  CHECK(t_code(generate_groth16_proofs_c(&c[0].asg, 1, r, s, proofs, &srs, mtx, 0), NULL) == 0, "sync proof");
  CHECK(t_cuzk_verify(cuzk, dir, &proofs[0], 1, "curio_sync") == 0, "sync proof does not verify");
  CHECK(t_code(generate_groth16_proofs_c(&c[0].asg, 1, r, s, proofs, &srs, NULL, -2), "gpu_index") == EINVAL,
        "gpu_index -2 accepted");
  t_free_circuit(&c[0]);

  /* start, free the caller's data, finalize */
  supraseal_assignment provers[2];
  for (int i = 0; i < 2; ++i) {
    t_load_circuit(dir, i + 1, &c[i]);
    provers[i] = c[i].asg;
  }
  void* pending = NULL;
  CHECK(t_code(generate_groth16_proofs_start_c(provers, 2, r, s, &srs, mtx, -1, &pending), NULL) == 0, "start");
  CHECK(pending != NULL, "start returned no handle");
  for (int i = 0; i < 2; ++i) {
    memset(c[i].aux, 0, c[i].n_aux * sizeof(supraseal_fr)); /* gone, as far as the library may know */
    memset(c[i].a, 0, (c[i].n_c + c[i].n_in) * sizeof(supraseal_fr));
    t_free_circuit(&c[i]);
  }
  memset(provers, 0, sizeof provers);
  if (pending) {
    CHECK(t_code(finalize_groth16_proof_c(pending, proofs), NULL) == 0, "finalize");
    for (int i = 0; i < 2; ++i)
      CHECK(t_cuzk_verify(cuzk, dir, &proofs[i], i + 1, "curio_split") == 0, "split proof %d does not verify", i);
  }

  /* a start that fails leaves no handle */
  pending = (void*)1;
  CHECK(t_code(generate_groth16_proofs_start_c(NULL, 1, r, s, &srs, NULL, -1, &pending), NULL) == EINVAL,
        "start with NULL provers");
  CHECK(pending == NULL, "a failed start left a handle");

  /* started, then destroyed without finalizing */
  t_load_circuit(dir, 2, &c[1]);
  pending = NULL;
  CHECK(t_code(generate_groth16_proofs_start_c(&c[1].asg, 1, r, s, &srs, NULL, -1, &pending), NULL) == 0,
        "start to destroy");
  destroy_pending_proof(pending);
  t_free_circuit(&c[1]);

  destroy_gpu_mutex(mtx);
  drop_SRS(&srs);
  if (t_failures) {
    fprintf(stderr, "%d check(s) failed\n", t_failures);
    return 1;
  }
  printf("supraseal_curio_test: all passed\n");
  return 0;
}
