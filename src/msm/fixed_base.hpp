// Many multiples of one fixed base, [k_i]G, by a table of G*d*2^(8j) (one
// mixed addition per 8-bit window), in parallel, returned affine. Setup uses
// it for millions of key points.
#pragma once
#include <span>
#include <vector>

#include "core/parallel.hpp"
#include "ec/batch_affine.hpp"
#include "ec/xyzz.hpp"

namespace cuzk::msm {

using ec::Affine;
using ec::Jacobian;
using ec::Xyzz;
using ec::batch_to_affine;

template <class C>
class FixedBaseTable {
 public:
  static constexpr int kWindow = 8;
  explicit FixedBaseTable(const Affine<C>& g) {
    const int windows = (C::Scalar::kBits + kWindow - 1) / kWindow;
    std::vector<Jacobian<C>> rows(size_t(windows) << kWindow);
    Jacobian<C> base = Jacobian<C>::from_affine(g);
    for (int j = 0; j < windows; ++j) {
      Jacobian<C> acc = Jacobian<C>::infinity();
      for (int d = 0; d < (1 << kWindow); ++d) {
        rows[(size_t(j) << kWindow) + d] = acc;
        acc += base;
      }
      base = acc;  // base * 2^8
    }
    table_.resize(rows.size());
    batch_to_affine<C>(std::span<const Jacobian<C>>(rows), std::span<Affine<C>>(table_));
    windows_ = windows;
  }

  Jacobian<C> mul(const typename C::Scalar& k) const {
    auto c = k.to_canonical();
    Xyzz<C> acc = Xyzz<C>::infinity();
    for (int j = 0; j < windows_; ++j) {
      const int bit = j * kWindow;
      const unsigned d = unsigned(c.v[bit / 64] >> (bit % 64)) & ((1u << kWindow) - 1);
      if (d) acc += table_[(size_t(j) << kWindow) + d];
    }
    return acc.to_jacobian();
  }

  std::vector<Affine<C>> mul_many(std::span<const typename C::Scalar> ks) const {
    std::vector<Jacobian<C>> proj(ks.size());
    parallel_for(ks.size(), 256, [&](size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) proj[i] = mul(ks[i]);
    });
    std::vector<Affine<C>> out(ks.size());
    parallel_for(ks.size(), 1 << 12, [&](size_t b, size_t e) {
      batch_to_affine<C>(std::span<const Jacobian<C>>(proj).subspan(b, e - b), std::span<Affine<C>>(out).subspan(b, e - b));
    });
    return out;
  }

 private:
  std::vector<Affine<C>> table_;
  int windows_ = 0;
};

}  // namespace cuzk::msm
