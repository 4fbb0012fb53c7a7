// snarkjs binary point layout (.zkey sections; toRprLEM / fromRprLEM): affine
// x then y, each coordinate little-endian in Montgomery form (R = 2^256 for
// BN254, 2^384 for BLS12-381, which is also cuzk's R, so bytes map to limbs
// directly); G2 coordinates as c0 then c1; infinity is all zeros. Host only.
// Contract: decoders throw cuzk::DecodeError saying why on bad input.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "ec/subgroup.hpp"
#include "ff/field_io.hpp"

namespace cuzk::ec::snarkjs {

template <class C>
inline constexpr size_t kCoordBytes = PrimeField<C>::kBytes * C::kDegree;
template <class C>
inline constexpr size_t kPointBytes = 2 * kCoordBytes<C>;

namespace detail {

template <class C>
[[noreturn]] void fail(const char* what, const std::string& why) {
  std::string msg = std::string(C::kName) + " snarkjs point";
  if (what && *what) msg += std::string(" (") + what + ")";
  throw DecodeError(msg + ": " + why);
}

template <class F>
void write_fp(const F& v, uint8_t* out) {
  for (int i = 0; i < F::kBytes; ++i) out[i] = uint8_t(v.m.v[i / 8] >> (8 * (i % 8)));
}

template <class C>
void write_coord(const typename C::Base& v, uint8_t* out) {
  if constexpr (C::kDegree == 1) {
    write_fp(v, out);
  } else {
    write_fp(v.c0, out);
    write_fp(v.c1, out + PrimeField<C>::kBytes);
  }
}

template <class C>
PrimeField<C> read_fp(const uint8_t* in, const char* what, const char* coord, const char* part) {
  using Fp = PrimeField<C>;
  ff::Limbs<Fp::N> m{};
  for (int i = 0; i < Fp::kBytes; ++i) m.v[i / 8] |= uint64_t(in[i]) << (8 * (i % 8));
  if (ff::limbs_geq(m, Fp::Params::modulus())) fail<C>(what, std::string(coord) + part + " is not reduced (>= p)");
  return Fp::from_montgomery(m);
}

template <class C>
typename C::Base read_coord(const uint8_t* in, const char* what, const char* name) {
  if constexpr (C::kDegree == 1) {
    return read_fp<C>(in, what, name, "");
  } else {
    auto c0 = read_fp<C>(in, what, name, ".c0");
    auto c1 = read_fp<C>(in + PrimeField<C>::kBytes, what, name, ".c1");
    return typename C::Base{c0, c1};
  }
}

}  // namespace detail

// Writes exactly kPointBytes<C> bytes.
template <class C>
void encode(const Affine<C>& p, uint8_t* out) {
  if (p.inf) {
    std::memset(out, 0, kPointBytes<C>);
    return;
  }
  detail::write_coord<C>(p.x, out);
  detail::write_coord<C>(p.y, out + kCoordBytes<C>);
}

template <class C>
std::array<uint8_t, kPointBytes<C>> encode(const Affine<C>& p) {
  std::array<uint8_t, kPointBytes<C>> out;
  encode(p, out.data());
  return out;
}

// Reads exactly kPointBytes<C> bytes from in (for walking a section in place).
// what names the field at fault in error messages (e.g. "zkey A[17]"); may be null.
template <class C>
Affine<C> decode(const uint8_t* in, SubgroupCheck check = SubgroupCheck::kCheck, const char* what = nullptr) {
  uint8_t acc = 0;
  for (size_t i = 0; i < kPointBytes<C>; ++i) acc |= in[i];
  if (acc == 0) return Affine<C>::infinity();
  Affine<C> p{detail::read_coord<C>(in, what, "x"), detail::read_coord<C>(in + kCoordBytes<C>, what, "y"), false};
  if (!p.is_on_curve()) detail::fail<C>(what, "not on the curve");
  if (check == SubgroupCheck::kCheck && !is_in_subgroup(p)) detail::fail<C>(what, "not in the prime-order subgroup");
  return p;
}

template <class C>
Affine<C> decode(std::span<const uint8_t> in, SubgroupCheck check = SubgroupCheck::kCheck, const char* what = nullptr) {
  if (in.size() != kPointBytes<C>)
    detail::fail<C>(what, "expected " + std::to_string(kPointBytes<C>) + " bytes, got " + std::to_string(in.size()));
  return decode<C>(in.data(), check, what);
}

// Why the point at `in` does not decode (decode's message), or "" when it does.
template <class C>
std::string decode_error(const uint8_t* in, SubgroupCheck check) {
  try {
    (void)decode<C>(in, check);
  } catch (const DecodeError& e) {
    return e.what();
  }
  return "";
}

// n consecutive points from `in` decoded on all cores into out[0, n): the
// index of the first that does not decode (decode_error says why), or
// SIZE_MAX when all do.
template <class C>
size_t decode_many(const uint8_t* in, size_t n, Affine<C>* out, SubgroupCheck check) {
  std::atomic<size_t> bad{SIZE_MAX};
  parallel_for(n, 512, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      try {
        out[i] = decode<C>(in + i * kPointBytes<C>, check);
      } catch (const DecodeError&) {
        size_t cur = bad.load();
        while (i < cur && !bad.compare_exchange_weak(cur, i)) {
        }
        return;
      }
    }
  });
  return bad.load();
}

}  // namespace cuzk::ec::snarkjs
