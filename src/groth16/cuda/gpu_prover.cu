#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/stream.hpp"
#include "groth16/cuda/device_matrices.cuh"
#include "groth16/cuda/gpu_prover.hpp"
#include "groth16/cuda/product_kernel.cuh"
#include "msm/cuda/msm_gpu.hpp"
#include "ntt/cuda/gpu_ntt.hpp"

namespace cuzk::groth16::cuda {

namespace {

template <class F>
__global__ void gather_kernel(F* __restrict__ out, const F* __restrict__ in, const uint32_t* __restrict__ idx, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    out[i] = in[idx[i]];
}

// Grows-only device allocation.
struct DevVec {
  gpu::DeviceBuffer buf;
  void* p = nullptr;
  void* ensure(size_t b) {
    if (b > buf.size()) {
      buf = gpu::DeviceBuffer();  // the old one goes before the larger one is made
      buf = gpu::DeviceBuffer(b);
      p = buf.get();
    }
    return p;
  }
};

// Which witness entries feed the A and B queries (their bases skip unused
// variables), on the device. They depend on the circuit only, so a key builds
// them once and every proof of that circuit reuses them; immutable once made
// (a prover holds a shared_ptr while its kernels read them).
struct IndexLists {
  r1cs::Density a_aux, b_in, b_aux;  // the densities they were built from
  DevVec idx_a, idx_b;
  size_t na = 0, nb = 0;

  template <class F>
  bool built_for(const r1cs::ProvingAssignment<F>& pa) const {
    return a_aux == pa.a_aux_density() && b_in == pa.b_input_density() && b_aux == pa.b_aux_density();
  }
  template <class F>
  explicit IndexLists(const r1cs::ProvingAssignment<F>& pa)
      : a_aux(pa.a_aux_density()), b_in(pa.b_input_density()), b_aux(pa.b_aux_density()) {
    const size_t ni = pa.inputs().size(), naux = pa.aux().size();
    std::vector<uint32_t> ia, ib;
    ia.reserve(ni + a_aux.count());
    for (size_t i = 0; i < ni; ++i) ia.push_back(uint32_t(i));
    for (size_t k = 0; k < naux; ++k)
      if (a_aux.get(k)) ia.push_back(uint32_t(ni + k));
    for (size_t i = 0; i < ni; ++i)
      if (b_in.get(i)) ib.push_back(uint32_t(i));
    for (size_t k = 0; k < naux; ++k)
      if (b_aux.get(k)) ib.push_back(uint32_t(ni + k));
    na = ia.size();
    nb = ib.size();
    idx_a.ensure(std::max<size_t>(1, na) * 4);
    idx_b.ensure(std::max<size_t>(1, nb) * 4);
    if (na) CUZK_CUDA_CHECK(cudaMemcpy(idx_a.p, ia.data(), na * 4, cudaMemcpyHostToDevice));
    if (nb) CUZK_CUDA_CHECK(cudaMemcpy(idx_b.p, ib.data(), nb * 4, cudaMemcpyHostToDevice));
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

template <class E>
struct GpuProvingKey<E>::Impl {
  int device;
  msm::cuda::GpuMsm<typename E::G1> h, l, a, b1;
  msm::cuda::GpuMsm<typename E::G2> b2;
  std::mutex lists_mu;
  std::shared_ptr<const IndexLists> lists;  // of the last circuit proven with this key

  // The index lists for pa's circuit: cached, rebuilt only for another circuit of the same sizes.
  template <class F>
  std::shared_ptr<const IndexLists> index_lists(const r1cs::ProvingAssignment<F>& pa) {
    std::lock_guard lk(lists_mu);
    if (!lists || !lists->built_for(pa)) lists = std::make_shared<const IndexLists>(pa);
    return lists;
  }
  Impl(const ProvingKey<E>& pk, int dev)
      : device(dev), h(pk.h, dev), l(pk.l, dev), a(pk.a, dev), b1(pk.b_g1, dev), b2(pk.b_g2, dev) {}
  Impl(const Sizes& s, uint64_t seed, int dev)
      : device(dev),
        h(msm::cuda::GpuMsm<typename E::G1>::random_bases(s.h, seed, dev)),
        l(msm::cuda::GpuMsm<typename E::G1>::random_bases(s.l, seed + 1, dev)),
        a(msm::cuda::GpuMsm<typename E::G1>::random_bases(s.a, seed + 2, dev)),
        b1(msm::cuda::GpuMsm<typename E::G1>::random_bases(s.b, seed + 3, dev)),
        b2(msm::cuda::GpuMsm<typename E::G2>::random_bases(s.b, seed + 4, dev)) {}
};

template <class E>
std::unique_ptr<GpuProvingKey<E>> GpuProvingKey<E>::random_for_benchmark(Sizes sizes, uint64_t seed, int device) {
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  std::unique_ptr<GpuProvingKey<E>> k(new GpuProvingKey<E>());
  k->impl_ = std::make_unique<Impl>(sizes, seed, device);
  return k;
}

template <class E>
void GpuProvingKey<E>::check_matches(const r1cs::ProvingAssignment<typename E::Fr>& pa) const {
  const auto& k = *impl_;
  check_key_sizes({k.h.size(), k.l.size(), k.a.size(), k.b1.size(), k.b2.size()}, pa, "device proving key");
}

template <class E>
GpuProvingKey<E>::GpuProvingKey(const ProvingKey<E>& pk, int device) {
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  impl_ = std::make_unique<Impl>(pk, device);
}
template <class E>
GpuProvingKey<E>::~GpuProvingKey() = default;
template <class E>
int GpuProvingKey<E>::device() const {
  return impl_->device;
}
template <class E>
void GpuProvingKey<E>::set_msm_scratch_limit(size_t bytes) {
  msm::cuda::GpuMsmOptions o;
  o.max_scratch_bytes = bytes;
  for (auto* m : {&impl_->h, &impl_->l, &impl_->a, &impl_->b1}) m->set_options(o);
  impl_->b2.set_options(o);
}

template <class E>
size_t GpuProvingKey<E>::device_bytes() const {
  auto g1 = sizeof(ec::Affine<typename E::G1>), g2 = sizeof(ec::Affine<typename E::G2>);
  return (impl_->h.size() + impl_->l.size() + impl_->a.size() + impl_->b1.size()) * g1 + impl_->b2.size() * g2;
}

template <class E>
struct GpuProver<E>::Impl {
  using F = typename E::Fr;
  int device;
  std::mutex* lock;
  DevVec abc, witness, gathered, first_bad;
  // a and b of the current proof (in abc, or in a stream's device memory);
  // c = a * b always in abc's third part
  typename E::Fr *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  std::shared_ptr<const IndexLists> lists;
  std::unique_ptr<gpu::HostToDevice> h2d;
  msm::cuda::MsmWorkspace ws;
  size_t n = 0, m = 0, ni = 0;
  gpu::Stream stream;  // last: destroyed first, once its work on the buffers above is done

  F* d_w() { return static_cast<F*>(witness.p); }
};

template <class E>
GpuProver<E>::GpuProver(int device, std::mutex* kernel_lock, bool stage_pageable) {
  CUZK_CUDA_CHECK(cudaSetDevice(device));  // the stream and the buffers belong to it
  impl_ = std::make_unique<Impl>();
  impl_->device = device;
  impl_->lock = kernel_lock;
  impl_->h2d = std::make_unique<gpu::HostToDevice>(stage_pageable ? gpu::HostToDevice::Pageable::kStaged
                                                                  : gpu::HostToDevice::Pageable::kDirect);
}

template <class E>
GpuProver<E>::~GpuProver() {
  if (impl_) cudaSetDevice(impl_->device);
}

template <class E>
std::optional<size_t> GpuProver<E>::copy_inputs(const GpuProvingKey<E>& key,
                                                const r1cs::ProvingAssignment<typename E::Fr>& pa, GpuTimings* t,
                                                const DeviceAbcStream<typename E::Fr>* streamed,
                                                const DeviceConstraintMatrices<typename E::Fr>* matrices) {
  using F = typename E::Fr;
  auto& I = *impl_;
  if (key.device() != I.device) throw Error("GPU prover: key is on device " + std::to_string(key.device()) +
                                            ", prover on device " + std::to_string(I.device));
  key.check_matches(pa);
  CUZK_CUDA_CHECK(cudaSetDevice(I.device));
  const auto t0 = std::chrono::steady_clock::now();
  I.m = pa.abc_length();
  I.n = size_t(1) << ntt::Domain<F>::log_size_for(I.m);
  I.ni = pa.inputs().size();
  const size_t naux = pa.aux().size();

  I.lists = key.impl().index_lists(pa);
  const size_t na = I.lists->na, nb = I.lists->nb;

  F* w = static_cast<F*>(I.witness.ensure((I.ni + naux) * sizeof(F)));
  // the gathered scalars come after the NTTs: their buffer is the NTTs' scratch first
  I.gathered.ensure(std::max({size_t(1), na, nb, I.n}) * sizeof(F));
  const cudaStream_t s = I.stream;
  F* abc = static_cast<F*>(I.abc.ensure(3 * I.n * sizeof(F)));
  I.d_c = abc + 2 * I.n;
  if (pa.streamed()) {
    if (!streamed) throw Error("GPU prover: the assignment's a/b were streamed, but no stream was given");
    if (!streamed->closed() || streamed->device() != I.device || streamed->domain_size() != I.n)
      throw Error("GPU prover: the a/b stream is not closed, on another device, or of another size");
    I.d_a = streamed->device_ab();
    I.d_b = I.d_a + I.n;
  } else if (pa.a_b_on_device()) {
    if (!matrices || !(matrices->shape() == pa.shape()))
      throw Error("GPU prover: a/b are to be made on the device, but no matrices of the circuit's shape were given");
    I.d_a = abc;
    I.d_b = abc + I.n;
  } else {
    I.d_a = abc;
    I.d_b = abc + I.n;
    const std::span<const F> src[2] = {pa.a(), pa.b()};
    for (int k = 0; k < 2; ++k) {
      I.h2d->copy(abc + k * I.n, src[k].data(), I.m * sizeof(F), s);
      if (I.n > I.m) CUZK_CUDA_CHECK(cudaMemsetAsync(abc + k * I.n + I.m, 0, (I.n - I.m) * sizeof(F), s));
    }
  }
  I.h2d->copy(w, pa.inputs().data(), I.ni * sizeof(F), s);
  I.h2d->copy(w + I.ni, pa.aux().data(), naux * sizeof(F), s);
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));  // the host buffers may be released after this
  const bool host_ab = !pa.streamed() && !pa.a_b_on_device();
  if (t) {
    t->h2d += seconds_since(t0);
    t->h2d_bytes += ((host_ab ? 2 * I.m : 0) + I.ni + naux) * sizeof(F);
  }
  if (!pa.a_b_on_device()) return std::nullopt;
  const auto t1 = std::chrono::steady_clock::now();
  auto* bad = static_cast<unsigned long long*>(I.first_bad.ensure(sizeof(unsigned long long)));
  matrices->products(w, I.d_a, I.d_b, I.n, bad, s);
  unsigned long long first = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&first, bad, sizeof first, cudaMemcpyDeviceToHost, s));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  if (t) t->products += seconds_since(t1);
  if (first == ~0ull) return std::nullopt;
  return size_t(first);
}

template <class E>
ProofTerms<E> GpuProver<E>::compute_copied(const GpuProvingKey<E>& key,
                                            const r1cs::ProvingAssignment<typename E::Fr>& pa, GpuTimings* t) {
  using F = typename E::Fr;
  auto& I = *impl_;
  auto& K = key.impl();
  CUZK_CUDA_CHECK(cudaSetDevice(I.device));
  const cudaStream_t s = I.stream;
  std::unique_lock<std::mutex> lk;
  if (I.lock) lk = std::unique_lock<std::mutex>(*I.lock);
  const auto t0 = std::chrono::steady_clock::now();
  const int log_n = ntt::Domain<F>::log_size_for(I.m);
  const auto& domain = ntt::cuda::cached_domain<F>(log_n, ff::RootConvention::kBellperson);
  F* a = I.d_a;
  launch_product<F>(I.d_c, a, I.d_b, I.n, s);
  ntt::cuda::gpu_compute_h_bellperson<F>(domain, a, I.d_b, I.d_c, static_cast<F*>(I.gathered.p), s);
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  const auto t1 = std::chrono::steady_clock::now();

  ProofTerms<E> out;
  out.h = K.h.run_device(a, I.n - 1, s, &I.ws);
  const size_t naux = pa.aux().size();
  F* w = I.d_w();
  out.l = K.l.run_device(w + I.ni, naux, s, &I.ws);
  F* g = static_cast<F*>(I.gathered.p);
  auto gather = [&](const DevVec& idx, size_t count) {
    if (!count) return;
    const unsigned blocks = unsigned(std::min<size_t>((count + 255) / 256, 65535));
    gather_kernel<F><<<blocks, 256, 0, s>>>(g, w, static_cast<const uint32_t*>(idx.p), count);
    CUZK_CUDA_CHECK_LAUNCH();
  };
  const IndexLists& L = *I.lists;
  gather(L.idx_a, L.na);
  out.a = L.na ? K.a.run_device(g, L.na, s, &I.ws) : ec::Jacobian<typename E::G1>::infinity();
  gather(L.idx_b, L.nb);
  out.b_g1 = L.nb ? K.b1.run_device(g, L.nb, s, &I.ws) : ec::Jacobian<typename E::G1>::infinity();
  out.b_g2 = L.nb ? K.b2.run_device(g, L.nb, s, &I.ws) : ec::Jacobian<typename E::G2>::infinity();
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  if (t) {
    t->ntt += std::chrono::duration<double>(t1 - t0).count();
    t->msm += seconds_since(t1);
  }
  return out;
}

template class GpuProvingKey<Bls12_381>;
template class GpuProvingKey<Bn254>;
template class GpuProver<Bls12_381>;
template class GpuProver<Bn254>;

}  // namespace cuzk::groth16::cuda
