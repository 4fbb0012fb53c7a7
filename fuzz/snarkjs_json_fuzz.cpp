// Arbitrary text into the snarkjs JSON readers (verification key, proof,
// public signals, curve name) for both curves: a value or DecodeError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/snarkjs/json.hpp"

namespace {

template <class E>
void one(const std::string& s) {
  namespace sj = cuzk::formats::snarkjs;
  try {
    (void)sj::vk_from_json<E>(s, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
  try {
    (void)sj::proof_from_json<E>(s, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
  try {
    (void)sj::public_from_json<typename E::Fr>(s, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string s(reinterpret_cast<const char*>(data), size);
  try {
    (void)cuzk::formats::snarkjs::json_curve(s, "fuzz");
  } catch (const cuzk::DecodeError&) {
  }
  one<cuzk::groth16::Bn254>(s);
  one<cuzk::groth16::Bls12_381>(s);
  return 0;
}
