// Test tool: an r1cs::AbcStream that collects the shipped windows into whole
// a/b vectors on the host, through two alternating windows of a chosen size
// (as a device stream double-buffers), and checks the stream's contract:
// windows arrive in order, without gaps, and close() names the total shipped.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "r1cs/abc_stream.hpp"

namespace cuzk::testing_support {

template <class F>
class HostAbcStream : public r1cs::AbcStream<F> {
 public:
  HostAbcStream(size_t capacity, size_t window) : capacity_(capacity), a(capacity), b(capacity) {
    for (auto& w : storage_) w.assign(2 * window, F::zero());
  }
  size_t capacity() const override { return capacity_; }
  r1cs::AbcWindow<F> first_window() override { return window(0); }
  r1cs::AbcWindow<F> ship(size_t first, size_t count, r1cs::AbcWindow<F> filled) override {
    if (closed) throw std::logic_error("ship after close");
    if (first != shipped) throw std::logic_error("window at " + std::to_string(first) + ", expected " + std::to_string(shipped));
    if (filled.a.data() != window(current_).a.data()) throw std::logic_error("shipped a window not handed out last");
    if (count > filled.size() || first + count > capacity_) throw std::logic_error("window overflows");
    for (size_t i = 0; i < count; ++i) {
      a[first + i] = filled.a[i];
      b[first + i] = filled.b[i];
    }
    shipped += count;
    ++ships;
    current_ ^= 1;
    return window(current_);
  }
  void close(size_t total) override {
    if (total != shipped) throw std::logic_error("closed at " + std::to_string(total) + " after " + std::to_string(shipped));
    closed = true;
  }

  size_t shipped = 0, ships = 0;
  bool closed = false;

 private:
  r1cs::AbcWindow<F> window(int k) {
    const size_t w = storage_[k].size() / 2;
    F* p = storage_[k].data();
    return {{p, w}, {p + w, w}};
  }
  size_t capacity_;
  std::vector<F> storage_[2];
  int current_ = 0;

 public:
  std::vector<F> a, b;  // whole vectors, filled up to `shipped`
};

}  // namespace cuzk::testing_support
