// DeviceAbcStream: a partition's a/b streamed into device memory while its
// synthesis runs (r1cs::AbcStream; c = a * b is made on the device). Each
// filled window is copied on the stream's own CUDA stream from one of two
// pinned host windows while the other fills, so the host holds two windows
// instead of two whole vectors. After close() the device holds a | b, each
// padded with zeros to the NTT domain size, ready for
// GpuProver::copy_inputs(..., stream).
// Host-includable; implemented in libcuzk_groth16_cuda.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

#include "gpu/device.hpp"
#include "gpu/pinned_buffer.hpp"
#include "r1cs/abc_stream.hpp"

namespace cuzk::groth16::cuda {

// The memory one stream writes through: device a|b and two pinned windows.
// Reused from stream to stream (cudaFree synchronizes the whole device).
struct DeviceAbcSlot {
  gpu::DeviceBuffer device;  // >= 2 * domain size elements
  gpu::PinnedBuffer host;    // 2 windows of a|b
};

template <class F>
class DeviceAbcStream final : public r1cs::AbcStream<F> {
 public:
  // Room for `capacity` constraints; `window` constraints per copy. The slot
  // is handed to `give_back` (if set) when the stream is destroyed, after
  // every copy has finished. Throws Error if the slot is too small.
  DeviceAbcStream(int device, size_t capacity, size_t window, DeviceAbcSlot slot,
                  std::function<void(DeviceAbcSlot&&)> give_back = {});
  ~DeviceAbcStream() override;
  DeviceAbcStream(const DeviceAbcStream&) = delete;
  DeviceAbcStream& operator=(const DeviceAbcStream&) = delete;

  // Bytes of device and of pinned host memory a stream of this shape uses.
  static size_t device_bytes(size_t capacity);
  static size_t host_bytes(size_t window) { return 4 * window * sizeof(F); }

  size_t capacity() const override { return capacity_; }
  r1cs::AbcWindow<F> first_window() override;
  r1cs::AbcWindow<F> ship(size_t first, size_t count, r1cs::AbcWindow<F> filled) override;
  void close(size_t total) override;

  int device() const { return device_; }
  bool closed() const { return closed_; }
  size_t domain_size() const { return n_; }
  // a at [0, n), b at [n, 2n); complete once closed().
  F* device_ab() const { return slot_.device.template as<F>(); }
  uint64_t bytes_copied() const { return bytes_; }
  double wait_seconds() const { return wait_s_; }  // synthesis stalled on copies

 private:
  r1cs::AbcWindow<F> window(int k) const;
  int device_;
  size_t capacity_, window_, n_;
  DeviceAbcSlot slot_;
  std::function<void(DeviceAbcSlot&&)> give_back_;
  struct CudaObjects;
  std::unique_ptr<CudaObjects> cuda_;  // stream + two events
  bool pending_[2] = {false, false};
  bool closed_ = false;
  uint64_t bytes_ = 0;
  double wait_s_ = 0;
};

}  // namespace cuzk::groth16::cuda
