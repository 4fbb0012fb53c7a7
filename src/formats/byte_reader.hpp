// Bounds-checked cursor over a byte buffer. Every read names what it was
// reading and where, so truncated or corrupt files give a precise DecodeError.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "core/error.hpp"

namespace cuzk::formats {

class ByteReader {
 public:
  ByteReader(std::span<const uint8_t> data, std::string source) : data_(data), source_(std::move(source)) {}

  std::span<const uint8_t> take(size_t n, const std::string& what) {
    if (n > remaining())
      fail("truncated while reading " + what + " (need " + std::to_string(n) + " bytes, " +
           std::to_string(remaining()) + " left)");
    auto s = data_.subspan(pos_, n);
    pos_ += n;
    return s;
  }
  uint32_t u32_be(const std::string& what) {
    auto b = take(4, what);
    return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | uint32_t(b[3]);
  }
  uint32_t u32_le(const std::string& what) {
    auto b = take(4, what);
    return uint32_t(b[0]) | (uint32_t(b[1]) << 8) | (uint32_t(b[2]) << 16) | (uint32_t(b[3]) << 24);
  }
  uint64_t u64_le(const std::string& what) {
    uint64_t lo = u32_le(what), hi = u32_le(what);
    return lo | (hi << 32);
  }
  size_t remaining() const { return data_.size() - pos_; }
  size_t offset() const { return pos_; }
  void seek(size_t pos) {
    if (pos > data_.size()) fail("offset " + std::to_string(pos) + " is past the end");
    pos_ = pos;
  }
  void expect_end() {
    if (remaining()) fail(std::to_string(remaining()) + " unexpected trailing bytes");
  }
  [[noreturn]] void fail(const std::string& msg) const {
    throw DecodeError(source_ + ": " + msg + " (at byte offset " + std::to_string(pos_) + ")");
  }
  const std::string& source() const { return source_; }

 private:
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::string source_;
};

}  // namespace cuzk::formats
