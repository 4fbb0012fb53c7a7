// The two curves snarkjs files may name, recognized from their primes (n8
// bytes + little-endian value; both must match exactly) or from the "curve"
// JSON string, and a dispatcher from the runtime curve to the template type.
#pragma once
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/error.hpp"
#include "groth16/curve.hpp"

namespace cuzk::formats::snarkjs {

enum class Curve { kBn128, kBls12381 };

inline const char* curve_name(Curve c) { return c == Curve::kBn128 ? "bn128" : "bls12381"; }

template <class E>
constexpr Curve curve_of() {
  return std::is_same_v<E, groth16::Bn254> ? Curve::kBn128 : Curve::kBls12381;
}

// True when (n8, le) encodes exactly F's modulus in F's byte width.
template <class F>
bool is_prime_of(uint32_t n8, std::span<const uint8_t> le) {
  if (n8 != uint32_t(F::kBytes) || le.size() != n8) return false;
  const auto p = F::Params::modulus();
  for (int i = 0; i < F::kBytes; ++i)
    if (le[i] != uint8_t(p.v[i / 8] >> (8 * (i % 8)))) return false;
  return true;
}

// The curve whose scalar field r (which = 'r') or base field q (which = 'q') is given.
inline std::optional<Curve> curve_from_prime(char which, uint32_t n8, std::span<const uint8_t> le) {
  using namespace groth16;
  if (which == 'r') {
    if (is_prime_of<Bn254::Fr>(n8, le)) return Curve::kBn128;
    if (is_prime_of<Bls12_381::Fr>(n8, le)) return Curve::kBls12381;
  } else {
    if (is_prime_of<ec::Bn254_G1::Base>(n8, le)) return Curve::kBn128;
    if (is_prime_of<ec::Bls12_381_G1::Base>(n8, le)) return Curve::kBls12381;
  }
  return std::nullopt;
}

// snarkjs accepts bn128, bn254, altbn128 and bls12381 in any case and punctuation.
inline std::optional<Curve> curve_from_name(const std::string& name) {
  std::string n;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) n += char(std::toupper(static_cast<unsigned char>(c)));
  if (n == "BN128" || n == "BN254" || n == "ALTBN128") return Curve::kBn128;
  if (n == "BLS12381") return Curve::kBls12381;
  return std::nullopt;
}

// Calls fn(E{}) with the Groth16 curve type of c.
template <class Fn>
decltype(auto) with_curve(Curve c, Fn&& fn) {
  if (c == Curve::kBn128) return fn(groth16::Bn254{});
  return fn(groth16::Bls12_381{});
}

}  // namespace cuzk::formats::snarkjs
