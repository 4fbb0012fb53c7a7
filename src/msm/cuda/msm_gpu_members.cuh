// The members of GpuMsm<C> (msm_gpu.hpp): the bases uploaded or made on the
// device, the accessors, and the run overloads' checks before Impl::run_any.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "ec/batch_affine.hpp"
#include "ec/serialize_snarkjs.hpp"
#include "ec/scalar_mul.hpp"
#include "ff/field_io.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/stream.hpp"
#include "msm/cuda/msm_base_kernels.cuh"
#include "msm/cuda/msm_device_guard.hpp"
#include "msm/cuda/msm_gpu.hpp"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_launch_config.hpp"
#include "msm/cuda/msm_workspace.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace detail {

// Whether n bases stay on the device, with room left for the scratch of a
// call (about 20 bytes per point per window batch).
template <class C>
bool fits_resident(size_t n) {
  const size_t need = n * sizeof(gd::DevPoint<C>) + (n / 32 + 1) * 4;
  size_t free_b = 0, total_b = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  return need + (size_t(4) << 30) <= free_b;
}

}  // namespace detail

template <class C>
GpuMsm<C>::GpuMsm(std::span<const ec::Affine<C>> bases, int device, GpuMsmOptions opt)
    : impl_(std::make_unique<Impl>()) {
  using DP = gd::DevPoint<C>;
  Impl& I = *impl_;
  if (bases.size() >= (size_t(1) << 31))
    throw Error("GpuMsm: " + std::to_string(bases.size()) + " bases (at most 2^31 - 1)");
  detail::DeviceGuard g(device);
  I.begin(device, bases.size(), opt);
  {
    std::atomic<bool> inf{false};
    parallel_for(I.n, size_t(1) << 16, [&](size_t b, size_t e) {
      if (std::any_of(bases.begin() + b, bases.begin() + e, [](const ec::Affine<C>& p) { return p.inf; }))
        inf.store(true, std::memory_order_relaxed);
    });
    I.any_inf = inf.load();
  }
  I.resident = !opt.stream_bases && detail::fits_resident<C>(I.n);
  if (!I.resident) {
    I.host_bases = bases.data();
    return;
  }
  I.points.ensure(std::max<size_t>(1, I.n) * sizeof(DP));
  I.inf_words.ensure((I.n / 32 + 1) * 4);
  const size_t ch = std::min(I.chunk, std::max<size_t>(I.n, 32));
  // Pageable bases cross through the process's pinned staging chunks, filled
  // by all cores while the previous chunk is in flight (a plain cudaMemcpy
  // from pageable memory runs at a few GB/s); stream order keeps each chunk's
  // conversion before the next upload into `raw`.
  DevBuf raw;
  raw.ensure(ch * sizeof(ec::Affine<C>));
  gpu::Stream s(device);
  for (size_t a = 0; a < I.n; a += ch) {
    const size_t b = std::min(I.n, a + ch);
    gpu::staged_upload(raw.p, bases.data() + a, (b - a) * sizeof(ec::Affine<C>), s.get());
    kernels::k_convert<C><<<detail::blocks_for(b - a, 256), 256, 0, s.get()>>>(
        raw.as<ec::Affine<C>>(), b - a, static_cast<DP*>(I.points.p) + a, static_cast<uint32_t*>(I.inf_words.p) + a / 32);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  s.synchronize();
}

template <class C>
GpuMsm<C> GpuMsm<C>::from_encoded(std::span<const uint8_t> bytes, int device, GpuMsmOptions opt) {
  using DP = gd::DevPoint<C>;
  constexpr size_t w = sizeof(DP);
  static_assert(w == 2 * sizeof(typename C::Base), "an encoded point is x | y with nothing between");
  if (bytes.size() % w)
    throw Error("GpuMsm::from_encoded: " + std::to_string(bytes.size()) + " bytes are not whole " + std::to_string(w) +
                "-byte points");
  const size_t n = bytes.size() / w;
  if (n >= (size_t(1) << 31)) throw Error("GpuMsm: " + std::to_string(n) + " bases (at most 2^31 - 1)");
  const auto bad_point = [&](size_t i) {
    return BadEncodedPoint(i, ec::snarkjs::decode_error<C>(bytes.data() + i * w, ec::SubgroupCheck::kSkip));
  };
  detail::DeviceGuard g(device);
  if (opt.stream_bases || !detail::fits_resident<C>(n)) {
    // decoded and checked here, then streamed as the span constructor's bases are
    std::vector<ec::Affine<C>> host(n);
    const size_t bad = ec::snarkjs::decode_many<C>(bytes.data(), n, host.data(), ec::SubgroupCheck::kSkip);
    if (bad != SIZE_MAX) throw bad_point(bad);
    opt.stream_bases = true;
    GpuMsm m(host, device, opt);
    m.impl_->own_host_bases = std::move(host);  // the points stay where m's host_bases points
    return m;
  }
  GpuMsm m;
  m.impl_ = std::make_unique<Impl>();
  Impl& I = *m.impl_;
  I.begin(device, n, opt);
  I.resident = true;
  I.points.ensure(std::max<size_t>(1, n) * w);
  I.inf_words.ensure((n / 32 + 1) * 4);
  DevBuf flags;  // the least bad index, then "any infinity"
  flags.ensure(sizeof(unsigned long long) + sizeof(uint32_t));
  auto* d_bad = flags.as<unsigned long long>();
  auto* d_inf = reinterpret_cast<uint32_t*>(d_bad + 1);
  gpu::Stream s(device);
  CUZK_CUDA_CHECK(cudaMemsetAsync(d_bad, 0xff, sizeof(unsigned long long), s.get()));
  CUZK_CUDA_CHECK(cudaMemsetAsync(d_inf, 0, sizeof(uint32_t), s.get()));
  const size_t ch = std::min(I.chunk, std::max<size_t>(n, 32));
  for (size_t a = 0; a < n; a += ch) {
    const size_t b = std::min(n, a + ch);
    auto* dst = static_cast<DP*>(I.points.p) + a;
    gpu::staged_upload(dst, bytes.data() + a * w, (b - a) * w, s.get());
    kernels::k_check_encoded<C><<<detail::blocks_for(b - a, 256), 256, 0, s.get()>>>(
        dst, b - a, a, static_cast<uint32_t*>(I.inf_words.p) + a / 32, d_bad, d_inf);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  unsigned long long bad = 0;
  uint32_t any_inf = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&bad, d_bad, sizeof bad, cudaMemcpyDeviceToHost, s.get()));
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&any_inf, d_inf, sizeof any_inf, cudaMemcpyDeviceToHost, s.get()));
  s.synchronize();
  if (bad != ~0ull) throw bad_point(size_t(bad));
  I.any_inf = any_inf != 0;
  return m;
}

template <class C>
GpuMsm<C> GpuMsm<C>::random_bases(size_t n, uint64_t seed, int device, GpuMsmOptions opt) {
  using DP = gd::DevPoint<C>;
  if (n >= (size_t(1) << 30)) throw Error("GpuMsm::random_bases: at most 2^30 points");
  GpuMsm m;
  m.impl_ = std::make_unique<Impl>();
  Impl& I = *m.impl_;
  I.resident = true;
  I.any_inf = false;
  detail::DeviceGuard g(device);
  I.begin(device, n, opt);
  // tables T_t[a] = (a + 1) Q_t
  std::mt19937_64 rng(seed);
  std::vector<ec::Jacobian<C>> tab(3 * 1024);
  for (int t = 0; t < 3; ++t) {
    const ec::Affine<C> q =
        ec::mul(ec::Jacobian<C>::generator(), ff::random_element<typename C::Scalar>(rng)).to_affine();
    ec::Jacobian<C> acc = ec::Jacobian<C>::from_affine(q);
    for (int a = 0; a < 1024; ++a) {
      tab[t * 1024 + a] = acc;
      acc += q;
    }
  }
  const std::vector<ec::Affine<C>> aff = ec::batch_to_affine<C>(tab);
  DevBuf dtab;
  dtab.ensure(aff.size() * sizeof(ec::Affine<C>));
  CUZK_CUDA_CHECK(cudaMemcpy(dtab.p, aff.data(), aff.size() * sizeof(ec::Affine<C>), cudaMemcpyHostToDevice));
  I.points.ensure(std::max<size_t>(1, n) * sizeof(DP));
  if (n) {
    kernels::k_generate<C><<<detail::blocks_for((n + 7) / 8, 128), 128>>>(dtab.as<ec::Affine<C>>(), n, static_cast<DP*>(I.points.p));
    CUZK_CUDA_CHECK_LAUNCH();
  }
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  return m;
}

template <class C>
GpuMsm<C>::~GpuMsm() {
  if (impl_) {
    int prev = 0;
    cudaGetDevice(&prev);
    cudaSetDevice(impl_->device);
    impl_.reset();
    cudaSetDevice(prev);
  }
}
template <class C>
GpuMsm<C>::GpuMsm(GpuMsm&&) noexcept = default;
template <class C>
GpuMsm<C>& GpuMsm<C>::operator=(GpuMsm&&) noexcept = default;

template <class C>
size_t GpuMsm<C>::size() const {
  return impl_->n;
}
template <class C>
bool GpuMsm<C>::resident() const {
  return impl_->resident;
}
template <class C>
int GpuMsm<C>::device() const {
  return impl_->device;
}
template <class C>
const GpuMsmStats& GpuMsm<C>::last_stats() const {
  return impl_->stats;
}

template <class C>
void GpuMsm<C>::set_options(const GpuMsmOptions& o) {
  impl_->opt.window_bits = o.window_bits;
  impl_->opt.max_scratch_bytes = o.max_scratch_bytes;
  impl_->opt.profile = o.profile;
  impl_->opt.affine_accumulation = o.affine_accumulation;
  impl_->profile = Impl::profile_env_flag() || o.profile;
}

template <class C>
std::vector<ec::Affine<C>> GpuMsm<C>::download_bases() const {
  using DP = gd::DevPoint<C>;
  const Impl& I = *impl_;
  if (!I.resident) return std::vector<ec::Affine<C>>(I.host_bases, I.host_bases + I.n);
  detail::DeviceGuard g(I.device);
  std::vector<DP> d(I.n);
  if (I.n) CUZK_CUDA_CHECK(cudaMemcpy(d.data(), I.points.p, I.n * sizeof(DP), cudaMemcpyDeviceToHost));
  std::vector<uint32_t> inf;
  if (I.any_inf) {
    inf.resize(I.n / 32 + 1);
    CUZK_CUDA_CHECK(cudaMemcpy(inf.data(), I.inf_words.p, inf.size() * 4, cudaMemcpyDeviceToHost));
  }
  std::vector<ec::Affine<C>> out(I.n);
  for (size_t i = 0; i < I.n; ++i) {
    const bool is_inf = I.any_inf && ((inf[i >> 5] >> (i & 31)) & 1u);
    out[i] = is_inf ? ec::Affine<C>::infinity() : ec::Affine<C>{d[i].x, d[i].y, false};
  }
  return out;
}

template <class C>
ec::Jacobian<C> GpuMsm<C>::run(std::span<const Scalar> host_scalars, cudaStream_t s, MsmWorkspace* ws) {
  if (host_scalars.size() > impl_->n)
    throw Error("GpuMsm::run: " + std::to_string(host_scalars.size()) + " scalars but " + std::to_string(impl_->n) +
                " bases");
  return impl_->run_any(nullptr, host_scalars.data(), nullptr, nullptr, host_scalars.size(), s, ws).to_jacobian();
}

template <class C>
ec::Jacobian<C> GpuMsm<C>::run_device(const Scalar* d_scalars, size_t n, cudaStream_t s, MsmWorkspace* ws) {
  if (n > impl_->n)
    throw Error("GpuMsm::run_device: " + std::to_string(n) + " scalars but " + std::to_string(impl_->n) + " bases");
  return impl_->run_any(d_scalars, nullptr, nullptr, nullptr, n, s, ws).to_jacobian();
}

template <class C>
ec::Jacobian<C> GpuMsm<C>::run(const GpuSelection& sel, std::span<const Scalar> host_scalars, cudaStream_t s,
                               MsmWorkspace* ws) {
  if (sel.size() != host_scalars.size())
    throw Error("GpuMsm::run: selection of " + std::to_string(sel.size()) + " bases but " +
                std::to_string(host_scalars.size()) + " scalars");
  if (sel.domain() > impl_->n)
    throw Error("GpuMsm::run: selection over " + std::to_string(sel.domain()) + " bases but the key has " +
                std::to_string(impl_->n));
  return impl_->run_any(nullptr, host_scalars.data(), sel.device_indices(), sel.host_indices().data(), sel.size(), s, ws)
      .to_jacobian();
}

template <class C>
ec::Jacobian<C> GpuMsm<C>::run_device(const GpuSelection& sel, const Scalar* d_scalars, cudaStream_t s,
                                      MsmWorkspace* ws) {
  if (sel.domain() > impl_->n)
    throw Error("GpuMsm::run_device: selection over " + std::to_string(sel.domain()) + " bases but the key has " +
                std::to_string(impl_->n));
  return impl_->run_any(d_scalars, nullptr, sel.device_indices(), sel.host_indices().data(), sel.size(), s, ws)
      .to_jacobian();
}

template <class C>
ec::Jacobian<C> GpuMsm<C>::run_device_indexed(const uint32_t* d_index, const Scalar* d_scalars, size_t n,
                                              cudaStream_t s, MsmWorkspace* ws) {
  if (!impl_->resident) throw Error("GpuMsm::run_device_indexed: needs resident bases (use a GpuSelection)");
  return impl_->run_any(d_scalars, nullptr, d_index, nullptr, n, s, ws).to_jacobian();
}

}  // namespace cuzk::msm::cuda
