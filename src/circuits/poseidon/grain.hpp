// The Grain LFSR in self-shrinking mode that the Poseidon paper (appendix F)
// uses to derive round constants and, in the reference script, the MDS matrix:
// an 80-bit state seeded with (field, sbox, n, t, R_F, R_P, thirty 1s), 160
// warm-up steps, then bits in pairs where a 1 emits the next bit and a 0 drops it.
#pragma once
#include <array>
#include <cstdint>

#include "ff/limbs.hpp"

namespace cuzk::circuits::poseidon {

class GrainLfsr {
 public:
  GrainLfsr(unsigned field, unsigned sbox, unsigned n, unsigned t, unsigned rf, unsigned rp) {
    int k = 0;
    auto put = [&](unsigned v, int width) {
      for (int i = width - 1; i >= 0; --i) s_[k++] = uint8_t((v >> i) & 1);
    };
    put(field, 2);
    put(sbox, 4);
    put(n, 12);
    put(t, 12);
    put(rf, 10);
    put(rp, 10);
    put((1u << 30) - 1, 30);
    for (int i = 0; i < 160; ++i) step();
  }

  bool next_bit() {
    for (;;) {
      const bool keep = step();
      const bool bit = step();
      if (keep) return bit;
    }
  }

  // n bits, the first one drawn being the most significant (the reference
  // script's int("".join(bits), 2)).
  template <int N>
  ff::Limbs<N> next_bits(int n) {
    ff::Limbs<N> r{};
    for (int i = 0; i < n; ++i) {
      for (int w = N - 1; w > 0; --w) r.v[w] = (r.v[w] << 1) | (r.v[w - 1] >> 63);
      r.v[0] = (r.v[0] << 1) | uint64_t(next_bit());
    }
    return r;
  }

 private:
  // b_{i+80} = b_{i+62} ^ b_{i+51} ^ b_{i+38} ^ b_{i+23} ^ b_{i+13} ^ b_i, kept
  // as a ring whose head is b_i.
  bool step() {
    auto at = [&](int off) { return s_[(head_ + off) % 80]; };
    const uint8_t b = at(62) ^ at(51) ^ at(38) ^ at(23) ^ at(13) ^ at(0);
    s_[head_] = b;
    head_ = (head_ + 1) % 80;
    return b;
  }

  std::array<uint8_t, 80> s_{};
  int head_ = 0;
};

}  // namespace cuzk::circuits::poseidon
