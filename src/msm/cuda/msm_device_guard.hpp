// Makes a device current for a scope and restores the previous one.
#pragma once
#include <cuda_runtime.h>

#include "gpu/cuda_check.hpp"

namespace cuzk::msm::cuda::detail {

struct DeviceGuard {
  int prev = 0;
  explicit DeviceGuard(int dev) {
    CUZK_CUDA_CHECK(cudaGetDevice(&prev));
    if (prev != dev) CUZK_CUDA_CHECK(cudaSetDevice(dev));
  }
  ~DeviceGuard() { cudaSetDevice(prev); }
};

}  // namespace cuzk::msm::cuda::detail
