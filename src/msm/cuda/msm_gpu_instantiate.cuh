// Everything GpuMsm<C> is built from, and CUZK_INSTANTIATE_GPU_MSM: each
// msm_<curve>.cu includes this and instantiates GpuMsm for its one curve, so
// every kernel is compiled once per curve and the curves compile in parallel.
// Every member is defined before the instantiation.
#pragma once
#include "msm/cuda/msm_accumulate.cuh"
#include "msm/cuda/msm_core.cuh"
#include "msm/cuda/msm_gpu_impl.cuh"
#include "msm/cuda/msm_gpu_members.cuh"
#include "msm/cuda/msm_plan.cuh"
#include "msm/cuda/msm_run.cuh"

#define CUZK_INSTANTIATE_GPU_MSM(CURVE) template class cuzk::msm::cuda::GpuMsm<CURVE>;
