#include <sys/mman.h>

#include <mutex>
#include <new>

#include "core/parallel.hpp"
#include "gpu/cuda_check.hpp"
#include "gpu/pinned_allocator.hpp"

namespace cuzk::gpu {

void* CudaHostAllocator::allocate(size_t bytes) {
  void* p = nullptr;
  CUZK_CUDA_CHECK(cudaHostAlloc(&p, bytes, cudaHostAllocPortable));
  return p;
}

void CudaHostAllocator::deallocate(void* p, size_t) noexcept { cudaFreeHost(p); }

namespace {
constexpr size_t kHuge = size_t(2) << 20;
size_t mapped_size(size_t bytes) { return (bytes + kHuge - 1) / kHuge * kHuge; }

// The driver holds its lock while it pins or unpins, and every launch, copy
// and sync on other threads waits for it. With many synthesis threads growing
// the pool at once, a GPU worker waited for all of their registrations in turn
// (5-8 s stalls, docs/PERFORMANCE.md); one registration at a time, it waits
// for at most one (~0.1 s per 2 GiB). The driver runs them one at a time
// anyway (the stalls show it), so this should cost no pinning throughput.
std::mutex& registration_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

// cudaHostRegister pins pages that exist at ~18 GB/s (ANCHORS.md) but faults
// missing ones in on one thread: so map with transparent huge pages where the
// kernel allows, fault everything in from all threads, then register.
void* CudaRegisterAllocator::allocate(size_t bytes) {
  const size_t len = mapped_size(bytes);
  void* p = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  madvise(p, len, MADV_HUGEPAGE);  // advice only: ignored where THP is off
  auto* c = static_cast<volatile char*>(p);
  parallel_for(len / 4096, 1 << 12, [&](size_t lo, size_t hi) {
    for (size_t pg = lo; pg < hi; ++pg) c[pg * 4096] = 0;
  });
  cudaError_t e;
  {
    std::lock_guard lk(registration_mutex());
    e = cudaHostRegister(p, len, cudaHostRegisterPortable);
  }
  if (e != cudaSuccess) {
    munmap(p, len);
    throw_cuda_error(e, "cudaHostRegister", __FILE__, __LINE__);
  }
  return p;
}

void CudaRegisterAllocator::deallocate(void* p, size_t bytes) noexcept {
  {
    std::lock_guard lk(registration_mutex());
    cudaHostUnregister(p);
  }
  munmap(p, mapped_size(bytes));
}

}  // namespace cuzk::gpu
