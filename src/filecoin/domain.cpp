#include "filecoin/domain.hpp"

#include "core/error.hpp"
#include "ff/field_io.hpp"

namespace cuzk::filecoin {

Fr fr_of(const Domain& d, const char* what) { return ff::from_bytes_le<Fr>(d.data(), d.size(), what); }

Domain domain_of(const Fr& x) {
  Domain d{};
  ff::to_bytes_le(x, d.data());
  return d;
}

std::string to_hex(std::span<const uint8_t> bytes) {
  static const char* kDigits = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    s.push_back(kDigits[b >> 4]);
    s.push_back(kDigits[b & 15]);
  }
  return s;
}

Domain domain_from_hex(std::string_view hex) {
  if (hex.size() >= 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) hex.remove_prefix(2);
  if (hex.size() != 64)
    throw DecodeError("domain: expected 64 hex digits, got " + std::to_string(hex.size()));
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  Domain d{};
  for (size_t i = 0; i < 32; ++i) {
    int hi = digit(hex[2 * i]), lo = digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) throw DecodeError("domain: '" + std::string(hex) + "' is not hexadecimal");
    d[i] = uint8_t(hi * 16 + lo);
  }
  return d;
}

}  // namespace cuzk::filecoin
