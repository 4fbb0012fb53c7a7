// GPU NTT and H step instantiated for BLS12-381 Fr (see gpu_ntt.hpp).
#include "ntt/cuda/gpu_ntt_impl.cuh"

CUZK_INSTANTIATE_GPU_NTT(cuzk::ff::Bls12_381_Fr)
