// Partial rounds in O(t) instead of O(t^2) (the Poseidon paper's appendix B,
// as neptune does it): each partial round's MDS factors as M_p = S_p * A_p with
// A_p = diag(1, Mhat_p) and S_p sparse (dense first row and column, identity
// elsewhere). A_p fixes element 0, so it commutes with the partial S-box and
// folds into the previous round's matrix, ending in the last full round before
// the partial ones (pre_partial_mds). Working in the state t_p = A_p s_p:
//   t_{p+1} = S_p * sbox0(t_p + A_p c_p),
// and every S-box sees the same input as in the plain permutation.
#pragma once
#include <span>
#include <vector>

#include "core/error.hpp"

namespace cuzk::circuits::poseidon {

template <class F>
struct SparseRounds {
  std::vector<F> pre_partial_mds;  // t x t, row-major: A_0 * M
  struct Round {
    std::vector<F> constants;  // A_p c_p (t)
    F m00;
    std::vector<F> row;  // S_p[0][1..]
    std::vector<F> col;  // S_p[1..][0]
  };
  std::vector<Round> rounds;
};

namespace detail {

// Inverse of an n x n row-major matrix by Gauss-Jordan; throws if singular.
template <class F>
std::vector<F> invert(std::vector<F> a, size_t n) {
  std::vector<F> inv(n * n, F::zero());
  for (size_t i = 0; i < n; ++i) inv[i * n + i] = F::one();
  for (size_t c = 0; c < n; ++c) {
    size_t piv = c;
    while (piv < n && a[piv * n + c].is_zero()) ++piv;
    if (piv == n) throw Error("Poseidon: MDS block is singular");
    if (piv != c)
      for (size_t j = 0; j < n; ++j) {
        std::swap(a[c * n + j], a[piv * n + j]);
        std::swap(inv[c * n + j], inv[piv * n + j]);
      }
    const F s = a[c * n + c].inverse();
    for (size_t j = 0; j < n; ++j) {
      a[c * n + j] *= s;
      inv[c * n + j] *= s;
    }
    for (size_t r = 0; r < n; ++r) {
      if (r == c || a[r * n + c].is_zero()) continue;
      const F f = a[r * n + c];
      for (size_t j = 0; j < n; ++j) {
        a[r * n + j] -= f * a[c * n + j];
        inv[r * n + j] -= f * inv[c * n + j];
      }
    }
  }
  return inv;
}

}  // namespace detail

// rc as in PoseidonConstants (round-major, width t); partial rounds are
// rf/2 .. rf/2 + rp - 1.
template <class F>
SparseRounds<F> build_sparse_rounds(size_t t, int rf, int rp, std::span<const F> rc, std::span<const F> mds) {
  SparseRounds<F> out;
  out.rounds.resize(size_t(rp));
  const size_t n = t - 1;
  std::vector<F> ahat(n * n, F::zero());  // A_{p+1}'s lower-right block; A_P = I
  for (size_t i = 0; i < n; ++i) ahat[i * n + i] = F::one();
  // X = A_{p+1} * M: row 0 is M's, rows 1.. are ahat * M[1..].
  auto times_m = [&](const std::vector<F>& blk) {
    std::vector<F> x(t * t, F::zero());
    for (size_t j = 0; j < t; ++j) x[j] = mds[j];
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < t; ++j) {
        F acc = F::zero();
        for (size_t k = 0; k < n; ++k) acc += blk[i * n + k] * mds[(k + 1) * t + j];
        x[(i + 1) * t + j] = acc;
      }
    return x;
  };
  for (int p = rp - 1; p >= 0; --p) {
    const std::vector<F> x = times_m(ahat);
    std::vector<F> xhat(n * n);
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) xhat[i * n + j] = x[(i + 1) * t + (j + 1)];
    const std::vector<F> xinv = detail::invert(xhat, n);
    auto& r = out.rounds[size_t(p)];
    r.m00 = x[0];
    r.row.assign(n, F::zero());
    for (size_t j = 0; j < n; ++j)
      for (size_t k = 0; k < n; ++k) r.row[j] += x[1 + k] * xinv[k * n + j];
    r.col.resize(n);
    for (size_t i = 0; i < n; ++i) r.col[i] = x[(i + 1) * t];
    // A_p = diag(1, xhat) applied to this round's constants.
    const F* c = &rc[size_t(rf / 2 + p) * t];
    r.constants.assign(t, F::zero());
    r.constants[0] = c[0];
    for (size_t i = 0; i < n; ++i)
      for (size_t k = 0; k < n; ++k) r.constants[i + 1] += xhat[i * n + k] * c[k + 1];
    ahat = xhat;
  }
  out.pre_partial_mds = times_m(ahat);
  return out;
}

}  // namespace cuzk::circuits::poseidon
