// Arithmetic on representatives below 2p ("lazy" values), for kernels that
// chain many operations on the same data (the NTT's butterflies): products
// skip their final subtraction (172 instead of 190 instructions on sm_90).
// Needs 2p < 2^(64N), i.e. the top bit of p clear, as mont_mul_device.cuh
// already requires of every modulus.
//   add, sub:   [0, 2p) x [0, 2p) -> [0, 2p)  (sub: sub_impl<..., true>)
//   mul(c, x):  c < p (the constant: a twiddle, a scale), x < 2p -> [0, 2p)
//   mul2:       two such products, interleaved (ff/mul2_device.cuh)
//   canonical:  [0, 2p) -> [0, p)
// The same code runs on the host through EmuOps (tests).
#pragma once
#include "ff/field.hpp"
#include "ff/mont_mul_device.cuh"
#include "ff/mul2_device.cuh"

namespace cuzk::ff {
namespace devmont {

// a + b mod 2p. The sum may pass 2^(32n) (4p does for BLS12-381 Fr): its
// carry joins the borrow of the trial subtraction.
template <class P, class Ops, int N = P::kLimbs>
CUZK_DEV_INLINE void add2p_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A, const Limbs<N>& B) {
  constexpr int n = 2 * N;
  uint32_t a[n], b[n], q[n], s[n], d[n], res[n], carry, borrow;
  to32<N>(a, A);
  to32<N>(b, B);
  twice_modulus32<P>(q);
  ops.add_cc(s[0], a[0], b[0]);
CUZK_UNROLL
  for (int j = 1; j < n; ++j) ops.addc_cc(s[j], a[j], b[j]);
  ops.addc(carry, 0u, 0u);
  ops.sub_cc(d[0], s[0], q[0]);
CUZK_UNROLL
  for (int j = 1; j < n; ++j) ops.subc_cc(d[j], s[j], q[j]);
  ops.subc(borrow, carry, 0u);  // all ones when the sum is below 2p
CUZK_UNROLL
  for (int j = 0; j < n; ++j) res[j] = borrow ? s[j] : d[j];
  from32<N>(r, res);
}

template <class P, class Ops, int N = P::kLimbs>
CUZK_DEV_INLINE void canonical_impl(Ops& ops, Limbs<N>& r, const Limbs<N>& A) {
  constexpr int n = 2 * N;
  uint32_t a[n], p[n], res[n];
  to32<N>(a, A);
  modulus32<P>(p);
  final_sub<n>(ops, res, a, p);
  from32<N>(r, res);
}

}  // namespace devmont

#if defined(__CUDACC__)
template <class P, int N = P::kLimbs>
__device__ __noinline__ Limbs<N> device_mont_mul_lazy_called(Limbs<N> c, Limbs<N> x) {
  devmont::PtxOps ops;
  Limbs<N> r;
  devmont::mul_impl<P, devmont::PtxOps, N, false>(ops, r, c, x);
  return r;
}
template <class P, int N = P::kLimbs>
__device__ __noinline__ LimbsPair<N> device_mont_mul2_lazy_called(Limbs<N> c0, Limbs<N> x0, Limbs<N> c1,
                                                                  Limbs<N> x1) {
  devmont::PtxOps ops;
  LimbsPair<N> r;
  devmont::mul2_impl<P, devmont::PtxOps, N, false>(ops, r.first, r.second, c0, x0, c1, x1);
  return r;
}
#endif

// The operations above for a prime field type F (device: PTX; host: EmuOps).
template <class F>
struct Lazy {
  using P = typename F::Params;
#if CUZK_DEVICE_CODE
  using Ops = devmont::PtxOps;
#else
  using Ops = devmont::EmuOps;
#endif

  CUZK_HD static F add(const F& a, const F& b) {
    Ops ops;
    F r;
    devmont::add2p_impl<P>(ops, r.m, a.m, b.m);
    return r;
  }
  CUZK_HD static F sub(const F& a, const F& b) {
    Ops ops;
    F r;
    devmont::sub_impl<P, Ops, F::N, true>(ops, r.m, a.m, b.m);
    return r;
  }
  CUZK_HD static F canonical(const F& a) {
    Ops ops;
    F r;
    devmont::canonical_impl<P>(ops, r.m, a.m);
    return r;
  }
  // c < p, x < 2p
  CUZK_HD static F mul(const F& c, const F& x) {
#if CUZK_DEVICE_CODE
    return F::from_montgomery(device_mont_mul_lazy_called<P>(c.m, x.m));
#else
    Ops ops;
    F r;
    devmont::mul_impl<P, Ops, F::N, false>(ops, r.m, c.m, x.m);
    return r;
#endif
  }
  // r0 = c0 x0, r1 = c1 x1 (c < p, x < 2p); operands may alias the results
  CUZK_HD static void mul2(F& r0, F& r1, const F& c0, const F& x0, const F& c1, const F& x1) {
#if CUZK_DEVICE_CODE
    const auto r = device_mont_mul2_lazy_called<P>(c0.m, x0.m, c1.m, x1.m);
    r0 = F::from_montgomery(r.first);
    r1 = F::from_montgomery(r.second);
#else
    Ops ops;
    F t0, t1;
    devmont::mul2_impl<P, Ops, F::N, false>(ops, t0.m, t1.m, c0.m, x0.m, c1.m, x1.m);
    r0 = t0;
    r1 = t1;
#endif
  }
};

}  // namespace cuzk::ff
