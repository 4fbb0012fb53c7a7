// Data commitments over SHA-256-trunc254 binary trees: CommP of a payload
// (zero-filled to a power-of-two piece, Fr32-padded, tree root; as
// go-fil-commp-hashhash and @web3-storage/data-segment compute it) and
// comm_d of a sector's already-padded data (the root of its TreeD).
#pragma once
#include <cstdint>
#include <span>

#include "filecoin/domain.hpp"

namespace cuzk::filecoin {

struct PieceCommitment {
  Domain comm_p{};
  uint64_t padded_size = 0;  // bytes of the padded piece, a power of two >= 128
};

// The smallest payload a piece commitment is defined for, and the largest (a 64 GiB piece).
inline constexpr uint64_t kMinPiecePayload = 65;
inline constexpr uint64_t kMaxPiecePayload = (uint64_t(1) << 36) / 128 * 127;

// The padded size of the piece holding payload_bytes: the smallest power of
// two >= 128 whose unpadded size (127/128 of it) holds them. Error outside
// [kMinPiecePayload, kMaxPiecePayload].
uint64_t padded_piece_size(uint64_t payload_bytes);

PieceCommitment piece_commitment(std::span<const uint8_t> payload);

// The root of the SHA-256-trunc254 binary tree whose leaves are the 32-byte
// words of `padded` (a power of two >= 64 bytes; Error otherwise), on the
// thread pool. For a sector's padded data this is comm_d.
Domain comm_d_of_padded(std::span<const uint8_t> padded);

// comm_d / CommP of padded_size zero bytes (a power of two >= 32).
Domain zero_piece_commitment(uint64_t padded_size);

}  // namespace cuzk::filecoin
