// Domain: the 32-byte value of a Filecoin tree node or commitment
// (rust-fil-proofs' PoseidonDomain / Sha256Domain). Its bytes are an Fr
// element's little-endian representation; SHA-256 domains are kept below the
// modulus by clearing the top two bits ("trunc254", bytes_into_fr_repr_safe).
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ff/fields.hpp"

namespace cuzk::filecoin {

using Fr = ff::Bls12_381_Fr;
using Domain = std::array<uint8_t, 32>;

// The element whose little-endian representation is d; DecodeError naming
// `what` when d is not below the modulus.
Fr fr_of(const Domain& d, const char* what = "domain");
Domain domain_of(const Fr& x);

// Clears the two top bits of byte 31, as rust-fil-proofs does to any 32 bytes
// it turns into a field element (SHA-256 digests, replica ids, challenges).
inline Domain trunc254(Domain d) {
  d[31] &= 0x3f;
  return d;
}

// 64 hex digits, byte 0 first (the order rust-fil-proofs prints and stores).
std::string to_hex(std::span<const uint8_t> bytes);
// Exactly 64 hex digits (an optional 0x prefix allowed); DecodeError otherwise.
Domain domain_from_hex(std::string_view hex);

}  // namespace cuzk::filecoin
