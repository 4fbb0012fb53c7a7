// AbcStream: where a ProvingAssignment sends the constraint evaluations a and
// b (c = a * b is never kept) while synthesis still runs, one window (a
// fixed-size slice) at a time, instead of keeping them on the host. A
// partition then holds only its witness and a few windows in host memory;
// the stream moves each filled window on (to a device, in cuzk's GPU
// backend) and hands out the next one.
#pragma once
#include <cstddef>
#include <span>

namespace cuzk::r1cs {

// Two equal-length slices: a_i, b_i of consecutive constraints.
template <class F>
struct AbcWindow {
  std::span<F> a, b;
  size_t size() const { return a.size(); }
};

template <class F>
class AbcStream {
 public:
  virtual ~AbcStream() = default;
  // Constraints the stream can take in all (the a/b/c length of the shape).
  virtual size_t capacity() const = 0;
  // The first window to fill.
  virtual AbcWindow<F> first_window() = 0;
  // `filled` is the window last handed out; its first `count` entries hold
  // constraints [first, first + count). Returns the window to fill next.
  virtual AbcWindow<F> ship(size_t first, size_t count, AbcWindow<F> filled) = 0;
  // After the last ship: `total` constraints were shipped in all. Blocks
  // until everything shipped has arrived.
  virtual void close(size_t total) = 0;
};

}  // namespace cuzk::r1cs
