// Host-only conversions of field elements: canonical bytes (little/big
// endian), decimal and hex strings, uniform random sampling, batch inversion.
// Decoders throw DecodeError naming what was wrong.
#pragma once
#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "ff/field.hpp"

namespace cuzk::ff {

template <class F>
void to_bytes_le(const F& x, uint8_t* out) {
  auto c = x.to_canonical();
  for (int i = 0; i < F::kBytes; ++i) out[i] = uint8_t(c.v[i / 8] >> (8 * (i % 8)));
}

template <class F>
void to_bytes_be(const F& x, uint8_t* out) {
  uint8_t tmp[F::kBytes];
  to_bytes_le(x, tmp);
  std::reverse_copy(tmp, tmp + F::kBytes, out);
}

// Reads exactly nbytes (<= F::kBytes) little-endian bytes; rejects values >= p.
template <class F>
F from_bytes_le(const uint8_t* in, size_t nbytes, const char* what = "field element") {
  if (nbytes > size_t(F::kBytes)) throw DecodeError(std::string(what) + ": too many bytes");
  Limbs<F::N> c{};
  for (size_t i = 0; i < nbytes; ++i) c.v[i / 8] |= uint64_t(in[i]) << (8 * (i % 8));
  if (limbs_geq(c, F::Params::modulus()))
    throw DecodeError(std::string(what) + ": value is not canonical (>= modulus of " + F::Params::kName + ")");
  return F::from_canonical(c);
}

template <class F>
F from_bytes_be(const uint8_t* in, size_t nbytes, const char* what = "field element") {
  std::vector<uint8_t> tmp(in, in + nbytes);
  std::reverse(tmp.begin(), tmp.end());
  return from_bytes_le<F>(tmp.data(), nbytes, what);
}

// Reads the Montgomery representation directly (snarkjs stores points this way).
template <class F>
F from_montgomery_bytes_le(const uint8_t* in, const char* what = "field element") {
  Limbs<F::N> c{};
  for (int i = 0; i < F::kBytes; ++i) c.v[i / 8] |= uint64_t(in[i]) << (8 * (i % 8));
  if (limbs_geq(c, F::Params::modulus()))
    throw DecodeError(std::string(what) + ": Montgomery value is not reduced (>= modulus of " + F::Params::kName + ")");
  return F::from_montgomery(c);
}

template <class F>
void to_montgomery_bytes_le(const F& x, uint8_t* out) {
  for (int i = 0; i < F::kBytes; ++i) out[i] = uint8_t(x.m.v[i / 8] >> (8 * (i % 8)));
}

// Decimal string of the canonical value.
template <class F>
std::string to_decimal(const F& x) {
  auto c = x.to_canonical();
  std::string s;
  while (!limbs_is_zero(c)) {
    unsigned __int128 rem = 0;
    for (int i = F::N - 1; i >= 0; --i) {
      unsigned __int128 cur = (rem << 64) | c.v[i];
      c.v[i] = uint64_t(cur / 10);
      rem = cur % 10;
    }
    s.push_back(char('0' + int(rem)));
  }
  if (s.empty()) s = "0";
  std::reverse(s.begin(), s.end());
  return s;
}

// Parses a decimal string; rejects empty strings, non-digits and values >= p.
template <class F>
F from_decimal(std::string_view s, const char* what = "field element") {
  if (s.empty()) throw DecodeError(std::string(what) + ": empty decimal string");
  Limbs<F::N + 1> c{};
  for (char ch : s) {
    if (ch < '0' || ch > '9') throw DecodeError(std::string(what) + ": '" + std::string(s) + "' is not a decimal number");
    uint64_t carry = uint64_t(ch - '0');
    for (int i = 0; i <= F::N; ++i) {
      unsigned __int128 t = (unsigned __int128)c.v[i] * 10 + carry;
      c.v[i] = uint64_t(t);
      carry = uint64_t(t >> 64);
    }
    if (carry || c.v[F::N]) throw DecodeError(std::string(what) + ": decimal value too large");
  }
  Limbs<F::N> r;
  for (int i = 0; i < F::N; ++i) r.v[i] = c.v[i];
  if (limbs_geq(r, F::Params::modulus()))
    throw DecodeError(std::string(what) + ": decimal value is not below the modulus of " + F::Params::kName);
  return F::from_canonical(r);
}

// Lower-case hex of the canonical value, most significant first, no prefix, full width.
template <class F>
std::string to_hex(const F& x) {
  uint8_t b[F::kBytes];
  to_bytes_be(x, b);
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t v : b) {
    s.push_back(d[v >> 4]);
    s.push_back(d[v & 15]);
  }
  return s;
}

// Parses hex (optional 0x prefix, any width up to the field's byte length).
template <class F>
F from_hex(std::string_view s, const char* what = "field element") {
  if (s.starts_with("0x") || s.starts_with("0X")) s.remove_prefix(2);
  if (s.empty() || s.size() > size_t(2 * F::kBytes)) throw DecodeError(std::string(what) + ": bad hex length");
  Limbs<F::N> c{};
  int bit = 0;
  for (size_t k = s.size(); k-- > 0; bit += 4) {
    char ch = s[k];
    int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
    if (v < 0) throw DecodeError(std::string(what) + ": bad hex digit");
    c.v[bit / 64] |= uint64_t(v) << (bit % 64);
  }
  if (limbs_geq(c, F::Params::modulus()))
    throw DecodeError(std::string(what) + ": hex value is not below the modulus of " + F::Params::kName);
  return F::from_canonical(c);
}

// Uniform element by rejection sampling on the top limb mask.
template <class F, class Rng>
F random_element(Rng& rng) {
  const auto p = F::Params::modulus();
  const int top_bits = F::kBits - 64 * (F::N - 1);
  const uint64_t mask = top_bits == 64 ? ~0ull : ((1ull << top_bits) - 1);
  static_assert(sizeof(typename Rng::result_type) == 8, "random_element needs a 64-bit generator");
  for (;;) {
    Limbs<F::N> c;
    for (int i = 0; i < F::N; ++i) c.v[i] = uint64_t(rng());
    c.v[F::N - 1] &= mask;
    if (!limbs_geq(c, p)) return F::from_montgomery(c);  // uniform in Montgomery domain = uniform
  }
}

// Replaces every non-zero element by its inverse with one field inversion
// (Montgomery's trick); zeros stay zero.
template <class F>
void batch_inverse(std::span<F> xs) {
  std::vector<F> prefix(xs.size());
  F acc = F::one();
  for (size_t i = 0; i < xs.size(); ++i) {
    prefix[i] = acc;
    if (!xs[i].is_zero()) acc *= xs[i];
  }
  F inv = acc.inverse();
  for (size_t i = xs.size(); i-- > 0;) {
    if (xs[i].is_zero()) continue;
    F x = xs[i];
    xs[i] = inv * prefix[i];
    inv *= x;
  }
}

}  // namespace cuzk::ff
