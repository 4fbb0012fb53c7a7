// Multi-threaded CPU NTT over a Domain, natural order in and out:
// forward (evaluate at omega^i), inverse (interpolate, includes 1/n), and the
// coset variants that evaluate at shift * omega^i.
#pragma once
#include <span>

#include "core/parallel.hpp"
#include "ntt/domain.hpp"

namespace cuzk::ntt {

namespace detail {

inline size_t bit_reverse(size_t x, int bits) {
  size_t r = 0;
  for (int i = 0; i < bits; ++i) r |= ((x >> i) & 1) << (bits - 1 - i);
  return r;
}

template <class F>
void bit_reverse_permute(std::span<F> a, int log_n) {
  parallel_for(a.size(), 1 << 14, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) {
      size_t j = bit_reverse(i, log_n);
      if (i < j) std::swap(a[i], a[j]);
    }
  });
}

// Cooley-Tukey on bit-reversed input; tw[i] = w^i for i < n/2.
template <class F>
void butterflies(std::span<F> a, int log_n, const std::vector<F>& tw) {
  const size_t n = a.size(), half_n = n / 2;
  for (int s = 1; s <= log_n; ++s) {
    const size_t half = size_t(1) << (s - 1), stride = n >> s;
    parallel_for(half_n, 1 << 12, [&](size_t b, size_t e) {
      for (size_t k = b; k < e; ++k) {
        size_t j = k & (half - 1), base = (k >> (s - 1)) << s;
        F& x = a[base + j];
        F& y = a[base + j + half];
        F t = j ? y * tw[j * stride] : y;
        y = x - t;
        x = x + t;
      }
    });
  }
}

template <class F>
void scale_by_powers(std::span<F> a, F first, F ratio) {
  // a[i] *= first * ratio^i, chunked so each chunk starts from its own power
  parallel_for(a.size(), 1 << 12, [&](size_t b, size_t e) {
    F p = first * ratio.pow(uint64_t(b));
    for (size_t i = b; i < e; ++i) {
      a[i] *= p;
      p *= ratio;
    }
  });
}

}  // namespace detail

template <class F>
void check_size(std::span<F> a, const Domain<F>& d) {
  if (a.size() != d.n)
    throw Error("NTT: vector of " + std::to_string(a.size()) + " elements on a domain of " + std::to_string(d.n));
}

template <class F>
void forward(std::span<F> a, const Domain<F>& d) {
  check_size(a, d);
  detail::bit_reverse_permute(a, d.log_n);
  detail::butterflies(a, d.log_n, d.twiddles);
}

template <class F>
void inverse(std::span<F> a, const Domain<F>& d) {
  check_size(a, d);
  detail::bit_reverse_permute(a, d.log_n);
  detail::butterflies(a, d.log_n, d.inv_twiddles);
  parallel_for(a.size(), 1 << 14, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) a[i] *= d.n_inv;
  });
}

// Evaluate the coefficients a on the coset shift * <omega>.
template <class F>
void coset_forward(std::span<F> a, const Domain<F>& d, F shift) {
  check_size(a, d);
  detail::scale_by_powers(a, F::one(), shift);
  forward(a, d);
}

// Interpolate from evaluations on shift * <omega> back to coefficients.
template <class F>
void coset_inverse(std::span<F> a, const Domain<F>& d, F shift) {
  inverse(a, d);
  detail::scale_by_powers(a, F::one(), shift.inverse());
}

}  // namespace cuzk::ntt
