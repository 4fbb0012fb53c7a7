// Kernels of the sum of the bases whose scalar is one: strided per-thread
// sums, then plain-sum levels down to what the host finishes.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

template <class C>
__global__ void __launch_bounds__(kReduceBlock) k_sum(const gd::DevXyzz<C>* in, size_t n, uint32_t s,
                                                      gd::DevXyzz<C>* out, uint32_t total) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < total) gd::sum_thread(in, n, s, out, g);
}

template <class C>
__global__ void __launch_bounds__(kAccBlock) k_ones(const uint32_t* idx, size_t count, const gd::DevPoint<C>* bases,
                                                    uint32_t T, gd::DevXyzz<C>* out) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) gd::ones_thread(idx, count, bases, T, out, t);
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
