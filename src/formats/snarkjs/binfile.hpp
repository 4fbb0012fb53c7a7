// The iden3 binary container shared by .zkey, .wtns, .r1cs (and .ptau): a
// 4-byte magic, u32 version, u32 section count, then sections of (u32 id,
// u64 size, bytes), all little-endian. Sections are found by id, never by
// position; a section id present twice is refused when asked for.
// BinFileWriter produces the same layout, patching each section's size.
#pragma once
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "formats/byte_reader.hpp"

namespace cuzk::formats::snarkjs {

class BinFile {
 public:
  // Parses the container header and the section table; throws DecodeError
  // naming `source` when the magic, version or any section bound is wrong.
  BinFile(std::span<const uint8_t> bytes, std::string_view magic, uint32_t max_version, std::string source)
      : bytes_(bytes), source_(std::move(source)) {
    ByteReader r(bytes, source_);
    auto m = r.take(4, "magic");
    if (std::memcmp(m.data(), magic.data(), 4) != 0)
      r.fail("not a ." + std::string(magic) + " file (magic is '" + printable(m) + "', expected '" +
             std::string(magic) + "')");
    version_ = r.u32_le("version");
    if (version_ == 0 || version_ > max_version)
      r.fail("unsupported ." + std::string(magic) + " version " + std::to_string(version_) + " (this reader knows 1.." +
             std::to_string(max_version) + ")");
    const uint32_t count = r.u32_le("section count");
    for (uint32_t i = 0; i < count; ++i) {
      const std::string what = "header of section #" + std::to_string(i);
      const uint32_t id = r.u32_le(what);
      const uint64_t size = r.u64_le(what);
      if (size > r.remaining())
        r.fail("section " + std::to_string(id) + " claims " + std::to_string(size) + " bytes but only " +
               std::to_string(r.remaining()) + " remain (truncated file?)");
      sections_[id].push_back({r.offset(), size_t(size)});
      r.take(size_t(size), "section " + std::to_string(id));
    }
  }

  uint32_t version() const { return version_; }
  const std::string& source() const { return source_; }
  bool has(uint32_t id) const { return sections_.count(id) != 0; }

  // The bytes of the unique section `id`; `name` says what it holds.
  std::span<const uint8_t> section(uint32_t id, const std::string& name) const {
    auto it = sections_.find(id);
    if (it == sections_.end()) fail("section " + std::to_string(id) + " (" + name + ") is missing");
    if (it->second.size() > 1) fail("section " + std::to_string(id) + " (" + name + ") appears more than once");
    return bytes_.subspan(it->second[0].offset, it->second[0].size);
  }

  // The same, refusing any size other than `expected`.
  std::span<const uint8_t> section(uint32_t id, const std::string& name, uint64_t expected) const {
    auto s = section(id, name);
    if (s.size() != expected)
      fail("section " + std::to_string(id) + " (" + name + ") has " + std::to_string(s.size()) + " bytes, expected " +
           std::to_string(expected) + " from the header");
    return s;
  }

  // A reader over one section whose errors name the file and the section.
  ByteReader reader(uint32_t id, const std::string& name) const {
    return ByteReader(section(id, name), source_ + " section " + std::to_string(id) + " (" + name + ")");
  }

  [[noreturn]] void fail(const std::string& msg) const { throw DecodeError(source_ + ": " + msg); }

 private:
  struct Loc {
    size_t offset, size;
  };
  static std::string printable(std::span<const uint8_t> b) {
    std::string s;
    for (uint8_t c : b) s += (c >= 32 && c < 127) ? char(c) : '?';
    return s;
  }
  std::span<const uint8_t> bytes_;
  std::string source_;
  uint32_t version_ = 0;
  std::map<uint32_t, std::vector<Loc>> sections_;
};

// Streams a container to a file; sections are written one at a time.
class BinFileWriter {
 public:
  BinFileWriter(const std::string& path, std::string_view magic, uint32_t version, uint32_t sections)
      : path_(path), f_(path, std::ios::binary | std::ios::trunc) {
    if (!f_) throw Error("cannot create '" + path + "'");
    f_.write(magic.data(), 4);
    u32(version);
    u32(sections);
  }
  void begin_section(uint32_t id) {
    u32(id);
    size_pos_ = f_.tellp();
    u64(0);
  }
  void end_section() {
    const auto end = f_.tellp();
    f_.seekp(size_pos_);
    u64(uint64_t(end - size_pos_) - 8);
    f_.seekp(end);
  }
  void bytes(const void* p, size_t n) { f_.write(static_cast<const char*>(p), std::streamsize(n)); }
  void bytes(std::span<const uint8_t> b) { bytes(b.data(), b.size()); }
  void u32(uint32_t v) {
    uint8_t b[4];
    for (int i = 0; i < 4; ++i) b[i] = uint8_t(v >> (8 * i));
    bytes(b, 4);
  }
  void u64(uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = uint8_t(v >> (8 * i));
    bytes(b, 8);
  }
  void close() {
    f_.close();
    if (!f_) throw Error("write to '" + path_ + "' failed");
  }

 private:
  std::string path_;
  std::ofstream f_;
  std::streampos size_pos_{};
};

}  // namespace cuzk::formats::snarkjs
