// bincode 1.x in its default configuration, as rust-fil-proofs serialises
// vanilla proofs: little-endian fixed-width integers, u64 sequence lengths,
// u32 enum variant indices, structs as their fields in declaration order.
// The reader checks every length against the bytes left before allocating
// and names the field at fault in its DecodeErrors.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filecoin/domain.hpp"
#include "filecoin/formats/field_path.hpp"

namespace cuzk::filecoin {

class BincodeReader {
 public:
  BincodeReader(std::span<const uint8_t> bytes, std::string source) : bytes_(bytes), source_(std::move(source)) {}

  uint32_t u32();
  uint64_t u64();
  Domain domain();
  // A sequence length, refused unless `len` elements of at least
  // `min_element_bytes` each fit in the bytes left.
  size_t length(size_t min_element_bytes);
  // Refuses trailing bytes: a document is exactly one value.
  void expect_end() const;

  PathScope field(std::string_view name) { return PathScope(path_, name); }
  PathScope element(size_t index) { return PathScope(path_, index); }
  size_t remaining() const { return bytes_.size() - pos_; }
  // DecodeError "<source>: <field path>: <message> (at byte offset N)".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  const uint8_t* take(size_t n);

  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
  std::string source_;
  FieldPath path_;
};

class BincodeWriter {
 public:
  void u32(uint32_t v);
  void u64(uint64_t v);
  void domain(const Domain& d) { out_.insert(out_.end(), d.begin(), d.end()); }
  void length(size_t n) { u64(n); }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

}  // namespace cuzk::filecoin
