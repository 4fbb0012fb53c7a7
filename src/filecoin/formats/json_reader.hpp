// A strict pull reader of JSON text for the documents whose shape is fixed
// by serde (rust-fil-proofs' C1 output, Curio's envelopes): the caller reads
// the structure it expects and the reader refuses anything else, naming the
// field at fault: unknown, missing or repeated members, values of the wrong
// type, numbers that are not unsigned integers of their range, trailing text.
// Strings must be ASCII, escaped or not: no field of these documents needs
// more, and what is read can be written back unchanged. No allocation
// beyond the values read, so memory stays proportional to the input.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "filecoin/domain.hpp"
#include "filecoin/formats/field_path.hpp"

namespace cuzk::filecoin {

class JsonReader {
 public:
  JsonReader(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  // An object whose members are exactly `keys`, in any order, each once;
  // read_member(i) reads the value of keys[i], with the path at that key.
  // At most 64 keys; they must outlive the call (string literals do).
  template <class F>
  void object(std::initializer_list<std::string_view> keys, F&& read_member);
  // An object of exactly one member whose key is one of `keys` (serde's
  // externally tagged enum); read_variant(i) reads the value of keys[i].
  template <class F>
  void variant(std::initializer_list<std::string_view> keys, F&& read_variant);
  // An array; read_element(i) reads element i, with the path at [i].
  template <class F>
  void array(F&& read_element);

  uint64_t u64();
  uint32_t u32();
  std::string string();
  void null();
  // A Domain as serde writes [u8; 32]: an array of exactly 32 integers 0..255.
  Domain domain();
  // Only whitespace may follow the document.
  void expect_end();

  PathScope field(std::string_view name) { return PathScope(path_, name); }
  // DecodeError "<source>: <field path>: <message> (at byte offset N)".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  void skip_ws() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }
  // Skips whitespace, then consumes `c` or fails naming what was expected.
  void open(char c, const char* expected);
  // After open: true (and consumed) when the container closes at once.
  bool empty_container(char close);
  // After an item: true on ',' (more follow), false on `close`.
  bool more(char close);
  void string_into(std::string& out);
  bool compact_domain(Domain& d);
  // Reads a member's key and its ':'; returns the index in keys.
  size_t member_key(std::initializer_list<std::string_view> keys);
  [[noreturn]] void fail_missing(std::string_view key) const;
  std::string found() const;  // what is at the current position, for messages

  std::string_view text_;
  size_t pos_ = 0;
  std::string source_;
  FieldPath path_;
  std::string key_;  // reused key buffer
};

template <class F>
void JsonReader::object(std::initializer_list<std::string_view> keys, F&& read_member) {
  if (keys.size() > 64) fail("internal: an object of more than 64 expected fields");
  open('{', "an object");
  uint64_t seen = 0;
  if (!empty_container('}')) {
    do {
      const size_t i = member_key(keys);
      if (seen >> i & 1) fail("duplicate field '" + std::string(keys.begin()[i]) + "'");
      seen |= uint64_t(1) << i;
      PathScope scope(path_, keys.begin()[i]);
      read_member(i);
    } while (more('}'));
  }
  for (size_t i = 0; i < keys.size(); ++i)
    if (!(seen >> i & 1)) fail_missing(keys.begin()[i]);
}

template <class F>
void JsonReader::variant(std::initializer_list<std::string_view> keys, F&& read_variant) {
  open('{', "an object of one variant");
  if (empty_container('}')) fail("expected one variant, found an empty object");
  const size_t i = member_key(keys);
  {
    PathScope scope(path_, keys.begin()[i]);
    read_variant(i);
  }
  if (more('}')) fail("expected one variant, found more");
}

template <class F>
void JsonReader::array(F&& read_element) {
  open('[', "an array");
  if (empty_container(']')) return;
  size_t i = 0;
  do {
    PathScope scope(path_, i);
    read_element(i);
    ++i;
  } while (more(']'));
}

}  // namespace cuzk::filecoin
