// Affine point (x, y) with an explicit infinity flag; the storage form of bases
// and the operand of mixed additions. Contract: when inf is set, x and y are
// ignored (zero by convention); otherwise nothing is implied about the curve or
// subgroup until is_on_curve / is_in_subgroup say so.
#pragma once
#include "ec/curves.hpp"

namespace cuzk::ec {

template <class C>
struct Affine {
  using Curve = C;
  using F = typename C::Base;
  F x, y;
  bool inf;

  CUZK_HD static constexpr Affine infinity() { return Affine{F::zero(), F::zero(), true}; }
  CUZK_HD static constexpr Affine generator() { return Affine{C::generator_x(), C::generator_y(), false}; }
  CUZK_HD static constexpr Affine from_xy(const F& x, const F& y) { return Affine{x, y, false}; }

  CUZK_HD bool is_infinity() const { return inf; }
  CUZK_HD bool is_on_curve() const { return inf || y.sqr() == x.sqr() * x + C::b(); }
  CUZK_HD Affine operator-() const { return inf ? *this : Affine{x, -y, false}; }

  CUZK_HD friend bool operator==(const Affine& a, const Affine& b) {
    if (a.inf || b.inf) return a.inf == b.inf;
    return a.x == b.x && a.y == b.y;
  }
};

}  // namespace cuzk::ec
