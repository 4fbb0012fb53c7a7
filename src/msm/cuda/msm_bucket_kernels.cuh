// Kernels of the XYZZ bucket sums: equal ranges of the sorted entries per
// thread, then the merge of the runs cut by a range boundary.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "msm/cuda/msm_kernels.hpp"
#include "msm/cuda/msm_launch_config.hpp"

namespace cuzk::msm::cuda {

namespace gd = gpu_detail;

namespace kernels {

template <class C>
__global__ void __launch_bounds__(kAccBlock) k_accumulate(gd::AccArgs<C> a) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < a.T) gd::accumulate_thread(a, t);
}

template <class C>
__global__ void __launch_bounds__(kReduceBlock) k_merge(gd::AccArgs<C> a) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < a.T) gd::merge_thread(a, t);
}

}  // namespace kernels

}  // namespace cuzk::msm::cuda
