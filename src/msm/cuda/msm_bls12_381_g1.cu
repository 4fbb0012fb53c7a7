// GpuMsm for Bls12_381_G1 (one curve per translation unit: they compile in parallel).
#include "msm/cuda/msm_gpu_instantiate.cuh"

CUZK_INSTANTIATE_GPU_MSM(cuzk::ec::Bls12_381_G1)
