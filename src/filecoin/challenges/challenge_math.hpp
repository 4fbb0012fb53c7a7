// Arithmetic shared by the challenge derivations: reading 256-bit
// little-endian integers (rust's BigUint::from_bytes_le) and reducing them
// onto the challengeable nodes.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "core/error.hpp"

namespace cuzk::filecoin::detail {

inline uint64_t read_u64_le(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// The 32-byte little-endian integer, modulo m (m > 0); 64-bit limbs from the
// top, each step below 2^128.
inline uint64_t le256_mod(std::span<const uint8_t, 32> bytes, uint64_t m) {
  unsigned __int128 r = 0;
  for (int limb = 3; limb >= 0; --limb) r = ((r << 64) | read_u64_le(bytes.data() + 8 * limb)) % m;
  return uint64_t(r);
}

inline void write_u64_le(uint64_t v, uint8_t* out) {
  for (int i = 0; i < 8; ++i) out[i] = uint8_t(v >> (8 * i));
}

inline void write_u32_le(uint32_t v, uint8_t* out) {
  for (int i = 0; i < 4; ++i) out[i] = uint8_t(v >> (8 * i));
}

// A PoRep challenge from a 256-bit value: (v mod (nodes - 1)) + 1, so node 0
// (whose label has no parents) is never challenged (challenges.rs
// bigint_to_challenge). Rust asserts nodes < 2^32.
inline uint64_t porep_challenge_of(std::span<const uint8_t, 32> bytes_le, uint64_t sector_nodes) {
  return le256_mod(bytes_le, sector_nodes - 1) + 1;
}

inline void check_porep_nodes(uint64_t sector_nodes) {
  if (sector_nodes < 2 || sector_nodes >= (uint64_t(1) << 32))
    throw Error("PoRep challenges: sector_nodes " + std::to_string(sector_nodes) + " is outside [2, 2^32)");
}

}  // namespace cuzk::filecoin::detail
