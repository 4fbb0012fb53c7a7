#include "filecoin/formats/bincode.hpp"

#include <cstring>

#include "core/error.hpp"

namespace cuzk::filecoin {

const uint8_t* BincodeReader::take(size_t n) {
  if (n > remaining())
    fail("truncated: need " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
  const uint8_t* p = bytes_.data() + pos_;
  pos_ += n;
  return p;
}

uint32_t BincodeReader::u32() {
  const uint8_t* p = take(4);
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

uint64_t BincodeReader::u64() {
  const uint8_t* p = take(8);
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

Domain BincodeReader::domain() {
  Domain d;
  std::memcpy(d.data(), take(32), 32);
  return d;
}

size_t BincodeReader::length(size_t min_element_bytes) {
  const uint64_t n = u64();
  if (min_element_bytes != 0 && n > remaining() / min_element_bytes)
    fail("length " + std::to_string(n) + " needs at least " + std::to_string(min_element_bytes) +
         " bytes each, only " + std::to_string(remaining()) + " left");
  return size_t(n);
}

void BincodeReader::expect_end() const {
  if (remaining() != 0) fail(std::to_string(remaining()) + " trailing bytes after the value");
}

void BincodeReader::fail(const std::string& message) const {
  std::string where = path_.str();
  throw DecodeError(source_ + ": " + (where.empty() ? "" : where + ": ") + message + " (at byte offset " +
                    std::to_string(pos_) + ")");
}

void BincodeWriter::u32(uint32_t v) {
  for (int i = 0; i < 4; ++i) out_.push_back(uint8_t(v >> (8 * i)));
}

void BincodeWriter::u64(uint64_t v) {
  for (int i = 0; i < 8; ++i) out_.push_back(uint8_t(v >> (8 * i)));
}

}  // namespace cuzk::filecoin
