// Host helpers that make points for tests and benchmarks: uniform subgroup
// points, and points on the curve but outside the subgroup (negative tests).
// Contract: deterministic given the generator state or the starting x.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "ec/subgroup.hpp"
#include "ff/field_io.hpp"

namespace cuzk::ec {

template <class C, class Rng>
typename C::Base random_base(Rng& rng) {
  using F = typename C::Base;
  if constexpr (C::kDegree == 1) {
    return ff::random_element<F>(rng);
  } else {
    using Fp = typename F::Base;
    return F{ff::random_element<Fp>(rng), ff::random_element<Fp>(rng)};
  }
}

// The point with this x whose y has the requested sign (is_lexicographically_largest),
// or nothing when x^3 + b is not a square.
template <class C>
std::optional<Affine<C>> point_from_x(const typename C::Base& x, bool y_largest) {
  using F = typename C::Base;
  F y;
  if (!(x.sqr() * x + C::b()).sqrt(y)) return std::nullopt;
  if (y.is_lexicographically_largest() != y_largest) y = -y;
  return Affine<C>{x, y, false};
}

// A uniformly random point of E (not necessarily in the subgroup).
template <class C, class Rng>
Affine<C> random_curve_point(Rng& rng) {
  for (;;) {
    auto p = point_from_x<C>(random_base<C>(rng), rng() & 1);
    if (p) return *p;
  }
}

// A uniformly random point of the order-r subgroup: [k]G for a random scalar.
template <class C, class Rng>
Jacobian<C> random_subgroup_point(Rng& rng) {
  return mul(Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng));
}

// The first point on the curve outside the subgroup with x = start, start+1, ...
// (x taken in the base field's Fp part). Throws for BN254 G1, where none exists.
template <class C>
Affine<C> point_outside_subgroup(uint64_t start = 1) {
  using F = typename C::Base;
  for (uint64_t i = start; i < start + 1000; ++i) {
    F x;
    if constexpr (C::kDegree == 1) {
      x = F::from_u64(i);
    } else {
      x = F{F::Base::from_u64(i), F::Base::one()};
    }
    auto p = point_from_x<C>(x, false);
    if (p && !is_in_subgroup_by_order(Jacobian<C>::from_affine(*p))) return *p;
  }
  throw std::logic_error(std::string(C::kName) + ": no point outside the subgroup found");
}

}  // namespace cuzk::ec
