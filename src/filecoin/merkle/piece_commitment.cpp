#include "filecoin/merkle/piece_commitment.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "filecoin/merkle/fr32.hpp"
#include "filecoin/merkle/node_hash.hpp"

namespace cuzk::filecoin {

namespace {

static_assert(sizeof(Domain) == kNodeBytes, "a Domain array is the bytes of a tree level");

// Work is split into subtrees of this many padded bytes (2^15 leaves): each
// thread pads and reduces one subtree in its own buffer, then the subtree
// roots are reduced.
constexpr uint64_t kChunkPadded = uint64_t(1) << 20;

bool is_pow2(uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

uint32_t log2_exact(uint64_t n) { return uint32_t(__builtin_ctzll(n)); }

// Hashes nodes[0..n) pairwise in place down to one node; n a power of two.
Domain reduce_in_place(Domain* nodes, size_t n) {
  for (; n > 1; n /= 2)
    for (size_t i = 0; i < n / 2; ++i) nodes[i] = hash_node(NodeHasher::kSha256Trunc254, {nodes + 2 * i, 2});
  return nodes[0];
}

// The root over `leaves` 32-byte leaves produced chunk by chunk: fill(chunk,
// bytes) writes the padded bytes of one chunk; chunks at or past
// `first_zero_chunk` are all zero and take the zero subtree's root.
template <class Fill>
Domain chunked_root(uint64_t padded_size, uint64_t first_zero_chunk, Fill&& fill) {
  const uint64_t chunk = std::min(padded_size, kChunkPadded), chunks = padded_size / chunk;
  const Domain zero_root = zero_piece_commitment(chunk);
  std::vector<Domain> roots(chunks, zero_root);
  parallel_for(std::min(chunks, first_zero_chunk), 1, [&](size_t b, size_t e) {
    std::vector<Domain> buf(chunk / kNodeBytes);
    for (size_t c = b; c < e; ++c) {
      fill(c, std::span<uint8_t>(reinterpret_cast<uint8_t*>(buf.data()), chunk));
      roots[c] = reduce_in_place(buf.data(), buf.size());
    }
  });
  return reduce_in_place(roots.data(), roots.size());
}

}  // namespace

uint64_t padded_piece_size(uint64_t payload_bytes) {
  if (payload_bytes < kMinPiecePayload || payload_bytes > kMaxPiecePayload)
    throw Error("piece commitment: payload of " + std::to_string(payload_bytes) + " bytes is outside [" +
                std::to_string(kMinPiecePayload) + ", " + std::to_string(kMaxPiecePayload) + "]");
  uint64_t padded = kFr32PaddedChunk;
  while (padded / kFr32PaddedChunk * kFr32UnpaddedChunk < payload_bytes) padded *= 2;
  return padded;
}

PieceCommitment piece_commitment(std::span<const uint8_t> payload) {
  const uint64_t padded = padded_piece_size(payload.size());
  const uint64_t chunk = std::min(padded, kChunkPadded);
  const uint64_t chunk_in = chunk / kFr32PaddedChunk * kFr32UnpaddedChunk;
  const uint64_t data_chunks = (payload.size() + chunk_in - 1) / chunk_in;
  const Domain root = chunked_root(padded, data_chunks, [&](size_t c, std::span<uint8_t> out) {
    const uint64_t begin = c * chunk_in, have = std::min<uint64_t>(chunk_in, payload.size() - begin);
    if (have == chunk_in) {
      fr32_pad(payload.subspan(begin, chunk_in), out);
    } else {
      std::vector<uint8_t> tail(chunk_in, 0);
      std::memcpy(tail.data(), payload.data() + begin, have);
      fr32_pad(tail, out);
    }
  });
  return {root, padded};
}

Domain comm_d_of_padded(std::span<const uint8_t> padded) {
  if (!is_pow2(padded.size()) || padded.size() < 2 * kNodeBytes)
    throw Error("comm_d: " + std::to_string(padded.size()) + " bytes of padded data is not a power of two >= 64");
  const uint64_t chunk = std::min<uint64_t>(padded.size(), kChunkPadded);
  return chunked_root(padded.size(), padded.size() / chunk, [&](size_t c, std::span<uint8_t> out) {
    std::memcpy(out.data(), padded.data() + c * chunk, chunk);
  });
}

Domain zero_piece_commitment(uint64_t padded_size) {
  if (!is_pow2(padded_size) || padded_size < kNodeBytes)
    throw Error("zero piece: size " + std::to_string(padded_size) + " is not a power of two >= 32");
  return uniform_subtree_root(NodeHasher::kSha256Trunc254, 2, Domain{}, log2_exact(padded_size / kNodeBytes));
}

}  // namespace cuzk::filecoin
