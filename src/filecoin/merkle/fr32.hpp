// Filecoin's Fr32 padding (rust-fil-proofs fr32, Lotus fr32): every 127
// bytes (1016 bits, read least significant bit first) become 128 bytes =
// four 32-byte field elements, each holding the next 254 bits followed by two
// zero bits. Unpadding inverts it and refuses set padding bits.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

inline constexpr uint64_t kFr32UnpaddedChunk = 127;
inline constexpr uint64_t kFr32PaddedChunk = 128;

// in.size() a multiple of 127, out.size() = in.size() / 127 * 128; Error otherwise.
void fr32_pad(std::span<const uint8_t> in, std::span<uint8_t> out);
std::vector<uint8_t> fr32_pad(std::span<const uint8_t> in);

// in.size() a multiple of 128, out.size() = in.size() / 128 * 127; DecodeError
// naming the byte when a padding bit is set.
void fr32_unpad(std::span<const uint8_t> in, std::span<uint8_t> out);
std::vector<uint8_t> fr32_unpad(std::span<const uint8_t> in);

}  // namespace cuzk::filecoin
