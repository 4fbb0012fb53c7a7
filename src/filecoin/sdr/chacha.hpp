// The ChaCha block function as rand_chacha's ChaChaXRng::from_seed runs it:
// the 32-byte seed is the key, the 64-bit block counter sits in words 12-13
// and the stream (nonce) words 14-15 are zero. Output words are little-endian
// u32 in the standard order, blocks one after another.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

using ChaChaKey = std::array<uint32_t, 8>;
using ChaChaBlock = std::array<uint32_t, 16>;

namespace chacha_detail {
inline constexpr uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
inline constexpr void quarter(uint32_t& a, uint32_t& b, uint32_t& c, uint32_t& d) {
  a += b, d ^= a, d = rotl(d, 16);
  c += d, b ^= c, b = rotl(b, 12);
  a += b, d ^= a, d = rotl(d, 8);
  c += d, b ^= c, b = rotl(b, 7);
}
}  // namespace chacha_detail

// Block `counter` of the ChaCha keystream with `Rounds` rounds (8 for
// ChaCha8Rng, 20 for the RFC 8439 test vectors).
template <int Rounds>
inline ChaChaBlock chacha_block(const ChaChaKey& key, uint64_t counter) {
  static_assert(Rounds % 2 == 0);
  ChaChaBlock in{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
                 key[0],     key[1],     key[2],     key[3],
                 key[4],     key[5],     key[6],     key[7],
                 uint32_t(counter), uint32_t(counter >> 32), 0, 0};
  ChaChaBlock x = in;
  using chacha_detail::quarter;
  for (int r = 0; r < Rounds; r += 2) {
    quarter(x[0], x[4], x[8], x[12]);
    quarter(x[1], x[5], x[9], x[13]);
    quarter(x[2], x[6], x[10], x[14]);
    quarter(x[3], x[7], x[11], x[15]);
    quarter(x[0], x[5], x[10], x[15]);
    quarter(x[1], x[6], x[11], x[12]);
    quarter(x[2], x[7], x[8], x[13]);
    quarter(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) x[i] += in[i];
  return x;
}

// Blocks `counter` and `counter + 1` together, one 4-word row of each block
// per half of a 256-bit vector (the DRG needs exactly two blocks a node);
// equal to two chacha_block calls.
template <int Rounds>
inline std::array<ChaChaBlock, 2> chacha_block_pair(const ChaChaKey& key, uint64_t counter) {
  static_assert(Rounds % 2 == 0);
  using V = uint32_t __attribute__((vector_size(32)));
#if defined(__clang__)
#define CUZK_CHACHA_SHUFFLE(x, i0, i1, i2, i3) \
  __builtin_shufflevector(x, x, i0, i1, i2, i3, 4 + i0, 4 + i1, 4 + i2, 4 + i3)
#else
#define CUZK_CHACHA_SHUFFLE(x, i0, i1, i2, i3) __builtin_shuffle(x, V{i0, i1, i2, i3, 4 + i0, 4 + i1, 4 + i2, 4 + i3})
#endif
  auto rotl = [](V x, int n) { return (x << n) | (x >> (32 - n)); };
  const uint64_t next = counter + 1;
  const V a0{0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  const V b0{key[0], key[1], key[2], key[3], key[0], key[1], key[2], key[3]};
  const V c0{key[4], key[5], key[6], key[7], key[4], key[5], key[6], key[7]};
  const V d0{uint32_t(counter), uint32_t(counter >> 32), 0, 0, uint32_t(next), uint32_t(next >> 32), 0, 0};
  V a = a0, b = b0, c = c0, d = d0;
  auto rows = [&] {
    a += b, d ^= a, d = rotl(d, 16);
    c += d, b ^= c, b = rotl(b, 12);
    a += b, d ^= a, d = rotl(d, 8);
    c += d, b ^= c, b = rotl(b, 7);
  };
  for (int r = 0; r < Rounds; r += 2) {
    rows();  // columns
    b = CUZK_CHACHA_SHUFFLE(b, 1, 2, 3, 0), c = CUZK_CHACHA_SHUFFLE(c, 2, 3, 0, 1), d = CUZK_CHACHA_SHUFFLE(d, 3, 0, 1, 2);
    rows();  // diagonals
    b = CUZK_CHACHA_SHUFFLE(b, 3, 0, 1, 2), c = CUZK_CHACHA_SHUFFLE(c, 2, 3, 0, 1), d = CUZK_CHACHA_SHUFFLE(d, 1, 2, 3, 0);
  }
#undef CUZK_CHACHA_SHUFFLE
  a += a0, b += b0, c += c0, d += d0;
  std::array<ChaChaBlock, 2> out;
  for (int blk = 0; blk < 2; ++blk)
    for (int i = 0; i < 4; ++i) {
      out[blk][i] = a[4 * blk + i];
      out[blk][4 + i] = b[4 * blk + i];
      out[blk][8 + i] = c[4 * blk + i];
      out[blk][12 + i] = d[4 * blk + i];
    }
  return out;
}

}  // namespace cuzk::filecoin
