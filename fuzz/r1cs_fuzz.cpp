// Arbitrary bytes into the circom .r1cs reader for both curves: a circuit or
// DecodeError; a circuit it returns evaluates on a witness of its width.
#include <cstddef>
#include <cstdint>

#include "formats/snarkjs/r1cs_file.hpp"

namespace {

template <class E>
void one(const uint8_t* data, size_t size) {
  using F = typename E::Fr;
  try {
    auto r = cuzk::formats::snarkjs::read_r1cs<E>({data, size}, "fuzz");
    // a header may declare up to 2^32 wires that no constraint uses: a valid
    // file, but evaluating it would need that much memory in this harness
    if (r.header.n_wires > (1u << 20)) return;
    std::vector<F> w(r.header.n_wires, F::one()), out(r.a.rows());
    r.a.mul_vec(w, std::span<F>(out));
    r.c.mul_vec(w, std::span<F>(out));
  } catch (const cuzk::DecodeError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  one<cuzk::groth16::Bn254>(data, size);
  one<cuzk::groth16::Bls12_381>(data, size);
  return 0;
}
