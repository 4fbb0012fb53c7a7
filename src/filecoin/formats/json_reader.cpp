#include "filecoin/formats/json_reader.hpp"

#include <limits>

#include "core/error.hpp"

namespace cuzk::filecoin {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void JsonReader::fail(const std::string& message) const {
  std::string where = path_.str();
  throw DecodeError(source_ + ": " + (where.empty() ? "" : where + ": ") + message + " (at byte offset " +
                    std::to_string(pos_) + ")");
}

void JsonReader::fail_missing(std::string_view key) const { fail("missing field '" + std::string(key) + "'"); }

std::string JsonReader::found() const {
  if (pos_ >= text_.size()) return "the end of the text";
  const unsigned char c = text_[pos_];
  if (c == '"') return "a string";
  if (c == '{') return "an object";
  if (c == '[') return "an array";
  if (c == '-' || (c >= '0' && c <= '9')) return "a number";
  if (c == 't' || c == 'f') return "a boolean";
  if (c == 'n') return "null";
  if (c >= 0x21 && c < 0x7f) return std::string("'") + char(c) + "'";
  return "byte " + std::to_string(c);
}

void JsonReader::open(char c, const char* expected) {
  skip_ws();
  if (pos_ >= text_.size() || text_[pos_] != c) fail(std::string("expected ") + expected + ", found " + found());
  ++pos_;
}

bool JsonReader::empty_container(char close) {
  skip_ws();
  if (pos_ < text_.size() && text_[pos_] == close) {
    ++pos_;
    return true;
  }
  return false;
}

bool JsonReader::more(char close) {
  skip_ws();
  if (pos_ < text_.size()) {
    if (text_[pos_] == ',') {
      ++pos_;
      return true;
    }
    if (text_[pos_] == close) {
      ++pos_;
      return false;
    }
  }
  fail(std::string("expected ',' or '") + close + "', found " + found());
}

size_t JsonReader::member_key(std::initializer_list<std::string_view> keys) {
  string_into(key_);
  size_t i = 0;
  for (; i < keys.size(); ++i)
    if (keys.begin()[i] == key_) break;
  if (i == keys.size()) {
    std::string expected;
    for (auto k : keys) expected += (expected.empty() ? "'" : ", '") + std::string(k) + "'";
    fail("unknown field '" + key_ + "' (expected " + expected + ")");
  }
  open(':', "':'");
  return i;
}

void JsonReader::string_into(std::string& out) {
  open('"', "a string");
  out.clear();
  for (;;) {
    // copy the run of plain characters at once: base64 strings run to tens of MB
    size_t run = pos_;
    while (run < text_.size()) {
      const unsigned char c = text_[run];
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
      ++run;
    }
    out.append(text_.data() + pos_, run - pos_);
    pos_ = run;
    if (pos_ >= text_.size()) fail("unterminated string");
    const unsigned char c = text_[pos_];
    if (c == '"') {
      ++pos_;
      return;
    }
    if (c < 0x20) fail("control character " + std::to_string(c) + " in a string");
    if (c >= 0x80) fail("non-ASCII byte " + std::to_string(c) + " in a string");
    ++pos_;  // the backslash
    if (pos_ >= text_.size()) fail("unterminated escape");
    const char e = text_[pos_++];
    switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        if (text_.size() - pos_ < 4) fail("truncated \\u escape");
        uint32_t cp = 0;
        for (int k = 0; k < 4; ++k) {
          const int d = hex_digit(text_[pos_ + k]);
          if (d < 0) fail("bad \\u escape");
          cp = cp << 4 | uint32_t(d);
        }
        if (cp >= 0x80) fail("non-ASCII \\u escape in a string");
        pos_ += 4;
        out += char(cp);
        break;
      }
      default:
        --pos_;
        fail(std::string("bad escape '\\") + e + "'");
    }
  }
}

std::string JsonReader::string() {
  std::string s;
  string_into(s);
  return s;
}

uint64_t JsonReader::u64() {
  skip_ws();
  if (pos_ < text_.size() && text_[pos_] == '-') fail("expected an unsigned integer, found a negative number");
  if (pos_ >= text_.size() || text_[pos_] < '0' || text_[pos_] > '9')
    fail("expected an unsigned integer, found " + found());
  const size_t start = pos_;
  uint64_t v = 0;
  while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
    const uint64_t d = uint64_t(text_[pos_] - '0');
    if (v > (std::numeric_limits<uint64_t>::max() - d) / 10) fail("integer above 2^64-1");
    v = v * 10 + d;
    ++pos_;
  }
  if (text_[start] == '0' && pos_ - start > 1) {
    pos_ = start;
    fail("integer with a leading zero");
  }
  if (pos_ < text_.size() && (text_[pos_] == '.' || text_[pos_] == 'e' || text_[pos_] == 'E'))
    fail("expected an unsigned integer, found a fraction or exponent");
  return v;
}

uint32_t JsonReader::u32() {
  const size_t start = pos_;
  const uint64_t v = u64();
  if (v > std::numeric_limits<uint32_t>::max()) {
    pos_ = start;
    fail("integer " + std::to_string(v) + " above 2^32-1");
  }
  return uint32_t(v);
}

void JsonReader::null() {
  skip_ws();
  if (text_.substr(pos_, 4) != "null") fail("expected null, found " + found());
  pos_ += 4;
}

// The compact form serde_json and Go write, "[12,0,255,...]": most of a C1
// output is this, so it is read without the general path's checks per token.
// Anything else (whitespace, errors) is left to the general path.
bool JsonReader::compact_domain(Domain& d) {
  const char* p = text_.data() + pos_;
  const char* end = text_.data() + text_.size();
  if (p == end || *p != '[') return false;
  ++p;
  for (size_t i = 0; i < 32; ++i) {
    if (p == end || *p < '0' || *p > '9') return false;
    unsigned v = unsigned(*p++ - '0');
    if (v != 0) {
      for (int k = 0; k < 2 && p != end && *p >= '0' && *p <= '9'; ++k) v = v * 10 + unsigned(*p++ - '0');
      if (v > 255) return false;
    }
    if (p == end || *p != (i == 31 ? ']' : ',')) return false;
    ++p;
    d[i] = uint8_t(v);
  }
  pos_ = size_t(p - text_.data());
  return true;
}

Domain JsonReader::domain() {
  skip_ws();
  Domain d{};
  if (compact_domain(d)) return d;
  open('[', "an array of 32 bytes");
  for (size_t i = 0; i < 32; ++i) {
    skip_ws();
    if (pos_ < text_.size() && text_[pos_] == ']') fail("array of " + std::to_string(i) + " bytes, expected 32");
    if (i > 0) {
      if (pos_ >= text_.size() || text_[pos_] != ',') fail("expected ',' or ']', found " + found());
      ++pos_;
    }
    const size_t start = pos_;
    const uint64_t v = u64();
    if (v > 255) {
      pos_ = start;
      fail("byte " + std::to_string(i) + " is " + std::to_string(v) + ", above 255");
    }
    d[i] = uint8_t(v);
  }
  skip_ws();
  if (pos_ < text_.size() && text_[pos_] == ',') fail("array of more than 32 bytes, expected 32");
  open(']', "']'");
  return d;
}

void JsonReader::expect_end() {
  skip_ws();
  if (pos_ != text_.size()) fail("trailing text after the document: " + found());
}

}  // namespace cuzk::filecoin
