// Text that leaves the daemon (JSON, protobuf string fields) must be UTF-8,
// while file names are bytes: valid_utf8 keeps valid UTF-8 as it is and
// writes every byte that is not part of a valid sequence as "\xNN", so a key
// at a non-UTF-8 path stays listed and recognisable.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace cuzk::service {

// The length of the valid UTF-8 sequence starting at s[i]; 0 when the bytes
// there are not one (stray continuation, overlong form, surrogate, > U+10FFFF,
// cut short).
inline size_t utf8_sequence_length(std::string_view s, size_t i) {
  auto cont = [&](size_t k) { return k < s.size() && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80; };
  const auto c = static_cast<unsigned char>(s[i]);
  const auto c1 = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const bool ok1 = c == 0xE0 ? c1 >= 0xA0 : c == 0xED ? c1 < 0xA0 : true;  // no overlongs, no surrogates
    return cont(i + 1) && ok1 && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const bool ok1 = c == 0xF0 ? c1 >= 0x90 : c == 0xF4 ? c1 < 0x90 : true;  // no overlongs, <= U+10FFFF
    return cont(i + 1) && ok1 && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

// The offset of the first byte that is not part of valid UTF-8; npos when
// all of `s` is valid.
inline size_t first_invalid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

inline std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      static constexpr char kHex[] = "0123456789abcdef";
      const auto c = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace cuzk::service
