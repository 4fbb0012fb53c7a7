// CUZK_CUDA_CHECK(call): throws cuzk::CudaError naming the call, file and line
// when a CUDA runtime call fails; every CUDA call in cuzk goes through it.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "core/error.hpp"

namespace cuzk::gpu {

[[noreturn]] inline void throw_cuda_error(cudaError_t e, const char* call, const char* file, int line) {
  throw CudaError(std::string("CUDA error '") + cudaGetErrorString(e) + "' (" + cudaGetErrorName(e) + ") in " + call +
                  " at " + file + ":" + std::to_string(line));
}

}  // namespace cuzk::gpu

#define CUZK_CUDA_CHECK(call)                                                            \
  do {                                                                                   \
    cudaError_t cuzk_err_ = (call);                                                      \
    if (cuzk_err_ != cudaSuccess) ::cuzk::gpu::throw_cuda_error(cuzk_err_, #call, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: catches launch-configuration errors immediately.
#define CUZK_CUDA_CHECK_LAUNCH() CUZK_CUDA_CHECK(cudaGetLastError())
