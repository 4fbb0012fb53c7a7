// RAII CUDA streams and events, and a timer from two events: what every
// module uses instead of creating and destroying them by hand. A Stream is
// non-blocking (it never waits on the legacy default stream) and is
// synchronized before it is destroyed, so work queued on it cannot outlive
// the buffers its owner frees next.
#pragma once
#include <cuda_runtime.h>

#include <utility>

#include "gpu/cuda_check.hpp"

namespace cuzk::gpu {

class Stream {
 public:
  // On the current device, or on `device` (made current).
  Stream() { CUZK_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  explicit Stream(int device) {
    CUZK_CUDA_CHECK(cudaSetDevice(device));
    CUZK_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
  }
  ~Stream() {
    if (s_) {
      cudaStreamSynchronize(s_);
      cudaStreamDestroy(s_);
    }
  }
  Stream(Stream&& o) noexcept : s_(std::exchange(o.s_, nullptr)) {}
  Stream& operator=(Stream&& o) noexcept {
    std::swap(s_, o.s_);
    return *this;
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t get() const { return s_; }
  operator cudaStream_t() const { return s_; }
  void synchronize() const { CUZK_CUDA_CHECK(cudaStreamSynchronize(s_)); }

 private:
  cudaStream_t s_ = nullptr;
};

class Event {
 public:
  // timing: events that can measure elapsed time; otherwise the cheaper kind
  // that only orders work.
  explicit Event(bool timing = false) {
    CUZK_CUDA_CHECK(cudaEventCreateWithFlags(&e_, timing ? cudaEventDefault : cudaEventDisableTiming));
  }
  ~Event() {
    if (e_) {
      cudaEventSynchronize(e_);
      cudaEventDestroy(e_);
    }
  }
  Event(Event&& o) noexcept : e_(std::exchange(o.e_, nullptr)) {}
  Event& operator=(Event&& o) noexcept {
    std::swap(e_, o.e_);
    return *this;
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t get() const { return e_; }
  operator cudaEvent_t() const { return e_; }
  void record(cudaStream_t s) { CUZK_CUDA_CHECK(cudaEventRecord(e_, s)); }
  void synchronize() const { CUZK_CUDA_CHECK(cudaEventSynchronize(e_)); }

 private:
  cudaEvent_t e_ = nullptr;
};

// Device time of the work queued on a stream between start() and stop(), in
// milliseconds (CUDA events: what the benchmarks report).
class EventTimer {
 public:
  void start(cudaStream_t s = nullptr) { begin_.record(s); }
  void stop(cudaStream_t s = nullptr) { end_.record(s); }
  float milliseconds() {
    end_.synchronize();
    float ms = 0;
    CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, begin_, end_));
    return ms;
  }

 private:
  Event begin_{true}, end_{true};
};

}  // namespace cuzk::gpu
