// Pippenger bucket accumulation with affine buckets and batched inversions.
// P + Q = (l^2 - x1 - x2, l (x1 - x3) - y1) with l = (y2 - y1) / (x2 - x1);
// the denominators of a batch of additions are inverted together with one
// field inversion (Montgomery's trick, 3 multiplications each), so an
// addition costs ~6 multiplications against ~10 for a mixed XYZZ addition,
// and a bucket is half the size. A point whose bucket already has an addition
// pending in the batch waits for the next batch. Curves with a = 0 (both of ours).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ec/affine.hpp"

namespace cuzk::msm {

template <class C>
class AffineBuckets {
 public:
  using A = ec::Affine<C>;
  using F = typename C::Base;

  // A batch takes at most a quarter of the buckets: fuller, a point finds its
  // bucket busy too often and waits (measured slower: docs/PERFORMANCE.md).
  explicit AffineBuckets(size_t buckets, size_t batch = 1024)
      : buckets_(buckets, A::infinity()), busy_(buckets, 0), batch_(std::max<size_t>(1, std::min(batch, buckets / 4))) {
    pending_.reserve(batch_);
    denom_.reserve(batch_);
    prefix_.reserve(batch_);
  }

  const A* bucket_address(size_t b) const { return &buckets_[b]; }  // for prefetching

  // bucket[b] += p (p not infinity).
  [[gnu::always_inline]] void add(uint32_t b, const A& p) {
    enqueue(b, p);
    // a full batch, or as many points waiting (few buckets: collisions are common)
    if (pending_.size() >= batch_ || deferred_.size() >= batch_) drain_once();
  }

  // Every queued addition done; the buckets are final.
  const std::vector<A>& finish() {
    while (!pending_.empty() || !deferred_.empty()) drain_once();
    return buckets_;
  }

 private:
  struct Pending {
    uint32_t bucket;
    bool dbl;
    A p;
  };

  // The per-point path stays inline, the per-batch work out of line, so the
  // window loop compiles the same wherever it is instantiated.
  [[gnu::always_inline]] void enqueue(uint32_t b, const A& p) {
    if (busy_[b]) {
      deferred_.push_back({b, false, p});
      return;
    }
    A& q = buckets_[b];
    if (q.inf) {
      q = p;
      return;
    }
    F d;
    bool dbl = false;
    if (q.x == p.x) {
      if (q.y != p.y || q.y.is_zero()) {  // p = -q (or a 2-torsion point doubled)
        q = A::infinity();
        return;
      }
      dbl = true;  // l = 3 x^2 / (2 y)
      d = q.y.dbl();
    } else {
      d = p.x - q.x;
    }
    busy_[b] = 1;
    pending_.push_back({b, dbl, p});
    denom_.push_back(d);
  }

  // Applies the pending additions, then requeues the deferred points.
  [[gnu::noinline]] void drain_once() {
    apply_pending();
    std::vector<Pending> again;
    again.swap(deferred_);
    for (const auto& e : again) {
      enqueue(e.bucket, e.p);
      if (pending_.size() >= batch_) apply_pending();
    }
  }

  [[gnu::noinline]] void apply_pending() {
    const size_t k = pending_.size();
    if (k == 0) return;
    // Montgomery's trick: prefix products, one inversion, walk back
    prefix_.resize(k);
    F acc = F::one();
    for (size_t i = 0; i < k; ++i) {
      prefix_[i] = acc;
      acc *= denom_[i];
    }
    F inv = acc.inverse();
    for (size_t i = k; i-- > 0;) {
      const F inv_i = inv * prefix_[i];
      inv *= denom_[i];
      const Pending& e = pending_[i];
      A& q = buckets_[e.bucket];
      F num;
      if (e.dbl) {
        const F xx = q.x.sqr();
        num = xx.dbl() + xx;
      } else {
        num = e.p.y - q.y;
      }
      const F l = num * inv_i;
      const F x3 = l.sqr() - q.x - e.p.x;
      q.y = l * (q.x - x3) - q.y;
      q.x = x3;
      busy_[e.bucket] = 0;
    }
    pending_.clear();
    denom_.clear();
  }

  std::vector<A> buckets_;
  std::vector<uint8_t> busy_;
  size_t batch_;
  std::vector<Pending> pending_, deferred_;
  std::vector<F> denom_, prefix_;
};

}  // namespace cuzk::msm
