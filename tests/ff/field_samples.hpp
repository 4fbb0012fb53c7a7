// Sample field elements shared by the device-arithmetic tests: edge values
// whose limbs stress carry chains and the final conditional subtraction.
#pragma once
#include <vector>

#include "ff/field.hpp"

namespace cuzk::test {

template <class F>
std::vector<F> edge_values() {
  using P = typename F::Params;
  constexpr int N = F::N;
  using cuzk::ff::Limbs;
  std::vector<F> v;
  v.push_back(F::zero());
  v.push_back(F::one());
  v.push_back(-F::one());  // canonical p - 1
  v.push_back(F::from_u64(2));
  v.push_back(-F::from_u64(2));
  Limbs<N> raw{};
  raw.v[0] = 1;
  v.push_back(F::from_montgomery(raw));  // Montgomery value 1 (canonical R^-1)
  Limbs<N> pm1 = P::modulus();
  pm1.v[0] -= 1;
  v.push_back(F::from_montgomery(pm1));  // Montgomery value p - 1
  Limbs<N> pm2 = P::modulus();
  pm2.v[0] -= 2;
  v.push_back(F::from_montgomery(pm2));
  Limbs<N> ones;  // all ones under the modulus' top limb
  for (int i = 0; i < N; ++i) ones.v[i] = ~0ull;
  ones.v[N - 1] = P::modulus().v[N - 1] - 1;
  v.push_back(F::from_montgomery(ones));
  Limbs<N> halves;  // every 32-bit limb pair 0 / 0xffffffff
  for (int i = 0; i < N; ++i) halves.v[i] = 0xffffffffull;
  v.push_back(F::from_montgomery(halves));
  Limbs<N> top{};  // only the top 32-bit limb set
  top.v[N - 1] = P::modulus().v[N - 1] & 0xffffffff00000000ull;
  v.push_back(F::from_montgomery(top));
  return v;
}

}  // namespace cuzk::test
