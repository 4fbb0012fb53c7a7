// Helpers shared by the Merkle tests: reading the data files, random field
// elements, and Curio's two hexdump formats (treed_build_test.go's
// deduplicated 32-bytes-a-line dump of a tree file, tree_r_last_comm_test.go's
// `hexdump` 16-bit little-endian words).
#pragma once
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "filecoin/domain.hpp"

namespace merkle_test {

using cuzk::filecoin::Domain;

inline std::string data_path(const std::string& name) {
  return std::string(CUZK_SOURCE_DIR) + "/tests/filecoin/data/merkle/" + name;
}

inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  const std::string s = read_text(path);
  return {s.begin(), s.end()};
}

// A uniformly random value below 2^254, hence a canonical BLS12-381 scalar.
inline Domain random_domain(std::mt19937_64& rng) {
  Domain d;
  for (auto& b : d) b = uint8_t(rng());
  d[31] &= 0x3f;
  return d;
}

inline std::vector<Domain> random_domains(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Domain> v(n);
  for (auto& d : v) d = random_domain(rng);
  return v;
}

// The output of Curio's hexPrint32LDedup over a file given as runs of equal
// 32-byte rows: "%08x: " offset, each byte as "%02x ", and one "*" line for
// every stretch of rows equal to the line printed before them.
class DedupHexdump {
 public:
  void add_run(const Domain& row, uint64_t count) {
    if (count == 0) return;
    if (have_prev_ && row == prev_) {
      duplicate_ = true;
    } else {
      if (duplicate_) out_ += "*\n";
      duplicate_ = false;
      char buf[32];
      std::snprintf(buf, sizeof buf, "%08llx: ", static_cast<unsigned long long>(offset_));
      out_ += buf;
      for (uint8_t b : row) {
        std::snprintf(buf, sizeof buf, "%02x ", b);
        out_ += buf;
      }
      out_ += "\n";
      prev_ = row;
      have_prev_ = true;
      if (count > 1) duplicate_ = true;
    }
    offset_ += 32 * count;
  }
  // Adds rows, folding consecutive equal ones into runs.
  template <class Rows>
  void add_rows(const Rows& rows) {
    size_t i = 0;
    while (i < rows.size()) {
      size_t j = i + 1;
      while (j < rows.size() && rows[j] == rows[i]) ++j;
      add_run(rows[i], j - i);
      i = j;
    }
  }
  std::string finish() {
    if (duplicate_) out_ += "*\n";
    duplicate_ = false;
    return out_;
  }

 private:
  std::string out_;
  Domain prev_{};
  bool have_prev_ = false, duplicate_ = false;
  uint64_t offset_ = 0;
};

// `hexdump` (no -C) output: offset then 16-bit words printed from
// little-endian memory, so word "4a92" is the bytes 0x92, 0x4a.
inline std::vector<uint8_t> parse_hexdump_words(const std::string& text) {
  std::vector<uint8_t> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string offset, w;
    if (!(words >> offset)) continue;
    while (words >> w) {
      if (w.size() != 4) throw std::runtime_error("hexdump word '" + w + "'");
      const unsigned v = unsigned(std::stoul(w, nullptr, 16));
      out.push_back(uint8_t(v & 0xff));
      out.push_back(uint8_t(v >> 8));
    }
  }
  return out;
}

inline std::vector<Domain> domains_of(const std::vector<uint8_t>& bytes) {
  if (bytes.size() % 32) throw std::runtime_error("not a whole number of 32-byte values");
  std::vector<Domain> v(bytes.size() / 32);
  for (size_t i = 0; i < v.size(); ++i) std::copy_n(bytes.begin() + long(32 * i), 32, v[i].begin());
  return v;
}

// Fr little-endian bytes of four u64 limbs, least significant first
// (rust-fil-proofs' u64s_to_u8s / Fr::from_u64s_le).
inline Domain domain_of_u64s(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  Domain out{};
  const uint64_t limbs[4] = {a, b, c, d};
  for (int i = 0; i < 32; ++i) out[size_t(i)] = uint8_t(limbs[i / 8] >> (8 * (i % 8)));
  return out;
}

}  // namespace merkle_test
