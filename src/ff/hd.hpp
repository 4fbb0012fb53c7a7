// CUZK_HD marks code compiled for both host and device; CUZK_DEVICE_CODE is
// true inside the device pass of nvcc only.
#pragma once

#if defined(__CUDACC__)
#define CUZK_HD __host__ __device__ __forceinline__
#define CUZK_HD_NOINLINE __host__ __device__
#else
#define CUZK_HD inline
#define CUZK_HD_NOINLINE
#endif

#if defined(__CUDA_ARCH__)
#define CUZK_DEVICE_CODE 1
#else
#define CUZK_DEVICE_CODE 0
#endif

// Full unrolling of short fixed loops, spelled for whichever compiler reads it.
#if defined(__CUDACC__)
#define CUZK_UNROLL _Pragma("unroll")
#else
#define CUZK_UNROLL _Pragma("GCC unroll 16")
#endif
