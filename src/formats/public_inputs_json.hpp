// Public inputs as a JSON array of decimal strings (snarkjs's public.json
// shape), excluding the constant ONE. Errors name the file and the entry.
#pragma once
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "ff/field_io.hpp"

namespace cuzk::formats {

template <class F>
std::string public_inputs_to_json(const std::vector<F>& xs) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& x : xs) j.push_back(ff::to_decimal(x));
  return j.dump(1) + "\n";
}

template <class F>
std::vector<F> public_inputs_from_json(const std::string& text, const std::string& source) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw DecodeError(source + ": not valid JSON: " + e.what());
  }
  if (!j.is_array()) throw DecodeError(source + ": expected a JSON array of decimal strings");
  std::vector<F> out;
  for (size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string()) throw DecodeError(source + ": entry " + std::to_string(i) + " is not a string");
    std::string what = source + " entry " + std::to_string(i);
    out.push_back(ff::from_decimal<F>(j[i].get<std::string>(), what.c_str()));
  }
  return out;
}

inline std::string read_text_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error("cannot open '" + path + "'");
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error("cannot create '" + path + "'");
  f << text;
  if (!f) throw Error("write to '" + path + "' failed");
}

}  // namespace cuzk::formats
