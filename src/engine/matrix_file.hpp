// The on-disk form of a circuit's recorded matrices (r1cs/constraint_matrices.hpp),
// cached beside the parameter files so a circuit is recorded once per machine:
//   "CUZKMTX1", u32 version, u32 field bytes (32), the circuit id (u32 length,
//   bytes), the shape (3 x u64), A, B, C (each: u64 rows, entries, table size;
//   start, col, coeff, table as little-endian arrays), the densities (u64
//   size, then 64-bit words, for a_aux, b_input, b_aux), and last the content
//   digest (engine/content_digest.hpp) of every byte before it.
// Reading checks the digest, the id, every offset, index and coefficient
// (ConstraintMatrices::check): a file cut short, rewritten or of another
// circuit is refused with an Error naming it.
#pragma once
#include <string>

#include "engine/proof_job.hpp"

namespace cuzk::engine {

using Matrices = r1cs::ConstraintMatrices<Fr>;

// Writes to a temporary file beside `path`, then renames it into place.
void write_matrix_file(const std::string& path, const std::string& circuit_id, const Matrices& m);
Matrices read_matrix_file(const std::string& path, const std::string& circuit_id);

}  // namespace cuzk::engine
