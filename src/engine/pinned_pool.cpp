#include "engine/pinned_pool.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"

namespace cuzk::engine {

PinnedPool::Buffer::Buffer(Buffer&& o) noexcept
    : pool_(std::exchange(o.pool_, nullptr)), block_(std::move(o.block_)), size_(std::exchange(o.size_, 0)) {}

PinnedPool::Buffer& PinnedPool::Buffer::operator=(Buffer&& o) noexcept {
  if (this != &o) {
    reset();
    pool_ = std::exchange(o.pool_, nullptr);
    block_ = std::move(o.block_);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

void PinnedPool::Buffer::reset() {
  if (block_) pool_->give_back(std::move(block_));
  pool_ = nullptr;
  size_ = 0;
}

size_t PinnedPool::round_size(size_t bytes) {
  constexpr size_t kGranule = size_t(2) << 20;  // 2 MiB: huge-page sized, improves reuse
  return std::max<size_t>(kGranule, (bytes + kGranule - 1) / kGranule * kGranule);
}

PinnedPool::PinnedPool(MemoryBudget& budget, std::shared_ptr<HostAllocator> alloc, int evict_order)
    : budget_(budget), alloc_(std::move(alloc)) {
  evictor_id_ = budget_.add_evictor(evict_order, [this](uint64_t need) { return shrink(need); });
}

PinnedPool::~PinnedPool() {
  budget_.remove_evictor(evictor_id_);
  std::lock_guard lk(mu_);
  for (auto& b : idle_) alloc_->deallocate(b->data, b->capacity);
  idle_.clear();
}

std::unique_ptr<PinnedPool::Block> PinnedPool::find_idle(size_t bytes) {
  // best fit, but don't hand a huge buffer to a small request
  auto best = idle_.end();
  for (auto it = idle_.begin(); it != idle_.end(); ++it) {
    const size_t cap = (*it)->capacity;
    if (cap >= bytes && cap <= 2 * bytes + (size_t(4) << 20) && (best == idle_.end() || cap < (*best)->capacity))
      best = it;
  }
  if (best == idle_.end()) return nullptr;
  auto b = std::move(*best);
  idle_.erase(best);
  return b;
}

std::unique_ptr<PinnedPool::Block> PinnedPool::allocate_block(size_t capacity, MemoryBudget::Reservation r) {
  void* p = alloc_->allocate(capacity);  // slow when pinning: outside the lock
  std::lock_guard lk(mu_);
  bytes_pinned_ += capacity;
  ++allocations_;
  return std::make_unique<Block>(Block{p, capacity, std::move(r)});
}

std::optional<PinnedPool::Buffer> PinnedPool::take_idle(size_t bytes) {
  std::lock_guard lk(mu_);
  auto b = find_idle(bytes);
  if (!b) return std::nullopt;
  ++hits_;
  ++in_use_count_;
  bytes_in_use_ += b->capacity;
  return Buffer(this, std::move(b), bytes);
}

PinnedPool::Buffer PinnedPool::adopt_new(size_t bytes, MemoryBudget::Reservation r) {
  auto b = allocate_block(round_size(bytes), std::move(r));
  std::lock_guard lk(mu_);
  ++misses_;
  ++in_use_count_;
  bytes_in_use_ += b->capacity;
  return Buffer(this, std::move(b), bytes);
}

PinnedPool::Buffer PinnedPool::take(size_t bytes, const std::string& purpose, std::stop_token stop) {
  if (auto b = take_idle(bytes)) return std::move(*b);
  return adopt_new(bytes, budget_.acquire(round_size(bytes), purpose, stop));
}

std::optional<PinnedPool::Buffer> PinnedPool::try_take(size_t bytes) {
  if (auto b = take_idle(bytes)) return b;
  auto res = budget_.try_acquire(round_size(bytes));
  if (!res) return std::nullopt;
  return adopt_new(bytes, std::move(*res));
}

PinnedPool::Group PinnedPool::take_group(const std::vector<size_t>& sizes, uint64_t extra_bytes,
                                         const std::string& purpose, std::stop_token stop) {
  Group g;
  std::vector<std::unique_ptr<Block>> blocks(sizes.size());
  auto pick_idle = [&] {
    uint64_t missing = 0;
    std::lock_guard lk(mu_);
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (!blocks[i]) blocks[i] = find_idle(sizes[i]);
      if (!blocks[i]) missing += round_size(sizes[i]);
    }
    return missing;
  };
  uint64_t missing = pick_idle();
  std::optional<MemoryBudget::Reservation> res = budget_.try_acquire(missing + extra_bytes);
  if (!res) {
    // Slow path: hand back what we picked (it becomes evictable), then wait
    // for the whole amount in one acquisition.
    {
      std::lock_guard lk(mu_);
      for (auto& b : blocks)
        if (b) idle_.push_back(std::move(b));
    }
    uint64_t total = extra_bytes;
    for (size_t s : sizes) total += round_size(s);
    res = budget_.acquire(total, purpose, stop);
    missing = pick_idle();  // buffers still idle after eviction need no new reservation
    res->shrink_to(missing + extra_bytes);
  }
  std::vector<bool> fresh(sizes.size(), false);
  try {
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (blocks[i]) continue;
      blocks[i] = allocate_block(round_size(sizes[i]), res->split(round_size(sizes[i])));
      fresh[i] = true;
    }
  } catch (...) {
    std::lock_guard lk(mu_);  // what we hold goes back to the pool, not lost
    for (auto& b : blocks)
      if (b) idle_.push_back(std::move(b));
    throw;
  }
  g.extra = std::move(*res);
  std::lock_guard lk(mu_);
  for (size_t i = 0; i < sizes.size(); ++i) {
    ++(fresh[i] ? misses_ : hits_);
    ++in_use_count_;
    bytes_in_use_ += blocks[i]->capacity;
    g.buffers.push_back(Buffer(this, std::move(blocks[i]), sizes[i]));
  }
  return g;
}

void PinnedPool::give_back(std::unique_ptr<Block> b) {
  {
    std::lock_guard lk(mu_);
    bytes_in_use_ -= b->capacity;
    --in_use_count_;
    idle_.push_back(std::move(b));
  }
  budget_.poke();  // an idle buffer can now be evicted for a blocked acquirer
}

uint64_t PinnedPool::shrink(uint64_t want) {
  std::vector<std::unique_ptr<Block>> victims;
  uint64_t freed = 0;
  {
    std::lock_guard lk(mu_);
    std::sort(idle_.begin(), idle_.end(), [](auto& a, auto& b) { return a->capacity > b->capacity; });
    while (!idle_.empty() && freed < want) {
      freed += idle_.front()->capacity;
      bytes_pinned_ -= idle_.front()->capacity;
      ++evictions_;
      victims.push_back(std::move(idle_.front()));
      idle_.erase(idle_.begin());
    }
  }
  for (auto& v : victims) {
    alloc_->deallocate(v->data, v->capacity);
    v->reservation.release();
  }
  return freed;
}

size_t PinnedPool::prewarm(size_t bytes, size_t count) {
  std::vector<Buffer> held;  // held to the end, so that every take pins a new buffer
  while (held.size() < count) {
    auto b = try_take(bytes);
    if (!b) break;
    held.push_back(std::move(*b));
  }
  return held.size();
}

PinnedPool::Stats PinnedPool::stats() const {
  std::lock_guard lk(mu_);
  uint64_t idle_bytes = 0;
  for (auto& b : idle_) idle_bytes += b->capacity;
  return {bytes_pinned_, bytes_in_use_, idle_bytes, hits_, misses_, allocations_, evictions_, idle_.size(), in_use_count_};
}

}  // namespace cuzk::engine
