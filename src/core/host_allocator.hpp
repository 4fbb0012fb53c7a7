// Where large host buffers come from (the engine's pool): plain pages (no
// GPU), or pinned pages from the CUDA runtime (src/gpu/pinned_allocator.hpp). Allocation may be
// slow (pinning runs at ~1.5 GB/s): callers pool the results.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <new>

namespace cuzk {

class HostAllocator {
 public:
  virtual ~HostAllocator() = default;
  virtual void* allocate(size_t bytes) = 0;  // throws on failure
  virtual void deallocate(void* p, size_t bytes) noexcept = 0;
  virtual bool pinned() const = 0;
  virtual const char* name() const = 0;
};

// Page-aligned ordinary memory (the CPU-only path and tests).
class PlainHostAllocator final : public HostAllocator {
 public:
  void* allocate(size_t bytes) override {
    void* p = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
    if (!p) throw std::bad_alloc();
    return p;
  }
  void deallocate(void* p, size_t) noexcept override { std::free(p); }
  bool pinned() const override { return false; }
  const char* name() const override { return "plain"; }
};

}  // namespace cuzk
