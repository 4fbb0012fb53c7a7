// A SHA-256 content digest of a large file's bytes at memory speed: the
// bytes are cut into 64 MiB chunks hashed in parallel, and the digest is the
// SHA-256 of the total length and the chunk digests in order. Equal bytes give
// equal digests; finding two contents with one digest means breaking SHA-256.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace cuzk::engine {

using ContentDigest = std::array<uint8_t, 32>;

ContentDigest content_digest(std::span<const uint8_t> bytes);
std::string to_hex(const ContentDigest& d);

}  // namespace cuzk::engine
