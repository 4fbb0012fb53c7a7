// Test tool for device tests: n elements of T in device memory, filled from and
// read back into host vectors (over gpu::DeviceBuffer).
#pragma once
#include <cstddef>
#include <vector>

#include "gpu/device.hpp"

namespace cuzk::testing_support {

template <class T>
struct DeviceArray {
  gpu::DeviceBuffer buf;
  size_t n = 0;
  explicit DeviceArray(size_t count) : buf(count * sizeof(T)), n(count) {}
  explicit DeviceArray(const std::vector<T>& v) : DeviceArray(v.size()) { buf.upload(v.data(), v.size() * sizeof(T)); }
  T* data() const { return buf.as<T>(); }
  std::vector<T> to_host() const {
    std::vector<T> v(n);
    buf.download(v.data(), n * sizeof(T));
    return v;
  }
};

}  // namespace cuzk::testing_support
