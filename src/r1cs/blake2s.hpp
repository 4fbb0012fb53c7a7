// BLAKE2s (RFC 7693): digests of 1..32 bytes, optionally keyed. Here so the
// r1cs layer can reproduce bellpepper's TestConstraintSystem::hash() (an
// unkeyed 32-byte BLAKE2s) without linking a crypto library.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "core/error.hpp"

namespace cuzk::r1cs {

class Blake2s {
 public:
  static constexpr size_t kBlockBytes = 64;
  static constexpr size_t kMaxDigestBytes = 32;

  explicit Blake2s(size_t digest_bytes = kMaxDigestBytes, std::span<const uint8_t> key = {})
      : digest_bytes_(digest_bytes) {
    if (digest_bytes == 0 || digest_bytes > kMaxDigestBytes)
      throw Error("BLAKE2s: digest length " + std::to_string(digest_bytes) + " is outside 1..32 bytes");
    if (key.size() > kMaxDigestBytes)
      throw Error("BLAKE2s: key length " + std::to_string(key.size()) + " is above 32 bytes");
    h_ = kIv;
    // Parameter block word 0: digest length, key length, fanout 1, depth 1.
    h_[0] ^= 0x01010000u ^ (uint32_t(key.size()) << 8) ^ uint32_t(digest_bytes);
    if (!key.empty()) {
      std::memcpy(buf_.data(), key.data(), key.size());
      filled_ = kBlockBytes;  // the zero-padded key is the first block
    }
  }

  Blake2s& update(std::span<const uint8_t> in) {
    for (uint8_t byte : in) {
      // A full buffer is compressed only once more input follows: the last
      // block must be compressed with the final flag.
      if (filled_ == kBlockBytes) {
        count_ += kBlockBytes;
        compress(false);
        filled_ = 0;
      }
      buf_[filled_++] = byte;
    }
    return *this;
  }
  Blake2s& update(const void* data, size_t n) { return update({static_cast<const uint8_t*>(data), n}); }

  // Writes digest_bytes() bytes to out; the object is spent afterwards.
  void final(uint8_t* out) {
    count_ += filled_;
    std::memset(buf_.data() + filled_, 0, kBlockBytes - filled_);
    compress(true);
    for (size_t i = 0; i < digest_bytes_; ++i) out[i] = uint8_t(h_[i / 4] >> (8 * (i % 4)));
  }
  std::array<uint8_t, kMaxDigestBytes> final() {
    std::array<uint8_t, kMaxDigestBytes> out{};
    final(out.data());
    return out;
  }
  size_t digest_bytes() const { return digest_bytes_; }

 private:
  static constexpr std::array<uint32_t, 8> kIv = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
                                                  0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u};
  static constexpr uint8_t kSigma[10][16] = {
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
      {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
      {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
      {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
      {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
  };

  static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress(bool last) {
    uint32_t m[16], v[16];
    for (int i = 0; i < 16; ++i)
      m[i] = uint32_t(buf_[4 * i]) | uint32_t(buf_[4 * i + 1]) << 8 | uint32_t(buf_[4 * i + 2]) << 16 |
             uint32_t(buf_[4 * i + 3]) << 24;
    for (int i = 0; i < 8; ++i) {
      v[i] = h_[size_t(i)];
      v[i + 8] = kIv[size_t(i)];
    }
    v[12] ^= uint32_t(count_);
    v[13] ^= uint32_t(count_ >> 32);
    if (last) v[14] = ~v[14];
    auto g = [&](int a, int b, int c, int d, uint32_t x, uint32_t y) {
      v[a] += v[b] + x;
      v[d] = rotr(v[d] ^ v[a], 16);
      v[c] += v[d];
      v[b] = rotr(v[b] ^ v[c], 12);
      v[a] += v[b] + y;
      v[d] = rotr(v[d] ^ v[a], 8);
      v[c] += v[d];
      v[b] = rotr(v[b] ^ v[c], 7);
    };
    for (const auto& s : kSigma) {
      g(0, 4, 8, 12, m[s[0]], m[s[1]]);
      g(1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(2, 6, 10, 14, m[s[4]], m[s[5]]);
      g(3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(0, 5, 10, 15, m[s[8]], m[s[9]]);
      g(1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(2, 7, 8, 13, m[s[12]], m[s[13]]);
      g(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; ++i) h_[size_t(i)] ^= v[i] ^ v[i + 8];
  }

  std::array<uint32_t, 8> h_{};
  std::array<uint8_t, kBlockBytes> buf_{};
  size_t filled_ = 0;
  uint64_t count_ = 0;  // bytes compressed so far, including the current block
  size_t digest_bytes_;
};

}  // namespace cuzk::r1cs
