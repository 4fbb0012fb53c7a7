/* The data types of supraseal-c2's C ABI (supranational/supra_seal c2/) and
 * its SRS functions, as cuzk's libcuzk_supraseal and libcuzk_supraseal_curio
 * export them, byte for byte: include supraseal_c2.h (upstream's proving
 * function) or supraseal_c2_curio.h (Curio's), never both. */
#ifndef CUZK_SUPRASEAL_C2_TYPES_H
#define CUZK_SUPRASEAL_C2_TYPES_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A BLS12-381 scalar in Montgomery form (R = 2^256), little-endian 64-bit
 * limbs: blst_fr, blstrs' Scalar. */
typedef struct supraseal_fr {
  uint64_t l[4];
} supraseal_fr;

/* A base-field element in Montgomery form (R = 2^384): blst_fp. */
typedef struct supraseal_fp {
  uint64_t l[6];
} supraseal_fp;

/* Affine points as blst lays them out in memory (blst_p1_affine,
 * blst_p2_affine; Fp2 as c0, c1); the point at infinity is all zeros. */
typedef struct supraseal_g1_affine {
  supraseal_fp x, y;
} supraseal_g1_affine;
typedef struct supraseal_g2_affine {
  supraseal_fp x[2], y[2];
} supraseal_g2_affine;

/* A Groth16 proof, 384 bytes: bellperson's #[repr(C)] Proof<Bls12>. */
typedef struct supraseal_proof {
  supraseal_g1_affine a;
  supraseal_g2_affine b;
  supraseal_g1_affine c;
} supraseal_proof;

/* One synthesized circuit as bellperson's ProvingAssignment holds it (136
 * bytes). Densities: bit i of word i / 64 set when variable i appears in the
 * query (A over aux; B over inputs, B over aux), bit_len bits, popcount of
 * them set. a, b, c: every constraint's evaluations, the input constraints
 * (input_i * 0 = 0) last; abc_size of each. inp_assignment_data starts with
 * ONE. */
typedef struct supraseal_assignment {
  const uint64_t* a_aux_density;
  size_t a_aux_bit_len;
  size_t a_aux_popcount;
  const uint64_t* b_inp_density;
  size_t b_inp_bit_len;
  size_t b_inp_popcount;
  const uint64_t* b_aux_density;
  size_t b_aux_bit_len;
  size_t b_aux_popcount;
  const supraseal_fr* a;
  const supraseal_fr* b;
  const supraseal_fr* c;
  size_t abc_size;
  const supraseal_fr* inp_assignment_data;
  size_t inp_assignment_size;
  const supraseal_fr* aux_assignment_data;
  size_t aux_assignment_size;
} supraseal_assignment;

/* A loaded proving key (upstream's SRS): a reference; copy it only with
 * clone_SRS, release each with drop_SRS. */
typedef struct supraseal_srs {
  void* ptr;
} supraseal_srs;

/* sppark's RustError::by_value. code 0: success, message NULL. Otherwise an
 * errno value below and a message from malloc that the caller frees with
 * free(). */
typedef struct supraseal_error {
  int code;
  char* message;
} supraseal_error;

/* The codes:
 *   EINVAL    a null pointer, sizes that differ from each other or from the
 *             key, a value not reduced below the modulus, an assignment that
 *             does not satisfy its constraints
 *   ENOENT    the .params file is not there
 *   EBADMSG   the .params file is malformed or truncated
 *   ENOMEM    the key or the batch cannot fit the memory budget
 *   EPROTO    a proof did not verify (the witness breaks the circuit the key
 *             was made for); no proof is written
 *   ECANCELED the library is shutting down
 *   EIO       a device or internal failure */

/* Loads the .params file at srs_path into *ret (which must not hold a
 * reference already). cache: keep it in a list of the 4 most recently
 * created by path, so that a later create_SRS of the path finds it. */
supraseal_error create_SRS(supraseal_srs* ret, const char* srs_path, bool cache);
/* Removes the key's path from the list create_SRS(..., true) keeps. */
void evict_SRS(const supraseal_srs* ref);
/* Releases the reference (ref->ptr becomes NULL); the key's memory is given
 * back when no reference, job or list entry holds it. */
void drop_SRS(supraseal_srs* ref);
/* Another reference to the same key. */
supraseal_srs clone_SRS(const supraseal_srs* rhs);

#ifdef __cplusplus
}
#endif

#endif
