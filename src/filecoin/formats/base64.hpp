// Base64 of RFC 4648 §4 (standard alphabet, '=' padding): how Go's
// encoding/json carries []byte, e.g. Curio's Phase1Out and its arrays of
// vanilla proofs. Decoding accepts only the canonical form Go writes: a
// length that is a multiple of 4, padding only at the end, zero unused bits,
// no whitespace.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

std::string base64_encode(std::span<const uint8_t> bytes);
// DecodeError "<what>: ..." naming the first offending character.
std::vector<uint8_t> base64_decode(std::string_view text, const std::string& what = "base64");

}  // namespace cuzk::filecoin
