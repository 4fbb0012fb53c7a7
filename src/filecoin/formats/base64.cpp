#include "filecoin/formats/base64.hpp"

#include <array>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> kValues = [] {
  std::array<int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[uint8_t(kAlphabet[i])] = int8_t(i);
  return t;
}();

}  // namespace

std::string base64_encode(std::span<const uint8_t> bytes) {
  std::string out((bytes.size() + 2) / 3 * 4, '=');
  char* o = out.data();
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3, o += 4) {
    const uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
    o[0] = kAlphabet[v >> 18];
    o[1] = kAlphabet[v >> 12 & 63];
    o[2] = kAlphabet[v >> 6 & 63];
    o[3] = kAlphabet[v & 63];
  }
  const size_t rest = bytes.size() - i;
  if (rest > 0) {  // one or two bytes left: two or three characters, then the '=' already there
    const uint32_t v = uint32_t(bytes[i]) << 16 | (rest == 2 ? uint32_t(bytes[i + 1]) << 8 : 0);
    o[0] = kAlphabet[v >> 18];
    o[1] = kAlphabet[v >> 12 & 63];
    if (rest == 2) o[2] = kAlphabet[v >> 6 & 63];
  }
  return out;
}

std::vector<uint8_t> base64_decode(std::string_view text, const std::string& what) {
  if (text.size() % 4 != 0)
    throw DecodeError(what + ": length " + std::to_string(text.size()) + " is not a multiple of 4");
  size_t pad = 0;
  if (!text.empty() && text.back() == '=') pad = text[text.size() - 2] == '=' ? 2 : 1;
  std::vector<uint8_t> out(text.size() / 4 * 3 - pad);
  uint8_t* o = out.data();
  auto value = [&](size_t at) -> uint32_t {
    const int8_t v = kValues[uint8_t(text[at])];
    if (v < 0)
      throw DecodeError(what + ": character " + std::to_string(uint8_t(text[at])) + " at offset " +
                        std::to_string(at) + " is not base64");
    return uint32_t(v);
  };
  const size_t full = text.size() - (pad ? 4 : 0);  // the last group is decoded apart when padded
  for (size_t i = 0; i < full; i += 4) {
    const uint32_t v = value(i) << 18 | value(i + 1) << 12 | value(i + 2) << 6 | value(i + 3);
    *o++ = uint8_t(v >> 16);
    *o++ = uint8_t(v >> 8);
    *o++ = uint8_t(v);
  }
  if (pad) {
    const size_t i = full;
    uint32_t v = value(i) << 18 | value(i + 1) << 12;
    if (pad == 1) v |= value(i + 2) << 6;
    // the bits past the last whole byte must be zero: anything else has a second spelling
    const uint32_t unused = pad == 2 ? (v >> 12 & 0xf) : (v >> 6 & 0x3);
    if (unused != 0) throw DecodeError(what + ": non-zero unused bits before the padding");
    *o++ = uint8_t(v >> 16);
    if (pad == 1) *o = uint8_t(v >> 8);
  }
  return out;
}

}  // namespace cuzk::filecoin
