// Arbitrary bytes into the .wtns reader for both curves: values or DecodeError.
#include <cstddef>
#include <cstdint>

#include "formats/snarkjs/wtns.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)cuzk::formats::snarkjs::read_wtns<cuzk::groth16::Bn254>({data, size}, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
  try {
    (void)cuzk::formats::snarkjs::read_wtns<cuzk::groth16::Bls12_381>({data, size}, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
  return 0;
}
