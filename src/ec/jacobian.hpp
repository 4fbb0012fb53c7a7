// Jacobian point (X, Y, Z) for x = X/Z^2, y = Y/Z^3; infinity is Z = 0.
// Contract: every operation is complete (doubling, infinity and P + (-P) are
// handled by branches, not excluded), so callers never special-case inputs.
// Formulas for a = 0 (Explicit-Formulas Database add-1998-cmo-2, madd with
// Z2 = 1, dbl-2009-l): 12M+4S, 8M+3S, 3M+4S. Squares cost what products cost
// here (host and device), so the products replace the EFD's (a+b)^2 - a^2 - b^2
// tricks and save their additions.
#pragma once
#include "ec/affine.hpp"

namespace cuzk::ec {

template <class C>
struct Jacobian {
  using Curve = C;
  using F = typename C::Base;
  F x, y, z;

  CUZK_HD static constexpr Jacobian infinity() { return Jacobian{F::one(), F::one(), F::zero()}; }
  CUZK_HD static constexpr Jacobian generator() { return Jacobian{C::generator_x(), C::generator_y(), F::one()}; }
  CUZK_HD static constexpr Jacobian from_affine(const Affine<C>& p) {
    return p.inf ? infinity() : Jacobian{p.x, p.y, F::one()};
  }

  CUZK_HD bool is_infinity() const { return z.is_zero(); }

  // Y^2 = X^3 + b Z^6 (the affine equation times Z^6)
  CUZK_HD bool is_on_curve() const {
    if (is_infinity()) return true;
    F z2 = z.sqr();
    F z6 = z2.sqr() * z2;
    return y.sqr() == x.sqr() * x + C::b() * z6;
  }

  CUZK_HD Affine<C> to_affine() const {
    if (is_infinity()) return Affine<C>::infinity();
    F zi = z.inverse();
    F zi2 = zi.sqr();
    return Affine<C>{x * zi2, y * zi2 * zi, false};
  }

  CUZK_HD Jacobian operator-() const { return Jacobian{x, -y, z}; }

  CUZK_HD Jacobian dbl() const {
    if (is_infinity()) return *this;
    F a = x.sqr();
    F b = y.sqr();
    F c = b.sqr();
    F d = (x * b).dbl().dbl();  // 4XY^2
    F e = a.dbl() + a;
    Jacobian r;
    r.x = e.sqr() - d.dbl();
    r.y = e * (d - r.x) - c.dbl().dbl().dbl();
    r.z = (y * z).dbl();  // a point of order 2 (y = 0) doubles to Z = 0: infinity, as it should
    return r;
  }

  CUZK_HD friend Jacobian operator+(const Jacobian& p, const Jacobian& q) {
    if (p.is_infinity()) return q;
    if (q.is_infinity()) return p;
    F z1z1 = p.z.sqr();
    F z2z2 = q.z.sqr();
    F u1 = p.x * z2z2;
    F u2 = q.x * z1z1;
    F s1 = p.y * q.z * z2z2;
    F s2 = q.y * p.z * z1z1;
    F h = u2 - u1;
    F rr = s2 - s1;
    if (h.is_zero()) return rr.is_zero() ? p.dbl() : infinity();
    F hh = h.sqr();
    F hhh = h * hh;
    F v = u1 * hh;
    Jacobian r;
    r.x = rr.sqr() - hhh - v.dbl();
    r.y = rr * (v - r.x) - s1 * hhh;
    r.z = p.z * q.z * h;
    return r;
  }

  // Mixed addition: q has Z = 1, which saves 4M+1S over the general sum.
  CUZK_HD friend Jacobian operator+(const Jacobian& p, const Affine<C>& q) {
    if (q.inf) return p;
    if (p.is_infinity()) return from_affine(q);
    F z1z1 = p.z.sqr();
    F u2 = q.x * z1z1;
    F s2 = q.y * p.z * z1z1;
    F h = u2 - p.x;
    F rr = s2 - p.y;
    if (h.is_zero()) return rr.is_zero() ? p.dbl() : infinity();
    F hh = h.sqr();
    F hhh = h * hh;
    F v = p.x * hh;
    Jacobian r;
    r.x = rr.sqr() - hhh - v.dbl();
    r.y = rr * (v - r.x) - p.y * hhh;
    r.z = p.z * h;
    return r;
  }
  CUZK_HD friend Jacobian operator+(const Affine<C>& q, const Jacobian& p) { return p + q; }
  CUZK_HD friend Jacobian operator-(const Jacobian& p, const Jacobian& q) { return p + (-q); }
  CUZK_HD friend Jacobian operator-(const Jacobian& p, const Affine<C>& q) { return p + (-q); }
  CUZK_HD Jacobian& operator+=(const Jacobian& q) { return *this = *this + q; }
  CUZK_HD Jacobian& operator+=(const Affine<C>& q) { return *this = *this + q; }
  CUZK_HD Jacobian& operator-=(const Jacobian& q) { return *this = *this - q; }
  CUZK_HD Jacobian& operator-=(const Affine<C>& q) { return *this = *this - q; }

  // Same point: X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3.
  CUZK_HD friend bool operator==(const Jacobian& p, const Jacobian& q) {
    bool pi = p.is_infinity(), qi = q.is_infinity();
    if (pi || qi) return pi == qi;
    F z1z1 = p.z.sqr();
    F z2z2 = q.z.sqr();
    if (p.x * z2z2 != q.x * z1z1) return false;
    return p.y * z2z2 * q.z == q.y * z1z1 * p.z;
  }
  CUZK_HD friend bool operator==(const Jacobian& p, const Affine<C>& q) {
    bool pi = p.is_infinity();
    if (pi || q.inf) return pi == q.inf;
    F z2 = p.z.sqr();
    if (p.x != q.x * z2) return false;
    return p.y == q.y * z2 * p.z;
  }
};

}  // namespace cuzk::ec
