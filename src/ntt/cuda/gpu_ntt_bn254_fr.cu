// GPU NTT and H step instantiated for BN254 Fr (see gpu_ntt.hpp).
#include "ntt/cuda/gpu_ntt_impl.cuh"

CUZK_INSTANTIATE_GPU_NTT(cuzk::ff::Bn254_Fr)
