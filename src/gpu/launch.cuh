// Element-wise kernel launches: for_each(n, op) runs op(i) on the device for
// every i < n with a grid-stride loop. op is a functor with a
// `__device__ void operator()(size_t i) const` (no extended lambdas needed),
// holding the device pointers it reads and writes.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "gpu/cuda_check.hpp"

namespace cuzk::gpu {

template <class Op>
__global__ void for_each_kernel(size_t n, Op op) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) op(i);
}

// Number of multiprocessors of the current device (cached per process).
inline int current_sm_count() {
  static int sms = [] {
    int dev = 0, v = 0;
    CUZK_CUDA_CHECK(cudaGetDevice(&dev));
    CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev));
    return v;
  }();
  return sms;
}

// Launches for_each_kernel on stream s; grid sized to cover n but at most as
// many blocks as fill the device a few times over. Checks the launch.
template <class Op>
void for_each(size_t n, const Op& op, cudaStream_t s = nullptr, int block = 256) {
  if (n == 0) return;
  const size_t want = (n + block - 1) / block;
  const size_t cap = size_t(current_sm_count()) * 16;
  const unsigned grid = unsigned(std::min(want, cap));
  for_each_kernel<Op><<<grid, block, 0, s>>>(n, op);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::gpu
