// CPU multi-scalar multiplication sum(k_i * P_i) by Pippenger's bucket method
// with signed c-bit digits (2^(c-1) buckets per window). From 4096 buckets up
// they are affine, filled by batched affine additions (msm/affine_buckets.hpp);
// below, XYZZ buckets take mixed additions from the affine bases. Zero scalars
// are skipped and scalars equal to one are summed directly, which matters for
// Filecoin witnesses (mostly bits).
// Windows are processed in parallel on the shared pool.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "ec/xyzz.hpp"
#include "msm/affine_buckets.hpp"

namespace cuzk::msm {

struct PippengerPlan {
  int window_bits;  // c
  int windows;      // pippenger_windows(scalar bits, c)
};

// ceil((bits + 1) / c): the top window then holds at most c - 1 bits, so its
// digit plus the carry from below is at most 2^(c-1) and needs no carry out.
inline int pippenger_windows(int scalar_bits, int c) { return (scalar_bits + c) / c; }

// Window size minimizing the additions of the busiest thread: windows are
// spread over `threads`, each doing n bucket adds + ~2^c reduction adds.
// (Weighting them by their multiplications, ~6 and ~11, picks smaller windows
// whose buckets collide more often in a batch: measured slower.)
inline PippengerPlan plan_pippenger(size_t n, int scalar_bits, size_t threads = 1) {
  PippengerPlan best{2, pippenger_windows(scalar_bits, 2)};
  double best_cost = 1e300;
  threads = std::max<size_t>(1, threads);
  for (int c = 2; c <= 16; ++c) {
    int w = pippenger_windows(scalar_bits, c);
    const double rounds = double((size_t(w) + threads - 1) / threads);
    double cost = rounds * (double(n) + double(size_t(1) << c));
    if (cost < best_cost) {
      best_cost = cost;
      best = {c, w};
    }
  }
  return best;
}

namespace detail {

// Signed digits of a canonical scalar: k = sum d_j 2^(c j), d_j in
// [-2^(c-1), 2^(c-1)), the top one in [0, 2^(c-1)] (windows from pippenger_windows).
template <int N>
void signed_digits(const ff::Limbs<N>& k, int c, int windows, int16_t* out) {
  int carry = 0;
  const int half = 1 << (c - 1);
  for (int j = 0; j < windows; ++j) {
    const int bit = j * c;
    uint64_t raw = 0;
    if (bit < 64 * N) {
      const int limb = bit / 64, off = bit % 64;
      raw = k.v[limb] >> off;
      if (off + c > 64 && limb + 1 < N) raw |= k.v[limb + 1] << (64 - off);
    }
    int d = int(raw & ((uint64_t(1) << c) - 1)) + carry;
    carry = d >= half && j + 1 < windows ? 1 : 0;
    out[j] = int16_t(d - (carry << c));
  }
}

// sum_{b=1..B} b * bucket[b-1] by the running-sum trick (2 adds per bucket);
// XYZZ or affine buckets.
template <template <class> class Bucket, class C>
ec::Xyzz<C> reduce_buckets(const std::vector<Bucket<C>>& buckets) {
  ec::Xyzz<C> running = ec::Xyzz<C>::infinity(), total = ec::Xyzz<C>::infinity();
  for (size_t b = buckets.size(); b-- > 0;) {
    running += buckets[b];
    total += running;
  }
  return total;
}

// Batched affine buckets pay one inversion per batch (at most a quarter of
// the buckets): with smaller batches the inversions and the waiting points
// outweigh the multiplications saved: on G1, batches of 256 measured slower
// than XYZZ buckets, batches of 1024 faster (docs/PERFORMANCE.md).
constexpr size_t kMinAffineBatch = 1024;

constexpr size_t kPrefetchAhead = 6;  // bucket lines are random: fetch them a few points early

template <class Bucket>
inline void prefetch_bucket(const Bucket* buckets, int digit) {
  if (!digit) return;
  const char* p = reinterpret_cast<const char*>(buckets + (digit > 0 ? digit : -digit) - 1);
  for (size_t off = 0; off < sizeof(Bucket); off += 64) __builtin_prefetch(p + off);
}

// One window's sum over points idx[0..m) with digits d[0..m), nb buckets.
// Not inlined: inlined into the window loop beside the other, the affine
// loop ran slower with g++ 12 (docs/PERFORMANCE.md).
template <class C>
[[gnu::noinline]] ec::Xyzz<C> window_sum_affine(std::span<const ec::Affine<C>> bases, const uint32_t* idx,
                                                const int16_t* d, size_t m, size_t nb) {
  AffineBuckets<C> buckets(nb);
  for (size_t i = 0; i < m; ++i) {
    if (i + kPrefetchAhead < m) prefetch_bucket(buckets.bucket_address(0), d[i + kPrefetchAhead]);
    if (d[i] > 0)
      buckets.add(uint32_t(d[i] - 1), bases[idx[i]]);
    else if (d[i] < 0)
      buckets.add(uint32_t(-d[i] - 1), -bases[idx[i]]);
  }
  return reduce_buckets(buckets.finish());
}

template <class C>
[[gnu::noinline]] ec::Xyzz<C> window_sum_xyzz(std::span<const ec::Affine<C>> bases, const uint32_t* idx,
                                              const int16_t* d, size_t m, size_t nb) {
  std::vector<ec::Xyzz<C>> buckets(nb, ec::Xyzz<C>::infinity());
  for (size_t i = 0; i < m; ++i) {
    if (i + kPrefetchAhead < m) prefetch_bucket(buckets.data(), d[i + kPrefetchAhead]);
    if (d[i] > 0)
      buckets[d[i] - 1] += bases[idx[i]];
    else if (d[i] < 0)
      buckets[-d[i] - 1] -= bases[idx[i]];
  }
  return reduce_buckets(buckets);
}

}  // namespace detail

// sum scalars[i] * bases[i]; sizes must match.
template <class C>
ec::Jacobian<C> pippenger(std::span<const ec::Affine<C>> bases, std::span<const typename C::Scalar> scalars) {
  using S = typename C::Scalar;
  using X = ec::Xyzz<C>;
  if (bases.size() != scalars.size())
    throw Error("msm: " + std::to_string(bases.size()) + " bases but " + std::to_string(scalars.size()) + " scalars");
  const size_t n = bases.size();

  // Split off zeros and ones; the rest get canonical limbs.
  std::vector<uint32_t> idx;
  std::vector<ff::Limbs<S::N>> limbs;
  const size_t threads = global_pool().size();
  std::vector<X> ones(threads * 4, X::infinity());
  {
    std::vector<std::vector<uint32_t>> part_idx(threads * 4);
    std::vector<std::vector<ff::Limbs<S::N>>> part_limbs(threads * 4);
    const size_t parts = part_idx.size();
    parallel_for(parts, 1, [&](size_t b, size_t e) {
      for (size_t p = b; p < e; ++p) {
        for (size_t i = n * p / parts; i < n * (p + 1) / parts; ++i) {
          const S& s = scalars[i];
          if (s.is_zero() || bases[i].inf) continue;
          if (s.is_one()) {
            ones[p] += bases[i];
            continue;
          }
          part_idx[p].push_back(uint32_t(i));
          part_limbs[p].push_back(s.to_canonical());
        }
      }
    });
    size_t total = 0;
    for (auto& v : part_idx) total += v.size();
    idx.reserve(total);
    limbs.reserve(total);
    for (size_t p = 0; p < parts; ++p) {
      idx.insert(idx.end(), part_idx[p].begin(), part_idx[p].end());
      limbs.insert(limbs.end(), part_limbs[p].begin(), part_limbs[p].end());
    }
  }
  X acc_ones = X::infinity();
  for (auto& o : ones) acc_ones += o;
  const size_t m = idx.size();
  if (m == 0) return acc_ones.to_jacobian();

  const PippengerPlan plan = plan_pippenger(m, S::kBits, threads);
  const int c = plan.window_bits, w = plan.windows;
  // Window-major digits: each window's pass reads its own m digits in order.
  std::vector<int16_t> digits(m * size_t(w));
  parallel_for(m, 1 << 12, [&](size_t b, size_t e) {
    int16_t d[160];  // w <= ceil((256 + 2) / 2)
    for (size_t i = b; i < e; ++i) {
      detail::signed_digits(limbs[i], c, w, d);
      for (int j = 0; j < w; ++j) digits[size_t(j) * m + i] = d[j];
    }
  });

  std::vector<X> window_sums(w, X::infinity());
  parallel_for(size_t(w), 1, [&](size_t b, size_t e) {
    for (size_t j = b; j < e; ++j) {
      const int16_t* dj = &digits[j * m];
      const size_t nb = size_t(1) << (c - 1);
      window_sums[j] = nb / 4 >= detail::kMinAffineBatch ? detail::window_sum_affine<C>(bases, idx.data(), dj, m, nb)
                                                         : detail::window_sum_xyzz<C>(bases, idx.data(), dj, m, nb);
    }
  });

  X acc = X::infinity();
  for (int j = w - 1; j >= 0; --j) {
    for (int k = 0; k < c && j != w - 1; ++k) acc = acc.dbl();
    acc += window_sums[j];
  }
  acc += acc_ones;
  return acc.to_jacobian();
}

// The same MSM over only the bases whose density bit is set: scalars are
// given densely (one per set bit, in order). Used for the A/B queries.
template <class C, class DensityT>
ec::Jacobian<C> pippenger_with_density(std::span<const ec::Affine<C>> bases, const DensityT& density,
                                       std::span<const typename C::Scalar> scalars) {
  std::vector<ec::Affine<C>> picked;
  picked.reserve(scalars.size());
  for (size_t i = 0; i < density.size() && i < bases.size(); ++i)
    if (density.get(i)) picked.push_back(bases[i]);
  if (picked.size() != scalars.size())
    throw Error("msm: density selects " + std::to_string(picked.size()) + " bases but " +
                std::to_string(scalars.size()) + " scalars given");
  return pippenger<C>(picked, scalars);
}

}  // namespace cuzk::msm
