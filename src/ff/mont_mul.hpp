// Montgomery add/sub/mul/sqr on raw limbs. Host: 64-bit limbs with 128-bit
// products. Device: see mont_mul_device.cuh (32-bit PTX carry chains) when
// compiled by nvcc for the GPU.
#pragma once
#include "ff/limbs.hpp"
#include "ff/mont_mul_x86.hpp"

#if defined(__CUDACC__) && __has_include("ff/mont_mul_device.cuh")
#include "ff/mont_mul_device.cuh"  // in both nvcc passes: its __constant__ tables need host shadows
#endif
#if CUZK_DEVICE_CODE && __has_include("ff/mont_mul_device.cuh")
#define CUZK_HAVE_DEVICE_MONT 1
#else
#define CUZK_HAVE_DEVICE_MONT 0
#endif

namespace cuzk::ff {

// r = a + b mod p (inputs < p; p < 2^(64N-1) so the sum cannot overflow)
template <class P, int N = P::kLimbs>
CUZK_HD void mont_add(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if CUZK_HAVE_DEVICE_MONT
  device_mont_add<P>(r, a, b);
#else
  const Limbs<N> p = P::modulus();
  Limbs<N> s, d;
  uint64_t c = 0;
  for (int i = 0; i < N; ++i) s.v[i] = addc(a.v[i], b.v[i], c);
  uint64_t bw = 0;
  for (int i = 0; i < N; ++i) d.v[i] = subb(s.v[i], p.v[i], bw);
  // keep s when s < p (borrow out)
  for (int i = 0; i < N; ++i) r.v[i] = bw ? s.v[i] : d.v[i];
#endif
}

// r = a - b mod p
template <class P, int N = P::kLimbs>
CUZK_HD void mont_sub(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if CUZK_HAVE_DEVICE_MONT
  device_mont_sub<P>(r, a, b);
#else
  const Limbs<N> p = P::modulus();
  Limbs<N> d;
  uint64_t bw = 0;
  for (int i = 0; i < N; ++i) d.v[i] = subb(a.v[i], b.v[i], bw);
  uint64_t mask = 0 - bw;
  uint64_t c = 0;
  for (int i = 0; i < N; ++i) r.v[i] = addc(d.v[i], p.v[i] & mask, c);
#endif
}

// r = a * b * R^-1 mod p (CIOS; the carry word is dropped, valid for spare top bit)
template <class P, int N = P::kLimbs>
CUZK_HD void mont_mul(Limbs<N>& r, const Limbs<N>& a, const Limbs<N>& b) {
#if CUZK_HAVE_DEVICE_MONT
  device_mont_mul<P>(r, a, b);
#else
#if CUZK_HAVE_X86_MONT
  if constexpr (N == 4) {
    return x86::mont_mul_4(r, a, b, P::modulus(), P::kInv);
  } else if constexpr (N == 6) {
    return x86::mont_mul_6(r, a, b, P::modulus(), P::kInv);
  }
#endif
  const Limbs<N> p = P::modulus();
  uint64_t t[N] = {};
CUZK_UNROLL
  for (int i = 0; i < N; ++i) {
    uint64_t A, C, lo;
    t[0] = mac(a.v[0], b.v[i], t[0], 0, A);
    uint64_t m = t[0] * P::kInv;
    lo = mac(m, p.v[0], t[0], 0, C);
    (void)lo;
CUZK_UNROLL
    for (int j = 1; j < N; ++j) {
      t[j] = mac(a.v[j], b.v[i], t[j], A, A);
      t[j - 1] = mac(m, p.v[j], t[j], C, C);
    }
    t[N - 1] = C + A;
  }
  Limbs<N> d;
  uint64_t bw = 0;
  for (int i = 0; i < N; ++i) d.v[i] = subb(t[i], p.v[i], bw);
  for (int i = 0; i < N; ++i) r.v[i] = bw ? t[i] : d.v[i];
#endif
}

template <class P, int N = P::kLimbs>
CUZK_HD void mont_sqr(Limbs<N>& r, const Limbs<N>& a) {
#if CUZK_HAVE_DEVICE_MONT
  device_mont_sqr<P>(r, a);
#else
  mont_mul<P>(r, a, a);
#endif
}

}  // namespace cuzk::ff
