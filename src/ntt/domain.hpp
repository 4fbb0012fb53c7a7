// Evaluation domain of size n = 2^log_n over a scalar field: the primitive
// root, its inverse, 1/n and the twiddle tables the CPU NTT reads.
#pragma once
#include <vector>

#include "core/error.hpp"
#include "ff/roots.hpp"

namespace cuzk::ntt {

template <class F>
struct Domain {
  int log_n = 0;
  size_t n = 1;
  F omega, omega_inv, n_inv;
  std::vector<F> twiddles;      // omega^i for i < n/2
  std::vector<F> inv_twiddles;  // omega^-i for i < n/2

  Domain(int log_n_, ff::RootConvention conv) : log_n(log_n_), n(size_t(1) << log_n_) {
    if (log_n < 0 || log_n > F::Params::kTwoAdicity)
      throw Error("NTT domain 2^" + std::to_string(log_n) + " exceeds the field's two-adicity");
    omega = ff::root_of_unity<F>(log_n, conv);
    omega_inv = omega.inverse();
    n_inv = F::from_u64(n).inverse();
    twiddles = powers(omega, n / 2);
    inv_twiddles = powers(omega_inv, n / 2);
  }

  // Smallest domain holding at least m points.
  static int log_size_for(size_t m) {
    int k = 0;
    while ((size_t(1) << k) < m) ++k;
    return k;
  }

  static std::vector<F> powers(F base, size_t count) {
    std::vector<F> out(count);
    F acc = F::one();
    for (size_t i = 0; i < count; ++i) {
      out[i] = acc;
      acc *= base;
    }
    return out;
  }
};

}  // namespace cuzk::ntt
