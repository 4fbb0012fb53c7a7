// Fixed-width little-endian multi-precision integers (64-bit limbs) and the
// carry primitives the field code is built from.
#pragma once
#include <cstdint>

#include "ff/hd.hpp"

namespace cuzk::ff {

template <int N>
struct Limbs {
  uint64_t v[N];
  CUZK_HD constexpr uint64_t operator[](int i) const { return v[i]; }
  CUZK_HD constexpr uint64_t& operator[](int i) { return v[i]; }
};

// a + b + carry -> sum, carry out (0 or 1)
CUZK_HD constexpr uint64_t addc(uint64_t a, uint64_t b, uint64_t& carry) {
  uint64_t s = a + carry;
  uint64_t c1 = s < carry;
  uint64_t r = s + b;
  carry = c1 | (r < b);
  return r;
}

// a - b - borrow -> difference, borrow out (0 or 1)
CUZK_HD constexpr uint64_t subb(uint64_t a, uint64_t b, uint64_t& borrow) {
  uint64_t d = a - b;
  uint64_t b1 = a < b;
  uint64_t r = d - borrow;
  borrow = b1 | (d < borrow);
  return r;
}

// a * b + c + d -> low word, high word in hi (never overflows 128 bits)
CUZK_HD uint64_t mac(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t& hi) {
#if CUZK_DEVICE_CODE
  uint64_t lo = a * b;
  uint64_t h = __umul64hi(a, b);
  lo += c;
  h += lo < c;
  lo += d;
  h += lo < d;
  hi = h;
  return lo;
#else
  unsigned __int128 t = (unsigned __int128)a * b + c + d;
  hi = (uint64_t)(t >> 64);
  return (uint64_t)t;
#endif
}

template <int N>
CUZK_HD constexpr bool limbs_is_zero(const Limbs<N>& a) {
  uint64_t acc = 0;
  for (int i = 0; i < N; ++i) acc |= a.v[i];
  return acc == 0;
}

// a >= b as unsigned integers
template <int N>
CUZK_HD constexpr bool limbs_geq(const Limbs<N>& a, const Limbs<N>& b) {
  for (int i = N - 1; i >= 0; --i) {
    if (a.v[i] != b.v[i]) return a.v[i] > b.v[i];
  }
  return true;
}

template <int N>
CUZK_HD constexpr bool limbs_bit(const Limbs<N>& a, int bit) {
  return (a.v[bit / 64] >> (bit % 64)) & 1;
}

template <int N>
CUZK_HD constexpr int limbs_bit_length(const Limbs<N>& a) {
  for (int i = N - 1; i >= 0; --i) {
    for (int b = 63; b >= 0; --b) {
      if ((a.v[i] >> b) & 1) return 64 * i + b + 1;
    }
  }
  return 0;
}

}  // namespace cuzk::ff
