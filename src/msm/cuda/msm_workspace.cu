#include "msm/cuda/msm_workspace.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "gpu/cuda_check.hpp"

namespace cuzk::msm::cuda {

void* DevBuf::ensure(size_t b) {
  if (b == 0) b = 1;
  if (b <= bytes) return p;
  release();
  mem = gpu::DeviceBuffer(b);
  p = mem.get();
  bytes = b;
  return p;
}

void DevBuf::release() {
  mem = gpu::DeviceBuffer();
  p = nullptr;
  bytes = 0;
}

namespace {
constexpr size_t kCounterArea = 256;
}

MsmWorkspace::Impl::~Impl() { release(); }

template <class Fn>
void MsmWorkspace::Impl::for_each_buffer(Fn&& fn) {
  for (DevBuf* b : {&counters, &ones_idx, &keys, &vals, &keys2, &vals2, &sort_temp, &buckets, &occupied, &head, &tail,
                    &head_key, &tail_key, &flags, &levels[0].a0, &levels[0].r0, &levels[0].a1, &levels[0].t1,
                    &levels[0].r1, &levels[0].t2, &levels[1].a0, &levels[1].r0, &levels[1].a1, &levels[1].t1,
                    &levels[1].r1, &levels[1].t2, &ones_a, &ones_b, &scalars,
                    &stream_raw[0], &stream_raw[1], &stream_pts[0], &stream_pts[1], &stream_inf[0], &stream_inf[1],
                    &run_start, &run_len, &run_ibase, &run_count, &run_offset, &items, &aff_prefix, &aff_pair_run,
                    &scan_temp, &group_bounds})
    fn(*b);
}

void MsmWorkspace::Impl::release() {
  for_each_buffer([](DevBuf& b) { b.release(); });
  for (cudaStream_t* s : streams()) {
    if (*s) cudaStreamDestroy(*s);
    *s = nullptr;
  }
  for (cudaEvent_t* e : events()) {
    if (*e) cudaEventDestroy(*e);
    *e = nullptr;
  }
  if (pinned) cudaFreeHost(pinned);
  pinned = nullptr;
  pinned_bytes = 0;
}

void MsmWorkspace::Impl::ensure_streams() {
  for (cudaStream_t* s : streams())
    if (!*s) CUZK_CUDA_CHECK(cudaStreamCreateWithFlags(s, cudaStreamNonBlocking));
  for (cudaEvent_t* e : events())
    if (!*e) CUZK_CUDA_CHECK(cudaEventCreateWithFlags(e, cudaEventDisableTiming));
}

uint32_t* MsmWorkspace::Impl::host_counters() {
  if (!pinned) {
    CUZK_CUDA_CHECK(cudaMallocHost(&pinned, kCounterArea + (size_t(1) << 20)));
    pinned_bytes = kCounterArea + (size_t(1) << 20);
  }
  return static_cast<uint32_t*>(pinned);
}

void* MsmWorkspace::Impl::host_stage(size_t b) {
  host_counters();
  if (kCounterArea + b > pinned_bytes) {
    cudaFreeHost(pinned);
    pinned = nullptr;
    CUZK_CUDA_CHECK(cudaMallocHost(&pinned, kCounterArea + b));
    pinned_bytes = kCounterArea + b;
  }
  return static_cast<char*>(pinned) + kCounterArea;
}

size_t MsmWorkspace::Impl::bytes_held() const {
  size_t s = 0;
  const_cast<Impl*>(this)->for_each_buffer([&](DevBuf& b) { s += b.bytes; });
  return s;
}

MsmWorkspace::MsmWorkspace() : impl_(std::make_unique<Impl>()) {}
MsmWorkspace::~MsmWorkspace() = default;
MsmWorkspace::MsmWorkspace(MsmWorkspace&&) noexcept = default;
MsmWorkspace& MsmWorkspace::operator=(MsmWorkspace&&) noexcept = default;
size_t MsmWorkspace::bytes() const { return impl_ ? impl_->bytes_held() : 0; }
void MsmWorkspace::release() {
  if (impl_) impl_->release();
}

// ---------------------------------------------------------------------------
// GpuSelection

GpuSelection::DeviceMem::~DeviceMem() {
  if (p) {
    int prev = 0;
    cudaGetDevice(&prev);
    cudaSetDevice(device);
    cudaFree(p);
    cudaSetDevice(prev);
  }
}

GpuSelection GpuSelection::from_indices(std::span<const uint32_t> ascending, size_t domain, int device) {
  for (size_t i = 0; i < ascending.size(); ++i) {
    if (ascending[i] >= domain) throw Error("GpuSelection: index " + std::to_string(ascending[i]) + " past domain " +
                                            std::to_string(domain));
    if (i && ascending[i] <= ascending[i - 1]) throw Error("GpuSelection: indices must be strictly ascending");
  }
  GpuSelection s;
  s.count_ = ascending.size();
  s.domain_ = domain;
  s.host_.assign(ascending.begin(), ascending.end());
  s.mem_ = std::make_shared<DeviceMem>();
  s.mem_->device = device;
  int prev = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&prev));
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  try {
    CUZK_CUDA_CHECK(cudaMalloc(&s.mem_->p, std::max<size_t>(1, s.count_) * sizeof(uint32_t)));
    if (s.count_)
      CUZK_CUDA_CHECK(cudaMemcpy(s.mem_->p, s.host_.data(), s.count_ * sizeof(uint32_t), cudaMemcpyHostToDevice));
  } catch (...) {
    cudaSetDevice(prev);
    throw;
  }
  CUZK_CUDA_CHECK(cudaSetDevice(prev));
  return s;
}

GpuSelection GpuSelection::from_bitmap(std::span<const uint64_t> words, size_t nbits, int device) {
  if (words.size() * 64 < nbits) throw Error("GpuSelection: bitmap shorter than its bit count");
  std::vector<uint32_t> idx;
  for (size_t w = 0; w < words.size() && w * 64 < nbits; ++w) {
    uint64_t x = words[w];
    while (x) {
      const size_t i = w * 64 + size_t(__builtin_ctzll(x));
      x &= x - 1;
      if (i < nbits) idx.push_back(uint32_t(i));
    }
  }
  return from_indices(idx, nbits, device);
}

}  // namespace cuzk::msm::cuda
