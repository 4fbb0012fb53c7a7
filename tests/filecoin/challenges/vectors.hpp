// Reads vectors.json (written by gen_vectors.mjs with node's crypto, an
// implementation independent of the C++ under test).
#pragma once
#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin::test {

inline const nlohmann::json& challenge_vectors() {
  static const nlohmann::json j = [] {
    const std::string path = std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/challenges/vectors.json";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    return nlohmann::json::parse(in);
  }();
  return j;
}

inline Domain dom(const nlohmann::json& v) { return domain_from_hex(v.get<std::string>()); }
inline uint64_t u64(const nlohmann::json& v) { return std::stoull(v.get<std::string>()); }

}  // namespace cuzk::filecoin::test
