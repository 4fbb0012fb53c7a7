// Host pairing API for BLS12-381 and BN254: pairing, multi_pairing (many Miller
// loops sharing one accumulator, one final exponentiation) and pairing_check.
// Contract: inputs are affine points with members x, y, inf (AffinePoint or
// ec::Affine); they are trusted to be on the curve and in G1 / G2. A pair with a
// point at infinity contributes 1. Gt::kExact returns exactly f^((p^12-1)/r);
// Gt::kCompat returns the power the other libraries return (see final_exp.hpp).
#pragma once
#include <span>
#include <utility>
#include <vector>

#include "ec/pairing/final_exp.hpp"
#include "ec/pairing/miller_loop.hpp"

namespace cuzk::ec::pairing {

enum class Gt { kExact, kCompat };

template <class E>
CUZK_HD typename E::Fp12 final_exponentiation(const typename E::Fp12& f, Gt gt = Gt::kExact) {
  return gt == Gt::kExact ? final_exponentiation_exact<E>(f) : final_exponentiation_compat<E>(f);
}

// Product of the Miller loops of all pairs (before the final exponentiation).
template <class E, class P1, class P2>
typename E::Fp12 multi_miller_loop(std::span<const std::pair<P1, P2>> pairs) {
  constexpr size_t kStack = 8;
  MillerState<E> small[kStack];
  std::vector<MillerState<E>> big;
  MillerState<E>* st = small;
  if (pairs.size() > kStack) {
    big.resize(pairs.size());
    st = big.data();
  }
  int n = 0;
  for (const auto& [p, q] : pairs) n += miller_prepare<E>(st[n], p, q) ? 1 : 0;
  return miller_loop_states<E>(st, n);
}

template <class E, class P1, class P2>
typename E::Fp12 multi_pairing(std::span<const std::pair<P1, P2>> pairs, Gt gt = Gt::kExact) {
  return final_exponentiation<E>(multi_miller_loop<E>(pairs), gt);
}

template <class E, class P1, class P2>
typename E::Fp12 pairing(const P1& p, const P2& q, Gt gt = Gt::kExact) {
  return final_exponentiation<E>(miller_loop<E>(p, q), gt);
}

// True when the product of e(P_i, Q_i) is 1. Either convention gives the same answer,
// so the cheaper compat exponentiation is used.
template <class E, class P1, class P2>
bool pairing_check(std::span<const std::pair<P1, P2>> pairs) {
  return final_exponentiation_compat<E>(multi_miller_loop<E>(pairs)).is_one();
}

}  // namespace cuzk::ec::pairing
