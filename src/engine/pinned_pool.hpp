// PinnedPool: reusable page-locked host buffers (pinning costs ~3 s per 4 GiB,
// so it is done once and pooled, never per proof). Every buffer, idle or in
// use, holds a MemoryBudget reservation; idle buffers are evicted when the
// budget needs room. take() is best fit; buffers return to the pool by RAII.
// The pool must outlive its buffers.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "core/host_allocator.hpp"
#include "engine/memory_budget.hpp"

namespace cuzk::engine {

class PinnedPool {
  struct Block {
    void* data;
    size_t capacity;
    MemoryBudget::Reservation reservation;
  };

 public:
  class Buffer {
   public:
    Buffer() = default;
    Buffer(Buffer&& o) noexcept;
    Buffer& operator=(Buffer&& o) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer() { reset(); }

    void* data() const { return block_ ? block_->data : nullptr; }
    template <class T>
    T* as() const { return static_cast<T*>(data()); }
    size_t size() const { return size_; }          // bytes asked for
    size_t capacity() const { return block_ ? block_->capacity : 0; }
    explicit operator bool() const { return block_ != nullptr; }
    void reset();  // back to the pool now

   private:
    friend class PinnedPool;
    Buffer(PinnedPool* p, std::unique_ptr<Block> b, size_t size) : pool_(p), block_(std::move(b)), size_(size) {}
    PinnedPool* pool_ = nullptr;
    std::unique_ptr<Block> block_;
    size_t size_ = 0;
  };

  struct Stats {
    uint64_t bytes_pinned, bytes_in_use, bytes_idle;
    uint64_t hits, misses, allocations, evictions;
    size_t buffers_idle, buffers_in_use;
  };

  // evict_order: position among the budget's evictors (pool buffers go first).
  PinnedPool(MemoryBudget& budget, std::shared_ptr<HostAllocator> alloc, int evict_order = 0);
  ~PinnedPool();
  PinnedPool(const PinnedPool&) = delete;
  PinnedPool& operator=(const PinnedPool&) = delete;

  // A buffer of at least `bytes`; blocks on the budget if a new one is needed.
  Buffer take(size_t bytes, const std::string& purpose, std::stop_token stop = {});
  // Several buffers plus `extra_bytes` of plain budget, all or nothing: a
  // caller never holds some while blocking for the rest (which deadlocks when
  // several callers do it under a tight budget).
  struct Group {
    std::vector<Buffer> buffers;
    MemoryBudget::Reservation extra;
  };
  Group take_group(const std::vector<size_t>& sizes, uint64_t extra_bytes, const std::string& purpose,
                   std::stop_token stop = {});

  // Only from idle buffers or free budget; never blocks.
  std::optional<Buffer> try_take(size_t bytes);
  // Frees idle buffers until `want` bytes are released (or none are idle).
  uint64_t shrink(uint64_t want);
  // Pins up to `count` buffers of `bytes` ahead of time (startup), so the
  // first proofs find them idle: as many as the budget has room for, without
  // waiting or evicting anything. Returns how many it pinned.
  size_t prewarm(size_t bytes, size_t count);

  Stats stats() const;
  const HostAllocator& allocator() const { return *alloc_; }
  static size_t round_size(size_t bytes);

 private:
  std::unique_ptr<Block> find_idle(size_t bytes);  // requires mu_
  std::optional<Buffer> take_idle(size_t bytes);   // a hit, counted, or nothing
  Buffer adopt_new(size_t bytes, MemoryBudget::Reservation r);  // a miss paid by r
  std::unique_ptr<Block> allocate_block(size_t capacity, MemoryBudget::Reservation r);
  void give_back(std::unique_ptr<Block> b);

  MemoryBudget& budget_;
  std::shared_ptr<HostAllocator> alloc_;
  int evictor_id_;
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<Block>> idle_;
  uint64_t bytes_pinned_ = 0, bytes_in_use_ = 0;
  uint64_t hits_ = 0, misses_ = 0, allocations_ = 0, evictions_ = 0;
  size_t in_use_count_ = 0;
};

}  // namespace cuzk::engine
