// Arbitrary bytes into the bellperson params reader: it must either return a
// key or throw DecodeError, never crash, hang or leak.
#include <cstddef>
#include <cstdint>

#include "formats/bellperson_params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto pk = cuzk::formats::bellperson::parse_params({data, size}, "fuzz");
    (void)pk;
  } catch (const cuzk::DecodeError&) {
  }
  try {
    auto vk = cuzk::formats::bellperson::parse_vk({data, size}, "fuzz");
    (void)vk;
  } catch (const cuzk::DecodeError&) {
  }
  return 0;
}
