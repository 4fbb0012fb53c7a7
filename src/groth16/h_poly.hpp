// The H polynomial of a Groth16 proof on the CPU, in the bellperson
// convention: h = (A*B - C) / Z computed on the coset g*<omega> (g the
// multiplicative generator), returned as the n - 1 coefficients the H query
// multiplies. The a/b/c spans have the circuit's length m <= n and are read;
// without c, c = a * b element-wise (true of every satisfied assignment).
#pragma once
#include <span>
#include <vector>

#include "ntt/ntt.hpp"

namespace cuzk::groth16 {

template <class F>
std::vector<F> compute_h_bellperson(std::span<const F> a_in, std::span<const F> b_in, std::span<const F> c_in) {
  const int log_n = ntt::Domain<F>::log_size_for(a_in.size());
  ntt::Domain<F> d(log_n, ff::RootConvention::kBellperson);
  const F g = ff::multiplicative_generator<F>(ff::RootConvention::kBellperson);
  auto lift = [&](std::span<const F> in) {
    std::vector<F> v(d.n, F::zero());
    std::copy(in.begin(), in.end(), v.begin());
    ntt::inverse<F>(v, d);
    ntt::coset_forward<F>(v, d, g);
    return v;
  };
  std::vector<F> a = lift(a_in), b = lift(b_in), c = lift(c_in);
  // Z(x) = x^n - 1 is the constant g^n - 1 on the coset
  const F z_inv = (g.pow(uint64_t(d.n)) - F::one()).inverse();
  parallel_for(d.n, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  });
  ntt::coset_inverse<F>(a, d, g);
  a.resize(d.n - 1);  // deg h <= n - 2
  return a;
}

template <class F>
std::vector<F> compute_h_bellperson(std::span<const F> a, std::span<const F> b) {
  std::vector<F> c(a.size());
  parallel_for(a.size(), 1 << 14, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) c[i] = a[i] * b[i];
  });
  return compute_h_bellperson<F>(a, b, std::span<const F>(c));
}

}  // namespace cuzk::groth16
