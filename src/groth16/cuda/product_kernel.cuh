// c = a * b element-wise on the device: the C evaluations of a satisfied
// assignment (bellperson circuits: checked on the host during synthesis, not
// kept; circom keys carry no C matrix), made where the NTTs need them instead
// of crossing the host link. Device code; include from .cu files only.
#pragma once
#include <algorithm>
#include <cstddef>

#include "gpu/cuda_check.hpp"

namespace cuzk::groth16::cuda {

template <class F>
__global__ void product_kernel(F* __restrict__ c, const F* __restrict__ a, const F* __restrict__ b, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    c[i] = a[i] * b[i];
}

// Asynchronous on `s`; c may not alias a or b.
template <class F>
void launch_product(F* c, const F* a, const F* b, size_t n, cudaStream_t s) {
  if (!n) return;
  const unsigned blocks = unsigned(std::min<size_t>((n + 255) / 256, 65535));
  product_kernel<F><<<blocks, 256, 0, s>>>(c, a, b, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::groth16::cuda
