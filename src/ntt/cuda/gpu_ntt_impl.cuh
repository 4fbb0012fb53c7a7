// Definitions of gpu_ntt.hpp, included by one translation unit per field
// (gpu_ntt_bls12_381_fr.cu, gpu_ntt_bn254_fr.cu) which instantiates them.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "gpu/cuda_check.hpp"
#include "ntt/cuda/gpu_ntt.hpp"
#include "ntt/cuda/ntt_kernels.cuh"
#include "ntt/domain.hpp"

namespace cuzk::ntt::cuda {

namespace detail {

template <class F>
using PassFn = void (*)(PassArgs<F>);

template <class F>
struct PassKernel {
  PassFn<F> fn = nullptr;
  int threads = 0;
  int smem = 0;
  int tile_log = 0;
};

template <class F, int R, int G, bool C>
PassKernel<F> pass_kernel() {
  return {&ntt_pass_kernel<F, R, G, C>, kThreads<R, G>, (1 << (R + G)) * 32, R + G};
}

// Tile shapes (groups x radix): 512 elements for radix 2^6, 1024 for the
// others, so radix 2^7..2^9 run 128-thread blocks (8 elements per thread).
// Larger tiles (2048 elements, 256 threads) fit fewer registers per thread
// and spill; they measured slower (src/ntt/cuda/NOTES.md).
template <class F, bool C>
PassKernel<F> pick_pass_kernel_kind(int r) {
  switch (r) {
    case 6: return pass_kernel<F, 6, 3, C>();
    case 7: return pass_kernel<F, 7, 3, C>();
    case 8: return pass_kernel<F, 8, 2, C>();
    case 9: return pass_kernel<F, 9, 1, C>();
  }
  throw Error("GPU NTT: no kernel for radix 2^" + std::to_string(r));
}

template <class F>
PassKernel<F> pick_pass_kernel(bool column, int r) {
  return column ? pick_pass_kernel_kind<F, true>(r) : pick_pass_kernel_kind<F, false>(r);
}

// Env CUZK_NTT_PLAN, for tuning on a new card: plans such as "8,6,6;9,9,9",
// each used for the size it sums to instead of make_plan's (the domain
// constructor checks them; docs/ENVIRONMENT.md).
inline const std::vector<std::vector<int>>& env_plans() {
  static const std::vector<std::vector<int>> plans = [] {
    const char* e = std::getenv("CUZK_NTT_PLAN");
    return e ? parse_plans(e) : std::vector<std::vector<int>>{};
  }();
  return plans;
}

inline unsigned blocks_for(size_t n, int threads) { return unsigned((n + threads - 1) / threads); }

// Pass kernels are launched as programmatic dependents of the kernel before
// them on the stream: each pass's blocks are scheduled while the previous
// pass drains and wait in ntt_kernels.cuh's wait_for_previous_grid, which
// hides the launch gap between passes.
template <class F>
void launch_pass(const PassKernel<F>& k, unsigned blocks, const PassArgs<F>& args, cudaStream_t s) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(unsigned(k.threads));
  cfg.dynamicSmemBytes = size_t(k.smem);
  cfg.stream = s;
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  CUZK_CUDA_CHECK(cudaLaunchKernelEx(&cfg, k.fn, args));
}

}  // namespace detail

template <class F>
struct GpuNttDomain<F>::Tables {
  gpu::DeviceBuffer W;                     // omega_4096^i, i < 2048
  gpu::DeviceBuffer tw_lo, tw_hi;          // omega_n two-level
  int tw_lo_bits = 0;
  gpu::DeviceBuffer col[detail::kMaxPasses];  // column-pass twiddles (pass 0 only with a full table)
  F w8[4];
};

template <class F>
struct GpuNttDomain<F>::PowTables {
  gpu::DeviceBuffer lo, hi;
  int lo_bits = 0;
};

namespace detail {

template <class F>
void launch_pow_table(F* out, const F& base, const F& scalar, uint32_t count, int step_log, cudaStream_t s) {
  pow_table_kernel<F><<<blocks_for(count, 256), 256, 0, s>>>(out, base, scalar, count, step_log);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace detail

template <class F>
GpuNttDomain<F>::GpuNttDomain(int log_n, ff::RootConvention conv, TwiddleMode mode, std::vector<int> plan)
    : log_n_(log_n), n_(size_t(1) << log_n), conv_(conv), t_(std::make_unique<Tables>()) {
  using namespace detail;
  if (log_n < 0 || log_n > kMaxLogN || log_n > F::Params::kTwoAdicity)
    throw Error("GpuNttDomain: domain 2^" + std::to_string(log_n) + " unsupported (at most 2^" +
                std::to_string(std::min<int>(kMaxLogN, F::Params::kTwoAdicity)) + ")");
  CUZK_CUDA_CHECK(cudaGetDevice(&device_));
  omega_ = ff::root_of_unity<F>(log_n, conv);
  n_inv_ = F::from_u64(n_).inverse();
  npass_ = make_plan(log_n, radix_);
  if (plan.empty() && npass_ > 0)
    for (const auto& p : env_plans())
      if (std::accumulate(p.begin(), p.end(), 0) == log_n) plan = p;
  if (!plan.empty()) {
    check_plan(log_n, plan);
    npass_ = int(plan.size());
    std::copy(plan.begin(), plan.end(), radix_);
  }
  // Read-once data (the input and the column twiddles) evict-first where the
  // scratch fits in L2, so that the scratch pass 1 writes is still there for
  // pass 2; where it does not fit there is nothing to keep, and the hint
  // measured neutral to slightly slower (NOTES.md). Env
  // CUZK_NTT_STREAM_READS=0/1 forces it off / on (docs/ENVIRONMENT.md).
  int l2_bytes = 0;
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device_));
  const char* force = std::getenv("CUZK_NTT_STREAM_READS");
  stream_reads_ = force ? std::atoi(force) != 0 : n_ * sizeof(F) <= size_t(l2_bytes);
  constexpr int kAutoFullTableMaxLog = 24;
  full_table_ = npass_ > 1 && (mode == TwiddleMode::kFullTable ||
                               (mode == TwiddleMode::kAuto && log_n <= kAutoFullTableMaxLog));

  const cudaStream_t s = nullptr;
  Tables& t = *t_;
  const F wW = ff::root_of_unity<F>(kLogW, conv);
  const F w8 = ff::root_of_unity<F>(3, conv);
  t.w8[0] = F::one();
  for (int i = 1; i < 4; ++i) t.w8[i] = t.w8[i - 1] * w8;
  t.W = gpu::DeviceBuffer((size_t(1) << (kLogW - 1)) * sizeof(F));
  launch_pow_table(t.W.template as<F>(), wW, F::one(), 1u << (kLogW - 1), 0, s);

  if (npass_ > 1) {
    t.tw_lo_bits = (log_n + 1) / 2;
    const uint32_t nlo = 1u << t.tw_lo_bits, nhi = 1u << (log_n - t.tw_lo_bits);
    t.tw_lo = gpu::DeviceBuffer(nlo * sizeof(F));
    t.tw_hi = gpu::DeviceBuffer(nhi * sizeof(F));
    launch_pow_table(t.tw_lo.template as<F>(), omega_, F::one(), nlo, 0, s);
    launch_pow_table(t.tw_hi.template as<F>(), omega_, F::one(), nhi, t.tw_lo_bits, s);
    const PowTable<F> two{t.tw_lo.template as<F>(), t.tw_hi.template as<F>(), t.tw_lo_bits};
    int log_N = log_n;
    for (int p = 0; p + 1 < npass_; ++p) {
      const int log_S = log_N - radix_[p];
      if (p > 0 || full_table_) {
        const uint32_t count = 1u << log_N;
        t.col[p] = gpu::DeviceBuffer(size_t(count) * sizeof(F));
        twiddle_table_kernel<F><<<blocks_for(count, 256), 256, 0, s>>>(t.col[p].template as<F>(), two, log_S, count,
                                                                        log_n - log_N);
        CUZK_CUDA_CHECK_LAUNCH();
      }
      log_N = log_S;
    }
    // kernels with more than 48 KB of shared memory must say so
    for (int p = 0; p < npass_; ++p) {
      const auto k = pick_pass_kernel<F>(p + 1 < npass_, radix_[p]);
      CUZK_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k.fn),
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, k.smem));
    }
  } else if (n_ * sizeof(F) > 48 * 1024) {
    CUZK_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(&ntt_small_kernel<F>),
                                         cudaFuncAttributeMaxDynamicSharedMemorySize, int(n_ * sizeof(F))));
  }
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
}

template <class F>
GpuNttDomain<F>::~GpuNttDomain() = default;

template <class F>
size_t GpuNttDomain<F>::table_bytes() const {
  size_t b = t_->W.size() + t_->tw_lo.size() + t_->tw_hi.size();
  for (auto& c : t_->col) b += c.size();
  return b;
}

template <class F>
void GpuNttDomain<F>::check_device() const {
  int dev = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&dev));
  if (dev != device_)
    throw Error("GpuNttDomain: built on device " + std::to_string(device_) + ", called with device " +
                std::to_string(dev) + " current");
}

template <class F>
const typename GpuNttDomain<F>::PowTables& GpuNttDomain<F>::pow_tables(const F& base, const F& scalar,
                                                                      cudaStream_t s) const {
  std::string key(reinterpret_cast<const char*>(&base), sizeof(F));
  key.append(reinterpret_cast<const char*>(&scalar), sizeof(F));
  std::lock_guard lk(mu_);
  auto it = pow_cache_.find(key);
  if (it != pow_cache_.end()) return *it->second;
  auto pt = std::make_unique<PowTables>();
  pt->lo_bits = (log_n_ + 1) / 2;
  const uint32_t nlo = 1u << pt->lo_bits, nhi = 1u << (log_n_ - pt->lo_bits);
  pt->lo = gpu::DeviceBuffer(nlo * sizeof(F));
  pt->hi = gpu::DeviceBuffer(nhi * sizeof(F));
  detail::launch_pow_table(pt->lo.template as<F>(), base, scalar, nlo, 0, s);
  detail::launch_pow_table(pt->hi.template as<F>(), base, F::one(), nhi, pt->lo_bits, s);
  // other streams may use the tables as soon as they are in the cache
  CUZK_CUDA_CHECK(cudaStreamSynchronize(s));
  return *pow_cache_.emplace(key, std::move(pt)).first->second;
}

template <class F>
void GpuNttDomain<F>::transform(const F* d_in, F* d_out, bool inverse, const Factor& pre, const Factor& post,
                                const F* pa, const F* pb, cudaStream_t s, F* d_scratch) const {
  using namespace detail;
  check_device();
  if ((pa == nullptr) != (pb == nullptr)) throw Error("GpuNttDomain::transform: pa and pb go together");
  auto to_scale = [&](const Factor& f) {
    Scale<F> sc{};
    sc.mode = kScaleNone;
    if (f.kind == Factor::kConst) {
      sc.mode = kScaleConst;
      sc.c = f.scalar;
    } else if (f.kind == Factor::kPowers) {
      const PowTables& pt = pow_tables(f.base, f.scalar, s);
      sc.mode = kScaleTable;
      sc.t = PowTable<F>{pt.lo.template as<F>(), pt.hi.template as<F>(), pt.lo_bits};
    }
    return sc;
  };
  const Tables& t = *t_;
  PassArgs<F> a{};
  a.W = t.W.template as<F>();
  for (int i = 0; i < 4; ++i) a.w8[i] = t.w8[i];
  a.log_n = log_n_;
  a.pre = to_scale(Factor::none());
  a.post = to_scale(Factor::none());
  const Scale<F> pre_s = to_scale(pre), post_s = to_scale(post);

  if (npass_ == 0) {
    a.in = d_in;
    a.out = d_out;
    a.pre = pre_s;
    a.post = post_s;
    a.negate = inverse;
    a.pa = pa;
    a.pb = pb;
    a.ndig = 0;
    ntt_small_kernel<F><<<1, kSmallThreads, unsigned(n_ * sizeof(F)), s>>>(a);
    CUZK_CUDA_CHECK_LAUNCH();
    return;
  }

  F* scratch = d_scratch;
  if (!scratch) CUZK_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&scratch), n_ * sizeof(F), s));
  if (scratch == d_in || scratch == d_out) throw Error("GpuNttDomain: the scratch buffer aliases the data");

  int log_N = log_n_;
  for (int p = 0; p < npass_; ++p) {
    const bool last = p + 1 == npass_;
    const auto k = pick_pass_kernel<F>(!last, radix_[p]);
    PassArgs<F> q = a;
    q.in = p == 0 ? d_in : scratch;
    q.stream_in = stream_reads_ && p == 0;
    q.stream_tw = stream_reads_;
    q.out = last ? d_out : scratch;
    if (p == 0) q.pre = pre_s;
    if (!last) {
      q.log_N = log_N;
      q.log_S = log_N - radix_[p];
      q.tw = t.col[p].size() ? t.col[p].template as<F>() : nullptr;
      q.tw2 = PowTable<F>{t.tw_lo.template as<F>(), t.tw_hi.template as<F>(), t.tw_lo_bits};
      q.tw_shift = log_n_ - log_N;
      log_N = q.log_S;
    } else {
      q.post = post_s;
      q.negate = inverse;
      q.pa = pa;
      q.pb = pb;
      q.ndig = npass_ - 1;
      int consumed = 0;
      for (int d = 0; d < npass_ - 1; ++d) {
        consumed += radix_[d];
        q.dig_bits[d] = radix_[d];
        q.dig_pos[d] = log_n_ - consumed;
      }
    }
    launch_pass(k, unsigned(n_ >> k.tile_log), q, s);
  }
  if (!d_scratch) CUZK_CUDA_CHECK(cudaFreeAsync(scratch, s));
}

template <class F>
void GpuNttDomain<F>::forward(F* d, cudaStream_t s, F* scratch) const {
  transform(d, d, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::forward(const F* in, F* out, cudaStream_t s, F* scratch) const {
  transform(in, out, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::inverse(F* d, cudaStream_t s, F* scratch) const {
  transform(d, d, true, Factor::none(), Factor::constant(n_inv_), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::inverse(const F* in, F* out, cudaStream_t s, F* scratch) const {
  transform(in, out, true, Factor::none(), Factor::constant(n_inv_), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::coset_forward(F* d, const F& shift, cudaStream_t s, F* scratch) const {
  transform(d, d, false, Factor::powers(shift, F::one()), Factor::none(), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::coset_forward(const F* in, F* out, const F& shift, cudaStream_t s, F* scratch) const {
  transform(in, out, false, Factor::powers(shift, F::one()), Factor::none(), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::coset_inverse(F* d, const F& shift, cudaStream_t s, F* scratch) const {
  transform(d, d, true, Factor::none(), Factor::powers(shift.inverse(), n_inv_), nullptr, nullptr, s, scratch);
}
template <class F>
void GpuNttDomain<F>::coset_inverse(const F* in, F* out, const F& shift, cudaStream_t s, F* scratch) const {
  transform(in, out, true, Factor::none(), Factor::powers(shift.inverse(), n_inv_), nullptr, nullptr, s, scratch);
}

template <class F>
const GpuNttDomain<F>& cached_domain(int log_n, ff::RootConvention conv) {
  static std::mutex mu;
  // never destroyed: device memory must not be freed during static destruction
  static auto* cache = new std::map<std::tuple<int, int, int>, std::unique_ptr<GpuNttDomain<F>>>();
  int dev = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&dev));
  std::lock_guard lk(mu);
  auto key = std::make_tuple(log_n, int(conv), dev);
  auto it = cache->find(key);
  if (it == cache->end()) it = cache->emplace(key, std::make_unique<GpuNttDomain<F>>(log_n, conv)).first;
  return *it->second;
}

// ---------------------------------------------------------------------------
// H step

template <class F>
void gpu_compute_h_bellperson(const GpuNttDomain<F>& d, F* a, F* b, F* c, F* scratch, cudaStream_t s) {
  using Factor = typename GpuNttDomain<F>::Factor;
  if (d.convention() != ff::RootConvention::kBellperson)
    throw Error("gpu_compute_h_bellperson: the domain must use the bellperson root convention");
  const size_t n = d.size();
  const F g = ff::multiplicative_generator<F>(ff::RootConvention::kBellperson);
  const F n_inv = F::from_u64(n).inverse();
  const F z_inv = (g.pow(uint64_t(n)) - F::one()).inverse();
  const bool own = !scratch && d.needs_scratch();  // stream-ordered, no host sync
  if (own) CUZK_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&scratch), n * sizeof(F), s));
  // coefficients of A, B, C scaled by g^i / n (iNTT + coset shift), then evaluated on <omega>
  for (F* x : {a, b, c}) d.transform(x, x, true, Factor::none(), Factor::powers(g, n_inv), nullptr, nullptr, s, scratch);
  d.transform(a, a, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
  d.transform(b, b, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
  // a <- A*B - C on the coset, fused into the last pass of C's NTT
  d.transform(c, a, false, Factor::none(), Factor::none(), a, b, s, scratch);
  // h = coset_iNTT(a / Z): coefficient i times g^-i z_inv / n
  d.transform(a, a, true, Factor::none(), Factor::powers(g.inverse(), z_inv * n_inv), nullptr, nullptr, s, scratch);
  if (own) CUZK_CUDA_CHECK(cudaFreeAsync(scratch, s));
}

template <class F>
void gpu_compute_h_snarkjs(const GpuNttDomain<F>& d, F* a, F* b, F* c, F* scratch, cudaStream_t s) {
  using Factor = typename GpuNttDomain<F>::Factor;
  if (d.convention() != ff::RootConvention::kSnarkjs)
    throw Error("gpu_compute_h_snarkjs: the domain must use the snarkjs root convention");
  if (d.log_n() + 1 > F::Params::kTwoAdicity)
    throw Error("gpu_compute_h_snarkjs: no 2n-th root of unity for n = 2^" + std::to_string(d.log_n()));
  const size_t n = d.size();
  const F shift = ff::root_of_unity<F>(d.log_n() + 1, ff::RootConvention::kSnarkjs);
  const F n_inv = F::from_u64(n).inverse();
  const bool own = !scratch && d.needs_scratch();  // stream-ordered, no host sync
  if (own) CUZK_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&scratch), n * sizeof(F), s));
  for (F* x : {a, b, c})
    d.transform(x, x, true, Factor::none(), Factor::powers(shift, n_inv), nullptr, nullptr, s, scratch);
  d.transform(a, a, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
  d.transform(b, b, false, Factor::none(), Factor::none(), nullptr, nullptr, s, scratch);
  d.transform(c, a, false, Factor::none(), Factor::none(), a, b, s, scratch);
  if (own) CUZK_CUDA_CHECK(cudaFreeAsync(scratch, s));
}

namespace detail {

template <class F, class Fn>
std::vector<F> h_host(std::span<const F> a, std::span<const F> b, std::span<const F> c, ff::RootConvention conv,
                      size_t keep, Fn&& fn) {
  if (b.size() != a.size() || c.size() != a.size())
    throw Error("GPU H step: a, b, c differ in length (" + std::to_string(a.size()) + ", " +
                std::to_string(b.size()) + ", " + std::to_string(c.size()) + ")");
  const int log_n = ntt::Domain<F>::log_size_for(a.size());
  const GpuNttDomain<F>& d = cached_domain<F>(log_n, conv);
  const size_t n = d.size(), bytes = n * sizeof(F);
  gpu::DeviceBuffer da(bytes), db(bytes), dc(bytes), ds(d.needs_scratch() ? bytes : 0);
  for (auto [src, dst] : {std::pair{a, &da}, std::pair{b, &db}, std::pair{c, &dc}}) {
    if (src.size() < n) CUZK_CUDA_CHECK(cudaMemset(dst->template as<F>() + src.size(), 0, (n - src.size()) * sizeof(F)));
    if (!src.empty()) dst->upload(src.data(), src.size() * sizeof(F));
  }
  fn(d, da.template as<F>(), db.template as<F>(), dc.template as<F>(), ds.size() ? ds.template as<F>() : nullptr);
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<F> out(std::min(keep, n));
  if (!out.empty()) da.download(out.data(), out.size() * sizeof(F));
  return out;
}

}  // namespace detail

template <class F>
std::vector<F> gpu_compute_h_bellperson_host(std::span<const F> a, std::span<const F> b, std::span<const F> c) {
  const size_t n = size_t(1) << ntt::Domain<F>::log_size_for(a.size());
  return detail::h_host<F>(a, b, c, ff::RootConvention::kBellperson, n - 1,
                           [](const GpuNttDomain<F>& d, F* x, F* y, F* z, F* s) {
                             gpu_compute_h_bellperson<F>(d, x, y, z, s, nullptr);
                           });
}

template <class F>
std::vector<F> gpu_compute_h_snarkjs_host(std::span<const F> a, std::span<const F> b, std::span<const F> c) {
  const size_t n = size_t(1) << ntt::Domain<F>::log_size_for(a.size());
  return detail::h_host<F>(a, b, c, ff::RootConvention::kSnarkjs, n,
                           [](const GpuNttDomain<F>& d, F* x, F* y, F* z, F* s) {
                             gpu_compute_h_snarkjs<F>(d, x, y, z, s, nullptr);
                           });
}

template <class F>
void fill_random(F* d_out, size_t count, uint64_t seed, cudaStream_t s) {
  if (!count) return;
  const unsigned blocks = unsigned(std::min<size_t>((count + 255) / 256, 132 * 16));
  detail::fill_random_kernel<F><<<blocks, 256, 0, s>>>(d_out, count, seed);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::ntt::cuda

// Explicit instantiation of everything above for one field type.
#define CUZK_INSTANTIATE_GPU_NTT(F)                                                                          \
  template class cuzk::ntt::cuda::GpuNttDomain<F>;                                                           \
  template const cuzk::ntt::cuda::GpuNttDomain<F>& cuzk::ntt::cuda::cached_domain<F>(int, cuzk::ff::RootConvention); \
  template void cuzk::ntt::cuda::gpu_compute_h_bellperson<F>(const cuzk::ntt::cuda::GpuNttDomain<F>&, F*, F*, F*, F*, \
                                                             cudaStream_t);                                   \
  template void cuzk::ntt::cuda::gpu_compute_h_snarkjs<F>(const cuzk::ntt::cuda::GpuNttDomain<F>&, F*, F*, F*, F*,   \
                                                          cudaStream_t);                                      \
  template std::vector<F> cuzk::ntt::cuda::gpu_compute_h_bellperson_host<F>(std::span<const F>, std::span<const F>, \
                                                                            std::span<const F>);              \
  template std::vector<F> cuzk::ntt::cuda::gpu_compute_h_snarkjs_host<F>(std::span<const F>, std::span<const F>,    \
                                                                         std::span<const F>);                 \
  template void cuzk::ntt::cuda::fill_random<F>(F*, size_t, uint64_t, cudaStream_t);
