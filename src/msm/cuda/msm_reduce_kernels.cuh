// Kernels of the bucket reduction: level 1 over each window's buckets, and
// the further levels over the segment sums (msm_kernels.hpp's LevelArgs).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

template <class C>
__global__ void __launch_bounds__(kReduceBlock) k_level1(gd::Level1Args<C> a, uint32_t total) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < total) gd::level1_thread(a, g);
}

template <class C>
__global__ void __launch_bounds__(kReduceBlock) k_level(gd::LevelArgs<C> a, uint32_t total) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < total) gd::level_thread(a, g);
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
