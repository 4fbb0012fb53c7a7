// Page-locked host memory from the CUDA runtime for the PinnedPool: either
// cudaHostAlloc (portable across devices) or ordinary pages registered with
// cudaHostRegister (ANCHORS.md: ~10x faster to pin, same copy rate).
#pragma once
#include "core/host_allocator.hpp"

namespace cuzk::gpu {

class CudaHostAllocator final : public HostAllocator {
 public:
  void* allocate(size_t bytes) override;
  void deallocate(void* p, size_t bytes) noexcept override;
  bool pinned() const override { return true; }
  const char* name() const override { return "cudaHostAlloc"; }
};

class CudaRegisterAllocator final : public HostAllocator {
 public:
  void* allocate(size_t bytes) override;
  void deallocate(void* p, size_t bytes) noexcept override;
  bool pinned() const override { return true; }
  const char* name() const override { return "cudaHostRegister"; }
};

}  // namespace cuzk::gpu
