#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "core/parallel.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/host_to_device.hpp"

namespace cuzk::gpu {

bool is_pinned(const void* host) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, host) != cudaSuccess) {
    (void)cudaGetLastError();  // older runtimes report unregistered memory as an error: clear it
    return false;
  }
  return a.type == cudaMemoryTypeHost;
}

HostToDevice::HostToDevice(Pageable mode, size_t chunk_bytes) : mode_(mode), chunk_(chunk_bytes) {
  if (mode_ != Pageable::kStaged) return;
  for (int k = 0; k < 2; ++k) {
    staging_[k] = PinnedBuffer(chunk_);
    done_.emplace_back();
  }
}

// the events go first (done_ is declared last), waiting for the copies that
// still read the staging buffers
HostToDevice::~HostToDevice() = default;

void HostToDevice::copy(void* dst, const void* src, size_t bytes, cudaStream_t s) {
  if (bytes == 0) return;
  if (mode_ == Pageable::kDirect || is_pinned(src)) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s));
    return;
  }
  auto* d = static_cast<char*>(dst);
  auto* h = static_cast<const char*>(src);
  int k = 0;
  for (size_t off = 0; off < bytes; off += chunk_, k ^= 1) {
    const size_t len = std::min(chunk_, bytes - off);
    done_[k].synchronize();  // its previous chunk has left
    // one thread copies ~5-10 GB/s out of pageable memory: spread the chunk
    char* stage = static_cast<char*>(staging_[k].data());
    parallel_for(len, size_t(1) << 22, [&](size_t lo, size_t hi) { std::memcpy(stage + lo, h + off + lo, hi - lo); });
    CUZK_CUDA_CHECK(cudaMemcpyAsync(d + off, stage, len, cudaMemcpyHostToDevice, s));
    done_[k].record(s);
  }
}

void staged_upload(void* dst, const void* src, size_t bytes, cudaStream_t s) {
  struct DeviceCopier {
    std::mutex busy;
    std::unique_ptr<HostToDevice> copier;
  };
  static std::mutex mu;
  static std::map<int, std::unique_ptr<DeviceCopier>> copiers;
  int device = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&device));
  DeviceCopier* d = nullptr;
  {
    std::lock_guard lk(mu);
    auto& slot = copiers[device];
    if (!slot) slot = std::make_unique<DeviceCopier>();
    d = slot.get();
  }
  std::lock_guard lk(d->busy);
  if (!d->copier) d->copier = std::make_unique<HostToDevice>(HostToDevice::Pageable::kStaged, size_t(32) << 20);
  d->copier->copy(dst, src, bytes, s);
}

}  // namespace cuzk::gpu
