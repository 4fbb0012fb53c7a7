// neptune's "OptimizedStatic" Poseidon constants, the form Filecoin's
// circuits (neptune circuit.rs poseidon_hash) and supraseal's precomputed
// files consume: round constants compressed to one S-box-output addition per
// partial round, a pre-sparse matrix after the last initial full round, and
// one sparse matrix (dense first row and column, identity elsewhere) per
// partial round. Built from the plain constants exactly as neptune's
// preprocessing.rs / mds.rs do, so every value matches neptune's bit for bit
// (field arithmetic is exact; only the recipe must agree).
//
// Orientation follows neptune: mds and pre_sparse are stored row-major as
// neptune's Matrix; pre_sparse is applied as a vector-matrix product
// (new_j = sum_i pre_sparse[i][j] * s_i), mds as a matrix-vector product
// (symmetric, so either way). A sparse matrix applies as
//   new_0 = sum_i w_hat[i] * s_i,   new_j = s_j + v_rest[j-1] * s_0.
#pragma once
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "circuits/poseidon/constants.hpp"
#include "circuits/poseidon/sparse.hpp"
#include "core/error.hpp"
#include "ff/fields.hpp"

namespace cuzk::circuits::poseidon {

template <class F>
struct NeptuneOptimized {
  struct Sparse {
    std::vector<F> w_hat;   // t: the first column of neptune's M''
    std::vector<F> v_rest;  // t - 1: M''[0][1..]
  };
  int width = 0, full_rounds = 0, partial_rounds = 0;
  std::vector<F> compressed_round_constants;  // width * full_rounds + partial_rounds
  std::vector<F> mds;                         // width x width, row-major
  std::vector<F> pre_sparse;                  // width x width, row-major (neptune's Matrix)
  std::vector<Sparse> sparse;                 // one per partial round, in application order

  int half_full_rounds() const { return full_rounds / 2; }
};

namespace neptune_detail {

template <class F>
using Matrix = std::vector<F>;  // n x n, row-major

template <class F>
std::vector<F> left_apply(const Matrix<F>& m, std::span<const F> v) {
  const size_t n = v.size();
  std::vector<F> out(n, F::zero());
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) out[i] += m[i * n + j] * v[j];
  return out;
}

template <class F>
Matrix<F> mat_mul(const Matrix<F>& a, const Matrix<F>& b, size_t n) {
  Matrix<F> out(n * n, F::zero());
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k < n; ++k) {
      const F& aik = a[i * n + k];
      for (size_t j = 0; j < n; ++j) out[i * n + j] += aik * b[k * n + j];
    }
  return out;
}

template <class F>
Matrix<F> transpose(const Matrix<F>& m, size_t n) {
  Matrix<F> out(n * n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) out[j * n + i] = m[i * n + j];
  return out;
}

// neptune compress_round_constants with every partial round preprocessed:
// each post-S-box key is the next round's key pulled back through M^-1, and
// the partial rounds' keys are folded backwards into one vector (added after
// the last initial full round) plus one scalar per partial round.
template <class F>
std::vector<F> compress_round_constants(size_t t, int rf, int rp, std::span<const F> rc, const Matrix<F>& m_inv) {
  const size_t h = size_t(rf / 2);
  auto keys = [&](size_t r) { return rc.subspan(r * t, t); };
  std::vector<F> out;
  out.reserve(t * size_t(rf) + size_t(rp));
  out.insert(out.end(), keys(0).begin(), keys(0).end());
  for (size_t i = 0; i + 1 < h; ++i) {
    const auto v = left_apply<F>(m_inv, keys(i + 1));
    out.insert(out.end(), v.begin(), v.end());
  }
  const size_t final_round = h + size_t(rp);
  std::vector<F> acc(keys(final_round).begin(), keys(final_round).end());
  std::vector<F> partial_keys;  // last partial round first
  for (size_t i = 0; i < size_t(rp); ++i) {
    auto inv = left_apply<F>(m_inv, acc);
    partial_keys.push_back(inv[0]);
    inv[0] = F::zero();
    const auto prev = keys(final_round - i - 1);
    for (size_t k = 0; k < t; ++k) acc[k] = prev[k] + inv[k];
  }
  const auto folded = left_apply<F>(m_inv, acc);
  out.insert(out.end(), folded.begin(), folded.end());
  out.insert(out.end(), partial_keys.rbegin(), partial_keys.rend());
  for (size_t i = 1; i < h; ++i) {
    const auto v = left_apply<F>(m_inv, keys(i + final_round));
    out.insert(out.end(), v.begin(), v.end());
  }
  return out;
}

// neptune factor_to_sparse_matrixes(M^T, rp): repeatedly split the current
// matrix C = M' * M'' (M' = diag(1, C_hat), M'' sparse with first column
// (C00, C_hat^-1 * C[1..][0]) and first row C[0]), keep M'', carry
// M^T * M' to the round before; the last carry is the pre-sparse matrix.
template <class F>
void factor_to_sparse(size_t t, int rp, const Matrix<F>& mds, Matrix<F>& pre_sparse,
                      std::vector<typename NeptuneOptimized<F>::Sparse>& sparse) {
  const size_t n = t - 1;
  const Matrix<F> base = transpose<F>(mds, t);
  Matrix<F> curr = base;
  sparse.clear();
  for (int r = 0; r < rp; ++r) {
    Matrix<F> hat(n * n);
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) hat[i * n + j] = curr[(i + 1) * t + (j + 1)];
    const Matrix<F> hat_inv = detail::invert(hat, n);
    std::vector<F> w(n);
    for (size_t i = 0; i < n; ++i) w[i] = curr[(i + 1) * t];
    const auto w_hat = left_apply<F>(hat_inv, w);
    typename NeptuneOptimized<F>::Sparse s;
    s.w_hat.reserve(t);
    s.w_hat.push_back(curr[0]);
    s.w_hat.insert(s.w_hat.end(), w_hat.begin(), w_hat.end());
    s.v_rest.assign(curr.begin() + 1, curr.begin() + long(t));
    sparse.push_back(std::move(s));

    Matrix<F> m_prime(t * t, F::zero());
    m_prime[0] = F::one();
    for (size_t i = 1; i < t; ++i)
      for (size_t j = 1; j < t; ++j) m_prime[i * t + j] = curr[i * t + j];
    curr = mat_mul<F>(base, m_prime, t);
  }
  std::reverse(sparse.begin(), sparse.end());
  pre_sparse = std::move(curr);
}

}  // namespace neptune_detail

template <class F>
NeptuneOptimized<F> make_neptune_optimized(const PoseidonConstants<F>& c) {
  const size_t t = size_t(c.width);
  NeptuneOptimized<F> o;
  o.width = c.width;
  o.full_rounds = c.full_rounds;
  o.partial_rounds = c.partial_rounds;
  if (c.full_rounds < 2 || c.full_rounds % 2 != 0 || c.partial_rounds < 1)
    throw Error("Poseidon (neptune form): needs an even R_F >= 2 and R_P >= 1, got R_F " +
                std::to_string(c.full_rounds) + ", R_P " + std::to_string(c.partial_rounds));
  o.mds = c.mds;
  const auto m_inv = detail::invert(c.mds, t);
  o.compressed_round_constants = neptune_detail::compress_round_constants<F>(
      t, c.full_rounds, c.partial_rounds, std::span<const F>(c.round_constants), m_inv);
  neptune_detail::factor_to_sparse<F>(t, c.partial_rounds, c.mds, o.pre_sparse, o.sparse);
  return o;
}

// neptune's hash_optimized_static permutation on a full state (width
// elements). on_sbox_input(x) sees every S-box input after the first round,
// in order: the values neptune's circuit stores in variables.
template <class F, class OnSboxInput>
void permute_neptune(std::span<F> state, const NeptuneOptimized<F>& o, OnSboxInput&& on_sbox_input) {
  const int t = o.width, h = o.half_full_rounds();
  if (int(state.size()) != t)
    throw Error("Poseidon: state has " + std::to_string(state.size()) + " elements, width is " + std::to_string(t));
  if (t > 64) throw Error("Poseidon: width " + std::to_string(t) + " is above 64");
  F* s = state.data();
  const F* rc = o.compressed_round_constants.data();
  F tmp[64];
  auto pow5 = [](const F& x) { return x.sqr().sqr() * x; };
  // new_j = sum_i m[i][j] s_i (neptune's vector-matrix product; the MDS
  // matrix is symmetric, the pre-sparse one is not).
  auto mix = [&](const std::vector<F>& m) {
    for (int j = 0; j < t; ++j) {
      F acc = m[size_t(j)] * s[0];
      for (int i = 1; i < t; ++i) acc += m[size_t(i * t + j)] * s[i];
      tmp[j] = acc;
    }
    for (int i = 0; i < t; ++i) s[i] = tmp[i];
  };
  for (int i = 0; i < t; ++i) s[i] += *rc++;
  for (int r = 0; r < h; ++r) {
    for (int i = 0; i < t; ++i) {
      if (r > 0) on_sbox_input(s[i]);
      s[i] = pow5(s[i]) + *rc++;
    }
    mix(r + 1 == h ? o.pre_sparse : o.mds);
  }
  for (const auto& sp : o.sparse) {
    on_sbox_input(s[0]);
    s[0] = pow5(s[0]) + *rc++;
    const F s0 = s[0];
    F first = sp.w_hat[0] * s0;
    for (int i = 1; i < t; ++i) {
      first += sp.w_hat[size_t(i)] * s[i];
      s[i] += sp.v_rest[size_t(i - 1)] * s0;
    }
    s[0] = first;
  }
  for (int r = 1; r < h; ++r) {
    for (int i = 0; i < t; ++i) {
      on_sbox_input(s[i]);
      s[i] = pow5(s[i]) + *rc++;
    }
    mix(o.mds);
  }
  for (int i = 0; i < t; ++i) {
    on_sbox_input(s[i]);
    s[i] = pow5(s[i]);
  }
  mix(o.mds);
}

template <class F>
void permute_neptune(std::span<F> state, const NeptuneOptimized<F>& o) {
  permute_neptune(state, o, [](const F&) {});
}

// The neptune form of filecoin_poseidon(arity)'s constants (independent of the
// domain tag), built on first use and kept for the life of the process.
template <class F = ff::Bls12_381_Fr>
const NeptuneOptimized<F>& filecoin_neptune_optimized(int arity) {
  static std::mutex mu;
  static std::map<int, std::unique_ptr<const NeptuneOptimized<F>>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[arity];
  if (!slot) slot = std::make_unique<const NeptuneOptimized<F>>(make_neptune_optimized<F>(filecoin_poseidon<F>(arity)));
  return *slot;
}

}  // namespace cuzk::circuits::poseidon
