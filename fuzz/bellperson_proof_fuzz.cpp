// Arbitrary bytes into the proof decoder and the public-inputs JSON reader.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/bellperson_params.hpp"
#include "formats/public_inputs_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto p = cuzk::formats::bellperson::proof_from_bytes({data, size});
    (void)p;
  } catch (const cuzk::DecodeError&) {
  }
  try {
    auto xs = cuzk::formats::public_inputs_from_json<cuzk::ff::Bls12_381_Fr>(
        std::string(reinterpret_cast<const char*>(data), size), "fuzz");
    (void)xs;
  } catch (const cuzk::DecodeError&) {
  }
  return 0;
}
