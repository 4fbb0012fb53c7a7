// Test tool: paths of the snarkjs-made fixtures (tests/snarkjs/fixtures/<curve>/)
// and whole files as bytes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "formats/public_inputs_json.hpp"

namespace cuzk::testing_support {

inline std::string snarkjs_fixture(const std::string& curve, const std::string& file) {
  return std::string(CUZK_SOURCE_DIR) + "/tests/snarkjs/fixtures/" + curve + "/" + file;
}

// Throws Error naming the file when it cannot be read.
inline std::vector<uint8_t> file_bytes(const std::string& path) {
  const std::string s = formats::read_text_file(path);
  return std::vector<uint8_t>(s.begin(), s.end());
}

}  // namespace cuzk::testing_support
