// Arbitrary bytes into the FallbackPoSt sector proof bincode reader: a value
// or a DecodeError, and a value read must re-encode to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/error.hpp"
#include "filecoin/formats/fallback_post_bincode.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto p = cuzk::filecoin::read_fallback_post_sector_proof({data, size}, "fuzz");
    if (cuzk::filecoin::write_fallback_post_sector_proof(p) != std::vector<uint8_t>(data, data + size)) std::abort();
  } catch (const cuzk::DecodeError&) {
  }
  return 0;
}
