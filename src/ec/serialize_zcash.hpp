// ZCash / IETF point encoding for BLS12-381 (bellperson .params, proofs):
// big-endian x (and y), G2 coordinates as c1 || c0; the top three bits of the
// first byte are flags: 0x80 compressed, 0x40 infinity, 0x20 sign (y is the
// lexicographically largest root; compressed form only). Host only.
// Contract: decoders accept exactly the encodings the encoders produce, and
// throw cuzk::DecodeError saying why for anything else.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "core/error.hpp"
#include "ec/subgroup.hpp"
#include "ff/field_io.hpp"

namespace cuzk::ec::zcash {

inline constexpr size_t kFpBytes = 48;
template <class C>
inline constexpr size_t kCompressedBytes = kFpBytes * C::kDegree;
template <class C>
inline constexpr size_t kUncompressedBytes = 2 * kFpBytes * C::kDegree;

inline constexpr uint8_t kCompressedFlag = 0x80;
inline constexpr uint8_t kInfinityFlag = 0x40;
inline constexpr uint8_t kSignFlag = 0x20;
inline constexpr uint8_t kFlagMask = 0xe0;

namespace detail {

template <class C>
constexpr void require_bls12_381() {
  // Three flag bits need three spare bits above the 381-bit coordinates.
  static_assert(PrimeField<C>::kBits == 381, "the ZCash encoding is defined for BLS12-381 only");
}

template <class C>
void write_coord(const typename C::Base& v, uint8_t* out) {
  if constexpr (C::kDegree == 1) {
    ff::to_bytes_be(v, out);
  } else {
    ff::to_bytes_be(v.c1, out);
    ff::to_bytes_be(v.c0, out + kFpBytes);
  }
}

// Names the point being decoded in every message.
template <class C>
[[noreturn]] void fail(const char* form, const char* what, const std::string& why) {
  std::string msg = std::string(C::kName) + " " + form + " point";
  if (what && *what) msg += std::string(" (") + what + ")";
  throw DecodeError(msg + ": " + why);
}

// coord + part name the coordinate ("x" + ".c1"); strings are built only on failure.
template <class C>
PrimeField<C> read_fp(const uint8_t* in, const char* form, const char* what, const char* coord, const char* part) {
  using Fp = PrimeField<C>;
  ff::Limbs<Fp::N> c{};
  for (int i = 0; i < Fp::kBytes; ++i) c.v[i / 8] |= uint64_t(in[Fp::kBytes - 1 - i]) << (8 * (i % 8));
  if (ff::limbs_geq(c, Fp::Params::modulus())) fail<C>(form, what, std::string(coord) + part + " is not canonical (>= p)");
  return Fp::from_canonical(c);
}

// in has its flag bits already cleared.
template <class C>
typename C::Base read_coord(const uint8_t* in, const char* form, const char* what, const char* name) {
  if constexpr (C::kDegree == 1) {
    return read_fp<C>(in, form, what, name, "");
  } else {
    auto c1 = read_fp<C>(in, form, what, name, ".c1");
    auto c0 = read_fp<C>(in + kFpBytes, form, what, name, ".c0");
    return typename C::Base{c0, c1};
  }
}

inline bool all_zero(const uint8_t* p, size_t n) {
  uint8_t acc = 0;
  for (size_t i = 0; i < n; ++i) acc |= p[i];
  return acc == 0;
}

template <class C>
void check_subgroup(const Affine<C>& p, SubgroupCheck check, const char* form, const char* what) {
  if (check == SubgroupCheck::kCheck && !is_in_subgroup(p)) fail<C>(form, what, "not in the prime-order subgroup");
}

}  // namespace detail

template <class C>
void encode_compressed(const Affine<C>& p, uint8_t* out) {
  detail::require_bls12_381<C>();
  if (p.inf) {
    std::memset(out, 0, kCompressedBytes<C>);
    out[0] = kCompressedFlag | kInfinityFlag;
    return;
  }
  detail::write_coord<C>(p.x, out);
  out[0] |= kCompressedFlag | (p.y.is_lexicographically_largest() ? kSignFlag : 0);
}

template <class C>
void encode_uncompressed(const Affine<C>& p, uint8_t* out) {
  detail::require_bls12_381<C>();
  if (p.inf) {
    std::memset(out, 0, kUncompressedBytes<C>);
    out[0] = kInfinityFlag;
    return;
  }
  detail::write_coord<C>(p.x, out);
  detail::write_coord<C>(p.y, out + kCompressedBytes<C>);
}

template <class C>
std::array<uint8_t, kCompressedBytes<C>> encode_compressed(const Affine<C>& p) {
  std::array<uint8_t, kCompressedBytes<C>> out;
  encode_compressed(p, out.data());
  return out;
}

template <class C>
std::array<uint8_t, kUncompressedBytes<C>> encode_uncompressed(const Affine<C>& p) {
  std::array<uint8_t, kUncompressedBytes<C>> out;
  encode_uncompressed(p, out.data());
  return out;
}

// what names the field at fault in error messages (e.g. "proof.a"); may be null.
template <class C>
Affine<C> decode_compressed(std::span<const uint8_t> in, SubgroupCheck check = SubgroupCheck::kCheck,
                            const char* what = nullptr) {
  detail::require_bls12_381<C>();
  using F = typename C::Base;
  constexpr const char* form = "compressed";
  constexpr size_t n = kCompressedBytes<C>;
  if (in.size() != n)
    detail::fail<C>(form, what, "expected " + std::to_string(n) + " bytes, got " + std::to_string(in.size()));
  const uint8_t flags = in[0] & kFlagMask;
  if (!(flags & kCompressedFlag)) detail::fail<C>(form, what, "compression flag is not set");
  if (flags & kInfinityFlag) {
    if (flags & kSignFlag) detail::fail<C>(form, what, "infinity with the sign flag set");
    if ((in[0] & ~kFlagMask) || !detail::all_zero(in.data() + 1, n - 1))
      detail::fail<C>(form, what, "infinity with non-zero coordinate bits");
    return Affine<C>::infinity();
  }
  std::array<uint8_t, n> buf;
  std::memcpy(buf.data(), in.data(), n);
  buf[0] &= ~kFlagMask;
  F x = detail::read_coord<C>(buf.data(), form, what, "x");
  F y;
  if (!(x.sqr() * x + C::b()).sqrt(y)) detail::fail<C>(form, what, "not on the curve (x^3 + b is not a square)");
  if (y.is_lexicographically_largest() != bool(flags & kSignFlag)) y = -y;
  Affine<C> p{x, y, false};
  detail::check_subgroup(p, check, form, what);
  return p;
}

template <class C>
Affine<C> decode_uncompressed(std::span<const uint8_t> in, SubgroupCheck check = SubgroupCheck::kCheck,
                              const char* what = nullptr) {
  detail::require_bls12_381<C>();
  using F = typename C::Base;
  constexpr const char* form = "uncompressed";
  constexpr size_t n = kUncompressedBytes<C>;
  if (in.size() != n)
    detail::fail<C>(form, what, "expected " + std::to_string(n) + " bytes, got " + std::to_string(in.size()));
  const uint8_t flags = in[0] & kFlagMask;
  if (flags & kCompressedFlag) detail::fail<C>(form, what, "compression flag is set");
  if (flags & kSignFlag) detail::fail<C>(form, what, "sign flag is set (allowed only in the compressed form)");
  if (flags & kInfinityFlag) {
    if ((in[0] & ~kFlagMask) || !detail::all_zero(in.data() + 1, n - 1))
      detail::fail<C>(form, what, "infinity with non-zero coordinate bits");
    return Affine<C>::infinity();
  }
  F x = detail::read_coord<C>(in.data(), form, what, "x");
  F y = detail::read_coord<C>(in.data() + n / 2, form, what, "y");
  Affine<C> p{x, y, false};
  if (!p.is_on_curve()) detail::fail<C>(form, what, "not on the curve");
  detail::check_subgroup(p, check, form, what);
  return p;
}

// Either form, chosen by the length (the compression flag must then agree).
template <class C>
Affine<C> decode(std::span<const uint8_t> in, SubgroupCheck check = SubgroupCheck::kCheck, const char* what = nullptr) {
  if (in.size() == kCompressedBytes<C>) return decode_compressed<C>(in, check, what);
  if (in.size() == kUncompressedBytes<C>) return decode_uncompressed<C>(in, check, what);
  detail::fail<C>("encoded", what,
                  "expected " + std::to_string(kCompressedBytes<C>) + " or " + std::to_string(kUncompressedBytes<C>) +
                      " bytes, got " + std::to_string(in.size()));
}

}  // namespace cuzk::ec::zcash
