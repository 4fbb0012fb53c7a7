// Optimal ate Miller loop, host and device: BLS12-381 over |x| (conjugated since
// x < 0, M-type twist), BN254 over the NAF of 6x + 2 plus the lines through
// pi(Q) and -pi^2(Q) (D-type twist). Several pairs share one accumulator, so a
// multi-pairing pays the Fp12 squarings once.
// Contract: the result is defined up to factors in proper subfields of Fp12 (they
// vanish in the final exponentiation); pairs with a point at infinity contribute 1.
// G2 runs in homogeneous projective coordinates (x = X/Z, y = Y/Z) with the
// line formulas of Costello-Lange-Naehrig (PKC 2010) for a = 0.
#pragma once
#include "ec/pairing/engine.hpp"

namespace cuzk::ec::pairing {

// Per-pair state: P with its negations precomputed, Q affine, and T = [k]Q so far.
template <class E>
struct MillerState {
  typename E::Fp x, xn, y, yn;  // xP, -xP, yP, -yP
  typename E::Fp2 qx, qy;
  typename E::Fp2 tx, ty, tz;
};

namespace detail {

template <class E>
CUZK_HD typename E::Fp2 mul_by_3b(const typename E::Fp2& c) {
  using F2 = typename E::Fp2;
  if constexpr (!E::kBn) {
    // 3b' = 12(1 + u): (12 + 12u)(c0 + c1 u) = 12(c0 - c1) + 12(c0 + c1) u, additions only
    auto t0 = c.c0 - c.c1, t1 = c.c0 + c.c1;
    auto t0x4 = t0.dbl().dbl(), t1x4 = t1.dbl().dbl();
    return F2{t0x4.dbl() + t0x4, t1x4.dbl() + t1x4};
  } else {
    using T = typename E::Tower;
    return c * F2::from_montgomery(T::twist_3b_c0(), T::twist_3b_c1());
  }
}

// Multiplies f by the sparse line l0 + l1 (.) + l2 (.) placed in the twist's slots.
template <class E>
CUZK_HD void mul_line(typename E::Fp12& f, const typename E::Fp2& l0, const typename E::Fp2& l1,
                      const typename E::Fp2& l2) {
  if constexpr (E::kMTwist) {
    f = f.mul_by_014(l0, l1, l2);
  } else {
    f = f.mul_by_034(l0, l1, l2);
  }
}

// T <- 2T and f <- f * l_{T,T}(P). The output is scaled by 4 relative to the
// textbook formulas so that no halving is needed (projective scaling is free).
template <class E>
CUZK_TOWER_OUTLINE void double_step(typename E::Fp12& f, MillerState<E>& s) {
  using F2 = typename E::Fp2;
  F2 a = s.tx * s.ty;
  F2 b = s.ty.sqr();
  F2 c = s.tz.sqr();
  F2 e = mul_by_3b<E>(c);
  F2 f3 = e.dbl() + e;
  F2 h = (s.ty + s.tz).sqr() - (b + c);  // 2YZ
  F2 i = e - b;
  F2 j = s.tx.sqr();
  F2 e2 = e.sqr();
  F2 e2x3 = e2.dbl() + e2;
  s.tx = (a * (b - f3)).dbl();
  s.ty = (b + f3).sqr() - e2x3.dbl().dbl();
  s.tz = (b * h).dbl().dbl();
  F2 j3 = j.dbl() + j;
  if constexpr (E::kMTwist) {
    mul_line<E>(f, i, j3.mul_by_base(s.x), h.mul_by_base(s.yn));
  } else {
    mul_line<E>(f, h.mul_by_base(s.yn), j3.mul_by_base(s.x), i);
  }
}

// T <- T + (qx, qy) and f <- f * l_{T,Q}(P).
template <class E>
CUZK_TOWER_OUTLINE void add_step(typename E::Fp12& f, MillerState<E>& s, const typename E::Fp2& qx,
                                 const typename E::Fp2& qy) {
  using F2 = typename E::Fp2;
  F2 theta = s.ty - qy * s.tz;
  F2 lambda = s.tx - qx * s.tz;
  F2 c = theta.sqr();
  F2 d = lambda.sqr();
  F2 e = lambda * d;
  F2 ff = s.tz * c;
  F2 g = s.tx * d;
  F2 h = e + ff - g.dbl();
  s.tx = lambda * h;
  s.ty = theta * (g - h) - e * s.ty;
  s.tz = s.tz * e;
  F2 j = theta * qx - lambda * qy;
  if constexpr (E::kMTwist) {
    mul_line<E>(f, j, theta.mul_by_base(s.xn), lambda.mul_by_base(s.y));
  } else {
    mul_line<E>(f, lambda.mul_by_base(s.y), theta.mul_by_base(s.xn), j);
  }
}

}  // namespace detail

// Loads pair i into s; returns false (nothing to do) when either point is infinity.
template <class E, class P1, class P2>
CUZK_HD bool miller_prepare(MillerState<E>& s, const P1& p, const P2& q) {
  if (p.inf || q.inf) return false;
  s.x = p.x;
  s.xn = -p.x;
  s.y = p.y;
  s.yn = -p.y;
  s.qx = q.x;
  s.qy = q.y;
  s.tx = q.x;
  s.ty = q.y;
  s.tz = E::Fp2::one();
  return true;
}

// The Miller loop over n prepared states (see miller_prepare), sharing f.
template <class E>
CUZK_TOWER_OUTLINE typename E::Fp12 miller_loop_states(MillerState<E>* st, int n) {
  using F12 = typename E::Fp12;
  using F2 = typename E::Fp2;
  F12 f = F12::one();
  if (n == 0) return f;
  if constexpr (!E::kBn) {
    for (int i = 62; i >= 0; --i) {
      if (i != 62) f = f.sqr();
      for (int k = 0; k < n; ++k) detail::double_step<E>(f, st[k]);
      if ((E::kAbsX >> i) & 1) {
        for (int k = 0; k < n; ++k) detail::add_step<E>(f, st[k], st[k].qx, st[k].qy);
      }
    }
    if (E::kXNegative) f = f.conjugate();
  } else {
    for (int i = E::kNafDigits - 2; i >= 0; --i) {
      if (i != E::kNafDigits - 2) f = f.sqr();
      for (int k = 0; k < n; ++k) detail::double_step<E>(f, st[k]);
      uint64_t pos = i < 64 ? (E::kNafPosLo >> i) & 1 : (E::kNafPosHi >> (i - 64)) & 1;
      uint64_t neg = i < 64 ? (E::kNafNegLo >> i) & 1 : (E::kNafNegHi >> (i - 64)) & 1;
      if (pos) {
        for (int k = 0; k < n; ++k) detail::add_step<E>(f, st[k], st[k].qx, st[k].qy);
      } else if (neg) {
        for (int k = 0; k < n; ++k) detail::add_step<E>(f, st[k], st[k].qx, -st[k].qy);
      }
    }
    using T = typename E::Tower;
    const F2 gx1 = F2::from_montgomery(T::twist_frob_x(2), T::twist_frob_x(3));
    const F2 gy1 = F2::from_montgomery(T::twist_frob_y(2), T::twist_frob_y(3));
    const F2 gx2 = F2::from_montgomery(T::twist_frob_x(4), T::twist_frob_x(5));
    const F2 gy2 = F2::from_montgomery(T::twist_frob_y(4), T::twist_frob_y(5));
    for (int k = 0; k < n; ++k) {
      // pi(Q) and -pi^2(Q), carried to the twist (the p-power Frobenius conjugates Fp2)
      F2 q1x = st[k].qx.conjugate() * gx1, q1y = st[k].qy.conjugate() * gy1;
      F2 q2x = st[k].qx * gx2, q2y = -(st[k].qy * gy2);
      detail::add_step<E>(f, st[k], q1x, q1y);
      detail::add_step<E>(f, st[k], q2x, q2y);
    }
  }
  return f;
}

// Single-pair Miller loop, usable on the device.
template <class E, class P1, class P2>
CUZK_HD typename E::Fp12 miller_loop(const P1& p, const P2& q) {
  MillerState<E> s;
  if (!miller_prepare<E>(s, p, q)) return E::Fp12::one();
  return miller_loop_states<E>(&s, 1);
}

}  // namespace cuzk::ec::pairing
