// Two independent Montgomery products in one called device function, their
// steps interleaved (product 0's step i, then product 1's). A single product
// is a chain of dependent multiply-adds; with only ~12 warps per SM (big
// kernels need many registers) the multiplier waits on that chain's latency
// (Nsight Compute: with single products "wait" is the NTT's first stall
// reason). Two chains side by side give the scheduler independent work. For
// kernels whose multiplications come in independent pairs (the NTT's
// butterflies).
//
// Same algorithm, steps and results as devmont::mul_impl (mont_mul_device.cuh).
#pragma once
#include "ff/field.hpp"
#include "ff/mont_mul_device.cuh"

namespace cuzk::ff {
namespace devmont {

// Reduce false: results < 2p, and B0, B1 may be < 2p (as in mul_impl).
template <class P, class Ops, int N = P::kLimbs, bool Reduce = true>
CUZK_DEV_INLINE void mul2_impl(Ops& ops, Limbs<N>& r0, Limbs<N>& r1, const Limbs<N>& A0, const Limbs<N>& B0,
                               const Limbs<N>& A1, const Limbs<N>& B1) {
  constexpr int n = 2 * N;
  uint32_t a0[n], b0[n], a1[n], b1[n], p[n];
  to32<N>(a0, A0);
  to32<N>(b0, B0);
  to32<N>(a1, A1);
  to32<N>(b1, B1);
  modulus32<P>(p);
  const uint32_t inv = inv32<P>();
  uint32_t e0[n], o0[n], e1[n], o1[n];
  mul_first_row<n, Ops>(e0, o0, a0, b0[0]);
  mul_first_row<n, Ops>(e1, o1, a1, b1[0]);
  redc_step<n>(ops, e0, o0, p, inv);
  redc_step<n>(ops, e1, o1, p, inv);
CUZK_UNROLL
  for (int i = 1; i < n; ++i) {
    if (i & 1) {
      mul_step<n>(ops, o0, e0, a0, b0[i], p, inv);
      mul_step<n>(ops, o1, e1, a1, b1[i], p, inv);
    } else {
      mul_step<n>(ops, e0, o0, a0, b0[i], p, inv);
      mul_step<n>(ops, e1, o1, a1, b1[i], p, inv);
    }
  }
  uint32_t res0[n], res1[n];
  mul_last<n, Ops, Reduce>(ops, res0, e0, o0, p);
  mul_last<n, Ops, Reduce>(ops, res1, e1, o1, p);
  from32<N>(r0, res0);
  from32<N>(r1, res1);
}

}  // namespace devmont

template <int N>
struct LimbsPair {
  Limbs<N> first, second;
};

#if defined(__CUDACC__)
template <class P, int N = P::kLimbs>
__device__ __noinline__ LimbsPair<N> device_mont_mul2_called(Limbs<N> a0, Limbs<N> b0, Limbs<N> a1, Limbs<N> b1) {
  devmont::PtxOps ops;
  LimbsPair<N> r;
  devmont::mul2_impl<P>(ops, r.first, r.second, a0, b0, a1, b1);
  return r;
}
#endif

// r0 = a0 * b0, r1 = a1 * b1: on the device for a prime field one call,
// interleaved; otherwise (host, extension fields) two products.
template <class F>
CUZK_HD void mul2(F& r0, F& r1, const F& a0, const F& b0, const F& a1, const F& b1) {
#if CUZK_DEVICE_CODE
  if constexpr (requires { typename F::Params; }) {
    const auto r = device_mont_mul2_called<typename F::Params>(a0.m, b0.m, a1.m, b1.m);
    r0 = F::from_montgomery(r.first);
    r1 = F::from_montgomery(r.second);
    return;
  }
#endif
  const F p0 = a0 * b0, p1 = a1 * b1;  // operands may alias the results
  r0 = p0;
  r1 = p1;
}

}  // namespace cuzk::ff
