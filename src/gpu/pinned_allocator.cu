#include <cstdlib>
#include <new>

#include "gpu/cuda_check.hpp"
#include "gpu/pinned_allocator.hpp"

namespace cuzk::gpu {

void* CudaHostAllocator::allocate(size_t bytes) {
  void* p = nullptr;
  CUZK_CUDA_CHECK(cudaHostAlloc(&p, bytes, cudaHostAllocPortable));
  return p;
}

void CudaHostAllocator::deallocate(void* p, size_t) noexcept { cudaFreeHost(p); }

void* CudaRegisterAllocator::allocate(size_t bytes) {
  const size_t rounded = (bytes + 4095) / 4096 * 4096;
  void* p = std::aligned_alloc(4096, rounded);
  if (!p) throw std::bad_alloc();
  cudaError_t e = cudaHostRegister(p, rounded, cudaHostRegisterPortable);
  if (e != cudaSuccess) {
    std::free(p);
    throw_cuda_error(e, "cudaHostRegister", __FILE__, __LINE__);
  }
  return p;
}

void CudaRegisterAllocator::deallocate(void* p, size_t) noexcept {
  cudaHostUnregister(p);
  std::free(p);
}

}  // namespace cuzk::gpu
