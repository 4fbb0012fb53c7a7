// The Feistel permutation behind SDR's expander edges (storage-proofs-core
// crypto/feistel.rs): 3 rounds over an even number of bits, round function
// = first 8 bytes (big-endian) of BLAKE2b-512(right u64 BE || key u64 BE),
// cycle-walked into [0, num_elements). The round function only ever sees
// half-width values, so it is tabulated once per permutation.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/sdr/porep_id.hpp"

namespace cuzk::filecoin {

using FeistelKeys = std::array<uint64_t, 4>;

inline constexpr int kFeistelRounds = 3;
// Largest domain accepted: 8 expander slots for each of 2^31 nodes (64 GiB).
inline constexpr uint64_t kMaxFeistelElements = uint64_t(1) << 34;

// SHA-256("Filecoin_Feistel" || porep_id) read as four u64 LE.
FeistelKeys derive_feistel_keys(const PorepId& porep_id);

// The unmasked round function F(right, key) computed with BLAKE2b directly.
uint64_t feistel_round_hash(uint64_t right, uint64_t key);

class FeistelPermutation {
 public:
  // Error when num_elements is 0 or above kMaxFeistelElements.
  FeistelPermutation(uint64_t num_elements, const FeistelKeys& keys);

  // index < num_elements (unchecked: callers derive it from a checked node).
  uint64_t permute(uint64_t index) const {
    uint64_t u = encode(index);
    while (u >= num_elements_) u = encode(u);
    return u;
  }
  uint64_t invert(uint64_t index) const {
    uint64_t u = decode(index);
    while (u >= num_elements_) u = decode(u);
    return u;
  }

  // out[i] = permute(first + i): the walks run interleaved, which keeps the
  // table lookups of independent indexes in flight together.
  template <size_t N>
  void permute_run(uint64_t first, std::array<uint64_t, N>& out) const {
    static_assert(N <= 32, "pending walks are tracked in a u32 mask");
    uint32_t pending = 0;
    for (size_t i = 0; i < N; ++i) {
      out[i] = encode(first + i);
      pending |= uint32_t(out[i] >= num_elements_) << i;
    }
    while (pending) {
      uint32_t next = 0;
      for (size_t i = 0; i < N; ++i)
        if (pending >> i & 1) {
          out[i] = encode(out[i]);
          next |= uint32_t(out[i] >= num_elements_) << i;
        }
      pending = next;
    }
  }

  uint64_t num_elements() const { return num_elements_; }
  // Bits per half: the least n >= 1 with 4^n >= num_elements.
  unsigned half_bits() const { return half_bits_; }

 private:
  uint64_t round(int r, uint64_t half) const { return table_[(size_t(r) << half_bits_) | half]; }
  uint64_t encode(uint64_t index) const {
    uint64_t left = (index >> half_bits_) & right_mask_, right = index & right_mask_;
    for (int r = 0; r < kFeistelRounds; ++r) {
      uint64_t next_right = left ^ round(r, right);
      left = right;
      right = next_right;
    }
    return (left << half_bits_) | right;
  }
  uint64_t decode(uint64_t index) const {
    uint64_t left = (index >> half_bits_) & right_mask_, right = index & right_mask_;
    for (int r = kFeistelRounds - 1; r >= 0; --r) {
      uint64_t next_left = right ^ round(r, left);
      right = left;
      left = next_left;
    }
    return (left << half_bits_) | right;
  }

  uint64_t num_elements_;
  unsigned half_bits_;
  uint64_t right_mask_;
  // round r, input x -> F(x, keys[r]) & right_mask_, at r << half_bits_ | x
  std::vector<uint32_t> table_;
};

}  // namespace cuzk::filecoin
