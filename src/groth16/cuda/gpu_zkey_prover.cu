#include <mutex>
#include <vector>

#include "core/timer.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/stream.hpp"
#include "groth16/cuda/gpu_zkey_prover.hpp"
#include "groth16/cuda/product_kernel.cuh"
#include "groth16/cuda/sparse_rows_kernel.cuh"
#include "groth16/zkey_prover.hpp"
#include "msm/cuda/msm_gpu.hpp"
#include "ntt/cuda/gpu_ntt.hpp"

namespace cuzk::groth16::cuda {

namespace {

// A key's point set on the device: encoded sets are copied up as the file
// holds them and checked there; a bad point is named as the host reader would.
template <class C>
msm::cuda::GpuMsm<C> upload(const KeyPoints<C>& pts, int device) {
  if (!pts.is_encoded()) return msm::cuda::GpuMsm<C>(pts.decoded(), device);
  try {
    auto m = msm::cuda::GpuMsm<C>::from_encoded(pts.encoded(), device);
    pts.check_file_unchanged();
    return m;
  } catch (const msm::cuda::BadEncodedPoint& e) {
    pts.check_file_unchanged();  // a file rewritten under us is the error to report
    throw DecodeError(pts.point_error(e.index));
  }
}

}  // namespace

template <class E>
struct GpuZkeyProver<E>::Impl {
  using F = typename E::Fr;
  const ZkeyProvingKey<E>& pk;
  int device;
  msm::cuda::GpuMsm<typename E::G1> a, b1, c, h;
  msm::cuda::GpuMsm<typename E::G2> b2;
  DeviceSparseRows<F> qa, qb;  // the A and B matrices, for compute(witness)
  std::mutex busy;             // one proof at a time in the buffers below
  // a | b | c on the device (c = a * b: circom keys carry no C matrix); the witness
  gpu::DeviceBuffer abc, w;
  msm::cuda::MsmWorkspace ws;
  gpu::Stream stream;  // last: destroyed first, once its work on the buffers above is done

  Impl(const ZkeyProvingKey<E>& k, int dev)
      : pk(k),
        device(dev),
        a(upload(k.a, dev)),
        b1(upload(k.b1, dev)),
        c(upload(k.c, dev)),
        h(upload(k.h, dev)),
        b2(upload(k.b2, dev)),
        qa(k.qap_a),
        qb(k.qap_b),
        abc(3 * size_t(k.domain_size) * sizeof(F)),
        w(std::max<size_t>(1, k.n_vars) * sizeof(F)) {}
};

template <class E>
GpuZkeyProver<E>::GpuZkeyProver(const ZkeyProvingKey<E>& pk, int device) {
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  impl_ = std::make_unique<Impl>(pk, device);
}

template <class E>
GpuZkeyProver<E>::~GpuZkeyProver() = default;

template <class E>
size_t GpuZkeyProver<E>::device_bytes() const {
  const auto& I = *impl_;
  const size_t g1 = sizeof(ec::Affine<typename E::G1>), g2 = sizeof(ec::Affine<typename E::G2>);
  return (I.a.size() + I.b1.size() + I.c.size() + I.h.size()) * g1 + I.b2.size() * g2 + I.qa.device_bytes() +
         I.qb.device_bytes() + I.abc.size() + I.w.size();
}

template <class E>
ProofTerms<E> GpuZkeyProver<E>::compute(std::span<const typename E::Fr> witness, GpuTimings* t) {
  auto& I = *impl_;
  check_witness_length(I.pk, witness.size());
  std::lock_guard lk(I.busy);
  return compute_locked(witness, {}, t);
}

template <class E>
ProofTerms<E> GpuZkeyProver<E>::compute_evaluated(std::span<const typename E::Fr> witness,
                                                  std::span<const typename E::Fr> ab, GpuTimings* t) {
  auto& I = *impl_;
  check_witness_length(I.pk, witness.size());
  if (ab.size() != 2 * size_t(I.pk.domain_size))
    throw Error("GPU zkey prover: a | b holds " + std::to_string(ab.size()) + " elements, the key's domain needs " +
                std::to_string(2 * size_t(I.pk.domain_size)));
  std::lock_guard lk(I.busy);
  return compute_locked(witness, ab, t);
}

template <class E>
ProofTerms<E> GpuZkeyProver<E>::compute_locked(std::span<const typename E::Fr> witness,
                                               std::span<const typename E::Fr> ab, GpuTimings* t) {
  using F = typename E::Fr;
  auto& I = *impl_;
  const auto& pk = I.pk;
  CUZK_CUDA_CHECK(cudaSetDevice(I.device));
  const size_t n = pk.domain_size;
  const cudaStream_t s = I.stream;

  // the witness (and a | b when given) up; a | b made there otherwise; c = a * b
  Stopwatch sw;
  F* d_abc = I.abc.template as<F>();
  const F* dw = I.w.template as<F>();
  // pageable sources through the device's pinned staging chunks, at memcpy speed
  const auto up = [&](void* dst, const void* src, size_t bytes) {
    if (gpu::is_pinned(src))
      CUZK_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s));
    else
      gpu::staged_upload(dst, src, bytes, s);
  };
  up(I.w.get(), witness.data(), witness.size() * sizeof(F));
  if (!ab.empty()) up(d_abc, ab.data(), 2 * n * sizeof(F));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  const double t_h2d = sw.seconds();

  const auto& domain = ntt::cuda::cached_domain<F>(pk.log_n(), ff::RootConvention::kSnarkjs);
  if (ab.empty()) {
    I.qa.mul(dw, d_abc, n, s);
    I.qb.mul(dw, d_abc + n, n, s);
  }
  launch_product<F>(d_abc + 2 * n, d_abc, d_abc + n, n, s);
  ntt::cuda::gpu_compute_h_snarkjs<F>(domain, d_abc, d_abc + n, d_abc + 2 * n, nullptr, s);
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  const double t_ntt = sw.seconds();

  const size_t nw = witness.size(), priv = nw - pk.n_public - 1;
  ProofTerms<E> out;
  out.a = I.a.run_device(dw, nw, s, &I.ws);
  out.b_g1 = I.b1.run_device(dw, nw, s, &I.ws);
  out.b_g2 = I.b2.run_device(dw, nw, s, &I.ws);
  out.l = priv ? I.c.run_device(dw + pk.n_public + 1, priv, s, &I.ws) : ec::Jacobian<typename E::G1>::infinity();
  out.h = I.h.run_device(d_abc, n, s, &I.ws);
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  if (t) {
    t->h2d += t_h2d;
    t->h2d_bytes += ((ab.empty() ? 0 : 2 * n) + nw) * sizeof(F);
    t->ntt += t_ntt - t_h2d;
    t->msm += sw.seconds() - t_ntt;
  }
  return out;
}

template class GpuZkeyProver<Bls12_381>;
template class GpuZkeyProver<Bn254>;

}  // namespace cuzk::groth16::cuda
