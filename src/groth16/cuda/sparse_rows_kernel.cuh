// A CSR matrix (groth16/sparse_rows.hpp) copied to the device, and out = M x
// there, row by row with the host's own loop (sparse_row_dot): how a .zkey's
// a = A w and b = B w are made on the GPU from the witness alone. Device
// code; include from .cu files only.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/stream.hpp"
#include "groth16/sparse_rows.hpp"

namespace cuzk::groth16::cuda {

template <class F>
__global__ void sparse_rows_kernel(const uint64_t* __restrict__ start, const uint32_t* __restrict__ col,
                                   const F* __restrict__ val, size_t rows, const F* __restrict__ x, F* __restrict__ out,
                                   size_t n_out) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n_out; i += size_t(gridDim.x) * blockDim.x)
    out[i] = i < rows ? sparse_row_dot(start, col, val, x, i) : F::zero();
}

template <class F>
class DeviceSparseRows {
 public:
  // Copies m up through the current device's staging chunks.
  explicit DeviceSparseRows(const SparseRows<F>& m)
      : rows_(m.rows()),
        start_(m.start.size() * sizeof(uint64_t)),
        col_(std::max<size_t>(1, m.col.size()) * sizeof(uint32_t)),
        val_(std::max<size_t>(1, m.val.size()) * sizeof(F)) {
    gpu::Stream s;
    gpu::staged_upload(start_.get(), m.start.data(), m.start.size() * sizeof(uint64_t), s.get());
    gpu::staged_upload(col_.get(), m.col.data(), m.col.size() * sizeof(uint32_t), s.get());
    gpu::staged_upload(val_.get(), m.val.data(), m.val.size() * sizeof(F), s.get());
    s.synchronize();
  }

  // out[0, n_out) = M x (rows past the matrix's are zero), asynchronous on s.
  void mul(const F* x, F* out, size_t n_out, cudaStream_t s) const {
    if (!n_out) return;
    const unsigned blocks = unsigned(std::min<size_t>((n_out + 255) / 256, 65535));
    sparse_rows_kernel<F><<<blocks, 256, 0, s>>>(start_.as<uint64_t>(), col_.as<uint32_t>(), val_.as<F>(), rows_, x, out,
                                                 n_out);
    CUZK_CUDA_CHECK_LAUNCH();
  }

  size_t device_bytes() const { return start_.size() + col_.size() + val_.size(); }

 private:
  size_t rows_;
  gpu::DeviceBuffer start_, col_, val_;
};

}  // namespace cuzk::groth16::cuda
