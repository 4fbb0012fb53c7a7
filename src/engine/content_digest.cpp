#include "engine/content_digest.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <vector>

#include "core/mapped_file.hpp"
#include "core/parallel.hpp"

namespace cuzk::engine {

namespace {
constexpr size_t kChunk = size_t(64) << 20;
}

ContentDigest content_digest(std::span<const uint8_t> bytes) {
  const size_t chunks = (bytes.size() + kChunk - 1) / kChunk;
  std::vector<ContentDigest> parts(chunks);
  // a file changed under the hash is refused by its load: no use hashing on
  const SourceWatch watch(bytes);
  parallel_for(chunks, 1, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      if (watch.changed()) return;
      const size_t off = i * kChunk, len = std::min(kChunk, bytes.size() - off);
      SHA256(bytes.data() + off, len, parts[i].data());
    }
  });
  std::vector<uint8_t> tail(8 + 32 * chunks);
  for (int i = 0; i < 8; ++i) tail[size_t(i)] = uint8_t(uint64_t(bytes.size()) >> (8 * i));
  for (size_t i = 0; i < chunks; ++i) std::copy(parts[i].begin(), parts[i].end(), tail.begin() + 8 + 32 * i);
  ContentDigest d;
  SHA256(tail.data(), tail.size(), d.data());
  return d;
}

std::string to_hex(const ContentDigest& d) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (uint8_t b : d) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

}  // namespace cuzk::engine
