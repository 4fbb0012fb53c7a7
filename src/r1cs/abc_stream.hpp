// AbcStream: where a ProvingAssignment sends the constraint evaluations a/b/c
// while synthesis still runs, one window (a fixed-size slice) at a time,
// instead of keeping all of them on the host. A partition then holds only its
// witness and a few windows in host memory; the stream moves each filled
// window on (to a device, in cuzk's GPU backend) and hands out the next one.
#pragma once
#include <cstddef>
#include <optional>
#include <span>

namespace cuzk::r1cs {

// Three equal-length slices: a_i, b_i, c_i of consecutive constraints.
template <class F>
struct AbcWindow {
  std::span<F> a, b, c;
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

// Checks a_i * b_i = c_i of every window on its way through to `next`, so a
// streamed witness is refused as a kept one is (the check runs on the
// synthesis thread: one multiplication per constraint).
template <class F>
class CheckedAbcStream final : public AbcStream<F> {
 public:
  explicit CheckedAbcStream(AbcStream<F>& next) : next_(next) {}
  size_t capacity() const override { return next_.capacity(); }
  AbcWindow<F> first_window() override { return next_.first_window(); }
  AbcWindow<F> ship(size_t first, size_t count, AbcWindow<F> filled) override {
    if (!first_bad_)
      for (size_t i = 0; i < count; ++i)
        if (filled.a[i] * filled.b[i] != filled.c[i]) {
          first_bad_ = first + i;
          break;
        }
    return next_.ship(first, count, filled);
  }
  void close(size_t total) override { next_.close(total); }
  // Index of the first constraint shipped with a_i * b_i != c_i, if any.
  std::optional<size_t> first_unsatisfied() const { return first_bad_; }

 private:
  AbcStream<F>& next_;
  std::optional<size_t> first_bad_;
};

}  // namespace cuzk::r1cs
