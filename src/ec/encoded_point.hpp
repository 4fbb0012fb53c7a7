// What a snarkjs-encoded affine point is, judged on its raw limbs (x | y as
// little-endian Montgomery limbs, the layout of GPU bases too), host and
// device alike: every limb zero is infinity; otherwise every coordinate must
// be below p and the point on the curve. Subgroup membership is not judged
// here (the prover checks its output points instead).
#pragma once
#include <cstdint>

#include "ec/affine.hpp"

namespace cuzk::ec {

enum class EncodedPointKind : uint8_t { kPoint, kInfinity, kNotReduced, kNotOnCurve };

namespace detail {

template <class F>
CUZK_HD bool raw_is_zero(const F& v) {
  if constexpr (requires { v.c1; })
    return raw_is_zero(v.c0) && raw_is_zero(v.c1);
  else
    return ff::limbs_is_zero(v.m);
}

template <class F>
CUZK_HD bool raw_is_reduced(const F& v) {
  if constexpr (requires { v.c1; })
    return raw_is_reduced(v.c0) && raw_is_reduced(v.c1);
  else
    return !ff::limbs_geq(v.m, F::Params::modulus());
}

}  // namespace detail

// x, y hold the encoded limbs as they are (Field::from_montgomery of them).
template <class C>
CUZK_HD EncodedPointKind classify_encoded(const typename C::Base& x, const typename C::Base& y) {
  if (detail::raw_is_zero(x) && detail::raw_is_zero(y)) return EncodedPointKind::kInfinity;
  if (!detail::raw_is_reduced(x) || !detail::raw_is_reduced(y)) return EncodedPointKind::kNotReduced;
  if (!Affine<C>::from_xy(x, y).is_on_curve()) return EncodedPointKind::kNotOnCurve;
  return EncodedPointKind::kPoint;
}

}  // namespace cuzk::ec
