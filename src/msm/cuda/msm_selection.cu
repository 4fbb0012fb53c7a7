// GpuSelection (msm_gpu.hpp): a subset of the bases by index, validated on
// the host and uploaded once to its device.
#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "gpu/cuda_check.hpp"
#include "msm/cuda/msm_gpu.hpp"

namespace cuzk::msm::cuda {

GpuSelection::DeviceMem::~DeviceMem() {
  if (p) {
    int prev = 0;
    cudaGetDevice(&prev);
    cudaSetDevice(device);
    cudaFree(p);
    cudaSetDevice(prev);
  }
}

GpuSelection GpuSelection::from_indices(std::span<const uint32_t> ascending, size_t domain, int device) {
  for (size_t i = 0; i < ascending.size(); ++i) {
    if (ascending[i] >= domain) throw Error("GpuSelection: index " + std::to_string(ascending[i]) + " past domain " +
                                            std::to_string(domain));
    if (i && ascending[i] <= ascending[i - 1]) throw Error("GpuSelection: indices must be strictly ascending");
  }
  GpuSelection s;
  s.count_ = ascending.size();
  s.domain_ = domain;
  s.host_.assign(ascending.begin(), ascending.end());
  s.mem_ = std::make_shared<DeviceMem>();
  s.mem_->device = device;
  int prev = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&prev));
  CUZK_CUDA_CHECK(cudaSetDevice(device));
  try {
    CUZK_CUDA_CHECK(cudaMalloc(&s.mem_->p, std::max<size_t>(1, s.count_) * sizeof(uint32_t)));
    if (s.count_)
      CUZK_CUDA_CHECK(cudaMemcpy(s.mem_->p, s.host_.data(), s.count_ * sizeof(uint32_t), cudaMemcpyHostToDevice));
  } catch (...) {
    cudaSetDevice(prev);
    throw;
  }
  CUZK_CUDA_CHECK(cudaSetDevice(prev));
  return s;
}

GpuSelection GpuSelection::from_bitmap(std::span<const uint64_t> words, size_t nbits, int device) {
  if (words.size() * 64 < nbits) throw Error("GpuSelection: bitmap shorter than its bit count");
  std::vector<uint32_t> idx;
  for (size_t w = 0; w < words.size() && w * 64 < nbits; ++w) {
    uint64_t x = words[w];
    while (x) {
      const size_t i = w * 64 + size_t(__builtin_ctzll(x));
      x &= x - 1;
      if (i < nbits) idx.push_back(uint32_t(i));
    }
  }
  return from_indices(idx, nbits, device);
}

}  // namespace cuzk::msm::cuda
