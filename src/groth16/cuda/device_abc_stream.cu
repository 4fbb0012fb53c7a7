#include <chrono>

#include "gpu/cuda_check.hpp"
#include "gpu/stream.hpp"
#include "groth16/cuda/device_abc_stream.hpp"
#include "groth16/curve.hpp"
#include "ntt/domain.hpp"

namespace cuzk::groth16::cuda {

// Destroyed before the slot goes back: the stream's destructor waits for the
// copies that read the host windows and write the slot.
template <class F>
struct DeviceAbcStream<F>::CudaObjects {
  gpu::Stream stream;
  gpu::Event done[2];
  explicit CudaObjects(int device) : stream(device) {}
};

template <class F>
size_t DeviceAbcStream<F>::device_bytes(size_t capacity) {
  return 2 * (size_t(1) << ntt::Domain<F>::log_size_for(capacity)) * sizeof(F);
}

template <class F>
DeviceAbcStream<F>::DeviceAbcStream(int device, size_t capacity, size_t window, DeviceAbcSlot slot,
                                    std::function<void(DeviceAbcSlot&&)> give_back)
    : device_(device),
      capacity_(capacity),
      window_(window),
      n_(size_t(1) << ntt::Domain<F>::log_size_for(capacity)),
      slot_(std::move(slot)),
      give_back_(std::move(give_back)) {
  if (window == 0) throw Error("device a/b stream: window of zero constraints");
  if (slot_.device.size() < device_bytes(capacity))
    throw Error("device a/b stream: device slot of " + std::to_string(slot_.device.size()) + " bytes, " +
                std::to_string(device_bytes(capacity)) + " needed");
  if (slot_.host.size() < host_bytes(window))
    throw Error("device a/b stream: host windows of " + std::to_string(slot_.host.size()) + " bytes, " +
                std::to_string(host_bytes(window)) + " needed");
  cuda_ = std::make_unique<CudaObjects>(device);
}

template <class F>
DeviceAbcStream<F>::~DeviceAbcStream() {
  if (cuda_) {
    cudaSetDevice(device_);
    cuda_.reset();  // waits for the copies in flight
  }
  if (give_back_) give_back_(std::move(slot_));
}

template <class F>
r1cs::AbcWindow<F> DeviceAbcStream<F>::window(int k) const {
  F* p = static_cast<F*>(slot_.host.data()) + size_t(k) * 2 * window_;
  return {{p, window_}, {p + window_, window_}};
}

template <class F>
r1cs::AbcWindow<F> DeviceAbcStream<F>::first_window() {
  return window(0);
}

template <class F>
r1cs::AbcWindow<F> DeviceAbcStream<F>::ship(size_t first, size_t count, r1cs::AbcWindow<F> filled) {
  if (closed_) throw Error("device a/b stream: ship after close");
  const int k = filled.a.data() == window(0).a.data() ? 0 : 1;
  if (filled.a.data() != window(k).a.data()) throw Error("device a/b stream: shipped a window it did not hand out");
  if (count > window_ || first + count > capacity_)
    throw Error("device a/b stream: constraints [" + std::to_string(first) + ", " + std::to_string(first + count) +
                ") past its capacity of " + std::to_string(capacity_));
  CUZK_CUDA_CHECK(cudaSetDevice(device_));
  F* d = device_ab();
  const std::span<F> part[2] = {filled.a, filled.b};
  for (int j = 0; j < 2; ++j)
    CUZK_CUDA_CHECK(cudaMemcpyAsync(d + j * n_ + first, part[j].data(), count * sizeof(F), cudaMemcpyHostToDevice,
                                    cuda_->stream));
  cuda_->done[k].record(cuda_->stream);
  pending_[k] = true;
  bytes_ += 2 * count * sizeof(F);
  const int next = 1 - k;
  if (pending_[next]) {  // its last copy must be done before synthesis overwrites it
    const auto t0 = std::chrono::steady_clock::now();
    cuda_->done[next].synchronize();
    wait_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    pending_[next] = false;
  }
  return window(next);
}

template <class F>
void DeviceAbcStream<F>::close(size_t total) {
  if (closed_) throw Error("device a/b stream: closed twice");
  if (total > capacity_) throw Error("device a/b stream: closed at " + std::to_string(total) + " constraints, past its capacity");
  CUZK_CUDA_CHECK(cudaSetDevice(device_));
  F* d = device_ab();
  if (n_ > total)
    for (int j = 0; j < 2; ++j)
      CUZK_CUDA_CHECK(cudaMemsetAsync(d + j * n_ + total, 0, (n_ - total) * sizeof(F), cuda_->stream));
  cuda_->stream.synchronize();
  pending_[0] = pending_[1] = false;
  closed_ = true;
}

template class DeviceAbcStream<Bls12_381::Fr>;
template class DeviceAbcStream<Bn254::Fr>;

}  // namespace cuzk::groth16::cuda
