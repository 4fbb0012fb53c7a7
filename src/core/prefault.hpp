// Faulting in the pages of a large fresh allocation or of a mapped file on
// all cores at once, before it is written or read: one thread touching fresh
// memory runs at the kernel's page-fault rate (about 2.5 GB/s on the H200's
// host), not at memory speed. Writable ranges also ask for transparent huge
// pages. Advice only: where the kernel lacks MADV_POPULATE_* (before Linux
// 5.14) or refuses, nothing happens and the first touch faults as before.
#pragma once
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "core/parallel.hpp"

namespace cuzk {

enum class Prefault { kRead, kWrite };

inline void prefault(const void* p, size_t bytes, Prefault how) {
#if defined(MADV_POPULATE_READ) && defined(MADV_POPULATE_WRITE)
  constexpr uintptr_t kPage = 4096;
  constexpr size_t kChunk = size_t(32) << 20;
  const uintptr_t b = (reinterpret_cast<uintptr_t>(p) + kPage - 1) & ~(kPage - 1);
  const uintptr_t e = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kPage - 1);
  if (e <= b || e - b < 2 * kChunk) return;  // small ranges fault in fast enough
  if (how == Prefault::kWrite) ::madvise(reinterpret_cast<void*>(b), e - b, MADV_HUGEPAGE);
  const int advice = how == Prefault::kWrite ? MADV_POPULATE_WRITE : MADV_POPULATE_READ;
  parallel_for((e - b + kChunk - 1) / kChunk, 1, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const uintptr_t at = b + i * kChunk;
      ::madvise(reinterpret_cast<void*>(at), std::min<uintptr_t>(kChunk, e - at), advice);
    }
  });
#else
  (void)p, (void)bytes, (void)how;
#endif
}

// v.resize(n) for a vector of trivially copyable values, with the new pages
// faulted in on all cores first (the resize then only zeroes them).
template <class V>
void resize_prefaulted(V& v, size_t n) {
  if (n > v.capacity()) {
    v.reserve(n);
    prefault(v.data() + v.size(), (n - v.size()) * sizeof(*v.data()), Prefault::kWrite);
  }
  v.resize(n);
}

// A copy of `src` made on all cores into memory faulted in first.
inline std::vector<uint8_t> parallel_copy(std::span<const uint8_t> src) {
  std::vector<uint8_t> out;
  resize_prefaulted(out, src.size());
  parallel_for(src.size(), size_t(1) << 22,
               [&](size_t lo, size_t hi) { std::memcpy(out.data() + lo, src.data() + lo, hi - lo); });
  return out;
}

}  // namespace cuzk
