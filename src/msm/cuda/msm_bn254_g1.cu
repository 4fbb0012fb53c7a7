// GpuMsm for Bn254_G1 (one curve per translation unit: they compile in parallel).
#include "msm/cuda/msm_gpu_instantiate.cuh"

CUZK_INSTANTIATE_GPU_MSM(cuzk::ec::Bn254_G1)
