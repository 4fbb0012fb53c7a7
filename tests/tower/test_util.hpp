// Shared helpers of the tower and pairing tests: GMP conversions and random tower elements.
#pragma once
#include <gmpxx.h>

#include <random>
#include <string>

#include "ff/field_io.hpp"
#include "ff/towers.hpp"

namespace cuzk::ff::testing {

template <class F>
mpz_class to_mpz(const F& x) {
  return mpz_class(to_decimal(x));
}

template <class F>
mpz_class modulus() {
  auto p = F::Params::modulus();
  mpz_class r = 0;
  for (int i = F::N - 1; i >= 0; --i) r = (r << 64) + mpz_class(std::to_string(p.v[i]));
  return r;
}

// Little-endian 64-bit limbs of a non-negative integer that fits in M limbs.
template <int M>
Limbs<M> to_limbs(mpz_class x) {
  Limbs<M> r{};
  mpz_class mask = (mpz_class(1) << 64) - 1;
  for (int i = 0; i < M; ++i) {
    mpz_class w = x & mask;
    r.v[i] = std::stoull(w.get_str(16), nullptr, 16);
    x >>= 64;
  }
  if (x != 0) throw std::runtime_error("to_limbs: value does not fit");
  return r;
}

template <class E, class Rng>
E random_fp2(Rng& rng) {
  using B = typename E::Base;
  return E{random_element<B>(rng), random_element<B>(rng)};
}
template <class E6, class Rng>
E6 random_fp6(Rng& rng) {
  using E2 = typename E6::F2;
  return E6{random_fp2<E2>(rng), random_fp2<E2>(rng), random_fp2<E2>(rng)};
}
template <class E12, class Rng>
E12 random_fp12(Rng& rng) {
  using E6 = typename E12::F6;
  return E12{random_fp6<E6>(rng), random_fp6<E6>(rng)};
}

}  // namespace cuzk::ff::testing
