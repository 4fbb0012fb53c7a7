#include "filecoin/merkle/fr32.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace cuzk::filecoin {

namespace {

// Element q of a chunk starts at input bit 254 q: byte 254q / 8, shift 254q % 8.
constexpr size_t kOffset[4] = {0, 31, 63, 95};
constexpr unsigned kShift[4] = {0, 6, 4, 2};

void pad_chunk(const uint8_t* in, uint8_t* out) {
  for (int q = 0; q < 4; ++q) {
    const uint8_t* src = in + kOffset[q];
    uint8_t* dst = out + 32 * q;
    const unsigned sh = kShift[q];
    const size_t avail = kFr32UnpaddedChunk - kOffset[q];  // bytes readable from src
    for (size_t j = 0; j < 32; ++j) {
      const unsigned lo = j < avail ? src[j] : 0, hi = j + 1 < avail ? src[j + 1] : 0;
      dst[j] = uint8_t(sh == 0 ? lo : (lo >> sh) | (hi << (8 - sh)));
    }
    dst[31] &= 0x3f;
  }
}

void unpad_chunk(const uint8_t* in, uint8_t* out, size_t chunk) {
  std::fill_n(out, kFr32UnpaddedChunk, 0);
  for (int q = 0; q < 4; ++q) {
    const uint8_t* src = in + 32 * q;
    if (src[31] & 0xc0)
      throw DecodeError("Fr32: padded byte " + std::to_string(chunk * kFr32PaddedChunk + 32 * q + 31) +
                        " has its two top (padding) bits set");
    uint8_t* dst = out + kOffset[q];
    const unsigned sh = kShift[q];
    const size_t room = kFr32UnpaddedChunk - kOffset[q];
    for (size_t j = 0; j < 32; ++j) {
      if (j < room) dst[j] |= uint8_t(src[j] << sh);
      if (sh != 0 && j + 1 < room) dst[j + 1] |= uint8_t(src[j] >> (8 - sh));
    }
  }
}

}  // namespace

void fr32_pad(std::span<const uint8_t> in, std::span<uint8_t> out) {
  if (in.size() % kFr32UnpaddedChunk != 0 || out.size() != in.size() / kFr32UnpaddedChunk * kFr32PaddedChunk)
    throw Error("Fr32 pad: " + std::to_string(in.size()) + " bytes in (a multiple of 127 needed), " +
                std::to_string(out.size()) + " out");
  const size_t chunks = in.size() / kFr32UnpaddedChunk;
  // Up to 1 MiB (the piece-commitment chunk) runs on the calling thread.
  parallel_for(chunks, 1 << 13, [&](size_t b, size_t e) {
    for (size_t c = b; c < e; ++c) pad_chunk(&in[c * kFr32UnpaddedChunk], &out[c * kFr32PaddedChunk]);
  });
}

std::vector<uint8_t> fr32_pad(std::span<const uint8_t> in) {
  if (in.size() % kFr32UnpaddedChunk != 0)
    throw Error("Fr32 pad: " + std::to_string(in.size()) + " bytes is not a multiple of 127");
  std::vector<uint8_t> out(in.size() / kFr32UnpaddedChunk * kFr32PaddedChunk);
  fr32_pad(in, out);
  return out;
}

void fr32_unpad(std::span<const uint8_t> in, std::span<uint8_t> out) {
  if (in.size() % kFr32PaddedChunk != 0 || out.size() != in.size() / kFr32PaddedChunk * kFr32UnpaddedChunk)
    throw Error("Fr32 unpad: " + std::to_string(in.size()) + " bytes in (a multiple of 128 needed), " +
                std::to_string(out.size()) + " out");
  const size_t chunks = in.size() / kFr32PaddedChunk;
  parallel_for(chunks, 1 << 13, [&](size_t b, size_t e) {
    for (size_t c = b; c < e; ++c) unpad_chunk(&in[c * kFr32PaddedChunk], &out[c * kFr32UnpaddedChunk], c);
  });
}

std::vector<uint8_t> fr32_unpad(std::span<const uint8_t> in) {
  if (in.size() % kFr32PaddedChunk != 0)
    throw DecodeError("Fr32 unpad: " + std::to_string(in.size()) + " bytes is not a multiple of 128");
  std::vector<uint8_t> out(in.size() / kFr32PaddedChunk * kFr32UnpaddedChunk);
  fr32_unpad(in, out);
  return out;
}

}  // namespace cuzk::filecoin
