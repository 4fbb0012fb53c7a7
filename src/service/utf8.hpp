// Text that leaves the daemon (JSON, protobuf string fields) must be UTF-8,
// while file names are bytes: valid_utf8 keeps valid UTF-8 as it is and
// writes every byte that is not part of a valid sequence as "\xNN", so a key
// at a non-UTF-8 path stays listed and recognisable.
#pragma once
#include <string>
#include <string_view>

namespace cuzk::service {

inline std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto cont = [&](size_t i) { return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80; };
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t n = 0;  // length of a valid sequence starting here; 0: invalid
    if (c < 0x80) {
      n = 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = cont(i + 1) ? 2 : 0;
    } else if (c >= 0xE0 && c <= 0xEF) {
      const auto c1 = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
      const bool ok1 = c == 0xE0 ? c1 >= 0xA0 : c == 0xED ? c1 < 0xA0 : true;  // no overlongs, no surrogates
      n = cont(i + 1) && ok1 && cont(i + 2) ? 3 : 0;
    } else if (c >= 0xF0 && c <= 0xF4) {
      const auto c1 = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
      const bool ok1 = c == 0xF0 ? c1 >= 0x90 : c == 0xF4 ? c1 < 0x90 : true;  // no overlongs, <= U+10FFFF
      n = cont(i + 1) && ok1 && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    if (n == 0) {
      static constexpr char kHex[] = "0123456789abcdef";
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
