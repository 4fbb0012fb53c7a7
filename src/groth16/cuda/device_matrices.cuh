// A circuit's recorded matrices (r1cs/constraint_matrices.hpp) resident on a
// device, and a = A z, b = B z there with every constraint's C z checked
// against a * b: how a bellperson partition proved from its witness alone
// gets a and b without them ever existing on the host. The rows run the
// host's own loop (r1cs::compact_row_dot). Device code; include from .cu
// files only.
#pragma once
#include <cstdint>

#include "gpu/device.hpp"
#include "gpu/host_to_device.hpp"
#include "gpu/launch.cuh"
#include "gpu/stream.hpp"
#include "r1cs/constraint_matrices.hpp"

namespace cuzk::groth16::cuda {

// One compact matrix's device arrays, as the kernels read them.
template <class F>
struct CompactRowsView {
  const uint32_t *start, *col;
  const uint16_t* coeff;
  const F* table;
  const uint8_t* kind;
  size_t rows;
  __device__ F dot(const F* z, size_t i) const {
    return i < rows ? r1cs::compact_row_dot(start, col, coeff, table, kind, z, i) : F::zero();
  }
};

// a[i] = A_i z, b[i] = B_i z for i < n; *first_bad lowered to the index of
// any constraint whose C z differs from a * b.
template <class F>
struct MatrixProducts {
  CompactRowsView<F> A, B, C;
  const F* z;
  F *a, *b;
  unsigned long long* first_bad;
  __device__ void operator()(size_t i) const {
    const F av = A.dot(z, i), bv = B.dot(z, i);
    a[i] = av;
    b[i] = bv;
    if (i < C.rows && !(av * bv == C.dot(z, i))) atomicMin(first_bad, (unsigned long long)i);
  }
};

template <class F>
class DeviceConstraintMatrices {
 public:
  // Uploads m to the current device.
  explicit DeviceConstraintMatrices(const r1cs::ConstraintMatrices<F>& m)
      : shape_(m.shape), a_(m.a), b_(m.b), c_(m.c) {}

  const r1cs::CircuitShape& shape() const { return shape_; }
  size_t device_bytes() const { return a_.bytes() + b_.bytes() + c_.bytes(); }

  // Asynchronously on s: a, b (n >= abc_length entries each) from z, and
  // the caller's device word first_bad set to the first unsatisfied
  // constraint's index (UINT64_MAX if none).
  void products(const F* z, F* a, F* b, size_t n, unsigned long long* first_bad, cudaStream_t s) const {
    CUZK_CUDA_CHECK(cudaMemsetAsync(first_bad, 0xff, sizeof(unsigned long long), s));
    gpu::for_each(n, MatrixProducts<F>{a_.view(), b_.view(), c_.view(), z, a, b, first_bad}, s);
  }

 private:
  struct Rows {
    gpu::DeviceBuffer start, col, coeff, table, kind;
    size_t rows;
    explicit Rows(const r1cs::CompactRows<F>& m)
        : start(m.start.size() * 4), col(bytes(m.col)), coeff(bytes(m.coeff)), table(bytes(m.table)),
          kind(bytes(m.kind)), rows(m.rows()) {
      gpu::Stream s;
      up(start, m.start, s);
      up(col, m.col, s);
      up(coeff, m.coeff, s);
      up(table, m.table, s);
      up(kind, m.kind, s);
      s.synchronize();
    }
    CompactRowsView<F> view() const {
      return {start.as<uint32_t>(), col.as<uint32_t>(), coeff.as<uint16_t>(), table.as<F>(), kind.as<uint8_t>(), rows};
    }
    size_t bytes() const { return start.size() + col.size() + coeff.size() + table.size() + kind.size(); }
    template <class T>
    static size_t bytes(const std::vector<T>& v) {
      return std::max<size_t>(1, v.size()) * sizeof(T);
    }
    template <class T>
    static void up(const gpu::DeviceBuffer& d, const std::vector<T>& v, const gpu::Stream& s) {
      if (!v.empty()) gpu::staged_upload(d.get(), v.data(), v.size() * sizeof(T), s.get());
    }
  };
  r1cs::CircuitShape shape_;
  Rows a_, b_, c_;
};

}  // namespace cuzk::groth16::cuda
