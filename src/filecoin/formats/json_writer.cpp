#include "filecoin/formats/json_writer.hpp"

#include <array>
#include <charconv>

namespace cuzk::filecoin {

void put_u64(std::string& out, uint64_t v) {
  char buf[20];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;  // 20 digits hold any u64
  out.append(buf, end);
}

void put_domain(std::string& out, const Domain& d) {
  // the decimal text of every byte value, built once: C1 output is mostly these
  static const std::array<std::string, 256> kBytes = [] {
    std::array<std::string, 256> t;
    for (int i = 0; i < 256; ++i) t[i] = std::to_string(i);
    return t;
  }();
  out += '[';
  for (size_t i = 0; i < d.size(); ++i) {
    if (i) out += ',';
    out += kBytes[d[i]];
  }
  out += ']';
}

void put_string(std::string& out, std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  out += '"';
  for (const char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

}  // namespace cuzk::filecoin
