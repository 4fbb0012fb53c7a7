// Device discovery and RAII device memory. device_count() is 0 (never throws)
// where there is no driver or no GPU, so callers fall back to the CPU.
#pragma once
#include <cstddef>
#include <string>
#include <utility>

namespace cuzk::gpu {

int device_count();

struct DeviceInfo {
  int index;
  std::string name;
  int sm_count;
  int major, minor;
  size_t total_memory;
};
DeviceInfo device_info(int index);

// Owns one cudaMalloc'd allocation of bytes on the current device.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  void* get() const { return ptr_; }
  template <class T>
  T* as() const { return static_cast<T*>(ptr_); }
  size_t size() const { return bytes_; }

  void upload(const void* host, size_t bytes, size_t offset = 0);
  void download(void* host, size_t bytes, size_t offset = 0) const;

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace cuzk::gpu
