// Arbitrary text into the C1 output JSON reader and Curio's envelopes (the
// C2 input wrapper, base64 arrays): a value or a DecodeError, and a value
// read must come back equal through the writer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "filecoin/formats/curio_json.hpp"
#include "filecoin/formats/seal_commit_phase1_json.hpp"

namespace fc = cuzk::filecoin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto c1 = fc::read_seal_commit_phase1_json(text, "fuzz");
    if (fc::read_seal_commit_phase1_json(fc::write_seal_commit_phase1_json(c1), "rewritten") != c1) std::abort();
  } catch (const cuzk::DecodeError&) {
  }
  try {
    const auto w = fc::read_c1_output_wrapper_json(text, "fuzz");
    if (fc::read_c1_output_wrapper_json(fc::write_c1_output_wrapper_json(w), "rewritten") != w) std::abort();
    const auto c1 = fc::read_wrapped_seal_commit_phase1(w, "fuzz");
    if (fc::wrap_seal_commit_phase1(c1, w.sector_num).sector_size != w.sector_size) std::abort();
  } catch (const cuzk::DecodeError&) {
  }
  try {
    const auto items = fc::read_base64_array_json(text, "fuzz");
    if (fc::read_base64_array_json(fc::write_base64_array_json(items), "rewritten") != items) std::abort();
  } catch (const cuzk::DecodeError&) {
  }
  return 0;
}
