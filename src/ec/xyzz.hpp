// XYZZ point (X, Y, ZZ, ZZZ) for x = X/ZZ, y = Y/ZZZ with ZZ^3 = ZZZ^2; infinity
// is ZZ = 0. The MSM bucket representation: the mixed addition costs 8M+2S and
// needs no doubling-specific precomputation. Contract: complete, like Jacobian.
// Formulas for a = 0 from the Explicit-Formulas Database: add-2008-s,
// madd-2008-s, dbl-2008-s-1, mdbl-2008-s-1.
#pragma once
#include "ec/jacobian.hpp"

namespace cuzk::ec {

template <class C>
struct Xyzz {
  using Curve = C;
  using F = typename C::Base;
  F x, y, zz, zzz;

  CUZK_HD static constexpr Xyzz infinity() { return Xyzz{F::one(), F::one(), F::zero(), F::zero()}; }
  CUZK_HD static constexpr Xyzz generator() { return Xyzz{C::generator_x(), C::generator_y(), F::one(), F::one()}; }
  CUZK_HD static constexpr Xyzz from_affine(const Affine<C>& p) {
    return p.inf ? infinity() : Xyzz{p.x, p.y, F::one(), F::one()};
  }
  CUZK_HD static Xyzz from_jacobian(const Jacobian<C>& p) {
    if (p.is_infinity()) return infinity();
    F z2 = p.z.sqr();
    return Xyzz{p.x, p.y, z2, z2 * p.z};
  }
  // With z = ZZZ/ZZ, the Jacobian point (X z^4, Y z^6, z^3) = (X ZZ^2, Y ZZZ^2, ZZZ)
  // names the same point without an inversion.
  CUZK_HD Jacobian<C> to_jacobian() const {
    if (is_infinity()) return Jacobian<C>::infinity();
    return Jacobian<C>{x * zz.sqr(), y * zzz.sqr(), zzz};
  }

  CUZK_HD bool is_infinity() const { return zz.is_zero(); }

  CUZK_HD bool is_on_curve() const {
    if (is_infinity()) return zzz.is_zero();
    F zzz2 = zzz.sqr();
    if (zz.sqr() * zz != zzz2) return false;
    return y.sqr() == x.sqr() * x + C::b() * zzz2;
  }

  // One inversion for both denominators: 1/ZZ = ZZZ/(ZZ ZZZ), 1/ZZZ = ZZ/(ZZ ZZZ).
  CUZK_HD Affine<C> to_affine() const {
    if (is_infinity()) return Affine<C>::infinity();
    F inv = (zz * zzz).inverse();
    return Affine<C>{x * zzz * inv, y * zz * inv, false};
  }

  CUZK_HD Xyzz operator-() const { return Xyzz{x, -y, zz, zzz}; }

  CUZK_HD Xyzz dbl() const {
    if (is_infinity()) return *this;
    F u = y.dbl();
    F v = u.sqr();
    F w = u * v;
    F s = x * v;
    F xx = x.sqr();
    F m = xx.dbl() + xx;
    Xyzz r;
    r.x = m.sqr() - s.dbl();
    r.y = m * (s - r.x) - w * y;
    r.zz = v * zz;
    r.zzz = w * zzz;
    return r;
  }

  // 2q for an affine q (ZZ = ZZZ = 1): the last two products of dbl() vanish.
  CUZK_HD static Xyzz dbl_affine(const Affine<C>& q) {
    if (q.inf) return infinity();
    F u = q.y.dbl();
    F v = u.sqr();
    F w = u * v;
    F s = q.x * v;
    F xx = q.x.sqr();
    F m = xx.dbl() + xx;
    Xyzz r;
    r.x = m.sqr() - s.dbl();
    r.y = m * (s - r.x) - w * q.y;
    r.zz = v;
    r.zzz = w;
    return r;
  }

  CUZK_HD friend Xyzz operator+(const Xyzz& p, const Xyzz& q) {
    if (p.is_infinity()) return q;
    if (q.is_infinity()) return p;
    F u1 = p.x * q.zz;
    F u2 = q.x * p.zz;
    F s1 = p.y * q.zzz;
    F s2 = q.y * p.zzz;
    F h = u2 - u1;
    F rr = s2 - s1;
    if (h.is_zero()) return rr.is_zero() ? p.dbl() : infinity();
    F hh = h.sqr();
    F hhh = h * hh;
    F v = u1 * hh;
    Xyzz r;
    r.x = rr.sqr() - hhh - v.dbl();
    r.y = rr * (v - r.x) - s1 * hhh;
    r.zz = p.zz * q.zz * hh;
    r.zzz = p.zzz * q.zzz * hhh;
    return r;
  }

  CUZK_HD friend Xyzz operator+(const Xyzz& p, const Affine<C>& q) {
    if (q.inf) return p;
    if (p.is_infinity()) return from_affine(q);
    F u2 = q.x * p.zz;
    F s2 = q.y * p.zzz;
    F h = u2 - p.x;
    F rr = s2 - p.y;
    if (h.is_zero()) return rr.is_zero() ? dbl_affine(q) : infinity();
    F hh = h.sqr();
    F hhh = h * hh;
    F v = p.x * hh;
    Xyzz r;
    r.x = rr.sqr() - hhh - v.dbl();
    r.y = rr * (v - r.x) - p.y * hhh;
    r.zz = p.zz * hh;
    r.zzz = p.zzz * hhh;
    return r;
  }
  CUZK_HD friend Xyzz operator+(const Affine<C>& q, const Xyzz& p) { return p + q; }
  CUZK_HD friend Xyzz operator-(const Xyzz& p, const Xyzz& q) { return p + (-q); }
  CUZK_HD friend Xyzz operator-(const Xyzz& p, const Affine<C>& q) { return p + (-q); }
  CUZK_HD Xyzz& operator+=(const Xyzz& q) { return *this = *this + q; }
  CUZK_HD Xyzz& operator+=(const Affine<C>& q) { return *this = *this + q; }
  CUZK_HD Xyzz& operator-=(const Xyzz& q) { return *this = *this - q; }
  CUZK_HD Xyzz& operator-=(const Affine<C>& q) { return *this = *this - q; }

  CUZK_HD friend bool operator==(const Xyzz& p, const Xyzz& q) {
    bool pi = p.is_infinity(), qi = q.is_infinity();
    if (pi || qi) return pi == qi;
    return p.x * q.zz == q.x * p.zz && p.y * q.zzz == q.y * p.zzz;
  }
  CUZK_HD friend bool operator==(const Xyzz& p, const Affine<C>& q) {
    bool pi = p.is_infinity();
    if (pi || q.inf) return pi == q.inf;
    return p.x == q.x * p.zz && p.y == q.y * p.zzz;
  }
  CUZK_HD friend bool operator==(const Xyzz& p, const Jacobian<C>& q) {
    bool pi = p.is_infinity(), qi = q.is_infinity();
    if (pi || qi) return pi == qi;
    F z2 = q.z.sqr();
    return p.x * z2 == q.x * p.zz && p.y * z2 * q.z == q.y * p.zzz;
  }
};

}  // namespace cuzk::ec
