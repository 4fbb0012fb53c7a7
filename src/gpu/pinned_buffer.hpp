// One page-locked host allocation (cudaHostAlloc, portable across devices),
// freed with its owner: staging chunks and per-prover host buffers that are
// pinned once and reused, never per copy. Pool buffers use PinnedPool instead.
#pragma once
#include <cstddef>
#include <span>
#include <utility>

#include "gpu/pinned_allocator.hpp"

namespace cuzk::gpu {

class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(size_t bytes) : p_(CudaHostAllocator().allocate(bytes)), bytes_(bytes) {}
  ~PinnedBuffer() {
    if (p_) CudaHostAllocator().deallocate(p_, bytes_);
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  void* data() const { return p_; }
  size_t size() const { return bytes_; }
  template <class T>
  std::span<T> as(size_t n) const {
    return {static_cast<T*>(p_), n};
  }

 private:
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace cuzk::gpu
