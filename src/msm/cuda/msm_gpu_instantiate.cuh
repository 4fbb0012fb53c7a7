// Everything GpuMsm<C> is built from, and CUZK_INSTANTIATE_GPU_MSM: each
// msm_<curve>.cu includes this and instantiates GpuMsm for its one curve, so
// every kernel is compiled once per curve and the curves compile in parallel.
#pragma once
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_gpu_members.cuh"

#define CUZK_INSTANTIATE_GPU_MSM(CURVE) template class cuzk::msm::cuda::GpuMsm<CURVE>;
