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
  struct Digits {
    char text[3];
    uint8_t size;
  };
  static const std::array<Digits, 256> kBytes = [] {
    std::array<Digits, 256> t{};
    for (int i = 0; i < 256; ++i) {
      auto [end, ec] = std::to_chars(t[i].text, t[i].text + 3, i);
      (void)ec;
      t[i].size = uint8_t(end - t[i].text);
    }
    return t;
  }();
  char buf[2 + 32 * 4];
  char* p = buf;
  *p++ = '[';
  for (size_t i = 0; i < d.size(); ++i) {
    const Digits& g = kBytes[d[i]];
    for (uint8_t k = 0; k < g.size; ++k) *p++ = g.text[k];
    *p++ = ',';
  }
  p[-1] = ']';
  out.append(buf, size_t(p - buf));
}

void put_string(std::string& out, std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  out += '"';
  size_t run = 0;  // start of the pending run of characters that need no escape
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

}  // namespace cuzk::filecoin
