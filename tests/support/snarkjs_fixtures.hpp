// Test tool: paths of the snarkjs-made fixtures (tests/snarkjs/fixtures/<curve>/)
// and whole files as bytes.
#pragma once
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace cuzk::testing_support {

inline std::string snarkjs_fixture(const std::string& curve, const std::string& file) {
  return std::string(CUZK_SOURCE_DIR) + "/tests/snarkjs/fixtures/" + curve + "/" + file;
}

inline std::vector<uint8_t> file_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

}  // namespace cuzk::testing_support
