// A sparse matrix by rows (CSR): row i's entries are col[start[i]..start[i+1])
// with values val[...]. Holds circom's A/B/C matrices (rows = constraints,
// columns = wires) and the .zkey coefficient lists, evaluated row-parallel
// (on the device too: cuda/sparse_rows_kernel.cuh).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "core/parallel.hpp"
#include "ff/hd.hpp"

namespace cuzk::groth16 {

// Row i of a CSR matrix times x: the one loop the host (mul_vec) and the
// device (cuda/sparse_rows_kernel.cuh) both run.
template <class F>
CUZK_HD F sparse_row_dot(const uint64_t* start, const uint32_t* col, const F* val, const F* x, size_t i) {
  F acc = F::zero();
  for (uint64_t k = start[i]; k < start[i + 1]; ++k) acc += val[k] * x[col[k]];
  return acc;
}

template <class F>
struct SparseRows {
  std::vector<uint64_t> start{0};  // rows() + 1 offsets
  std::vector<uint32_t> col;
  std::vector<F> val;

  size_t rows() const { return start.size() - 1; }
  size_t entries() const { return col.size(); }
  bool operator==(const SparseRows&) const = default;

  // Builds rows from unordered (row, col, val) triples by a counting sort.
  struct Triple {
    uint32_t row, col;
    F val;
  };
  static SparseRows from_triples(size_t rows, std::span<const Triple> ts) {
    SparseRows m;
    m.start.assign(rows + 1, 0);
    for (const auto& t : ts) ++m.start[t.row + 1];
    for (size_t i = 0; i < rows; ++i) m.start[i + 1] += m.start[i];
    std::vector<uint64_t> fill(m.start.begin(), m.start.end() - 1);
    m.col.resize(ts.size());
    m.val.resize(ts.size());
    for (const auto& t : ts) {
      const uint64_t k = fill[t.row]++;
      m.col[k] = t.col;
      m.val[k] = t.val;
    }
    return m;
  }

  // out[i] = sum_k val[k] * x[col[k]] over row i; out.size() >= rows(), the rest zeroed.
  void mul_vec(std::span<const F> x, std::span<F> out) const {
    parallel_for(out.size(), 1 << 12, [&](size_t b, size_t e) {
      for (size_t i = b; i < e; ++i)
        out[i] = i < rows() ? sparse_row_dot(start.data(), col.data(), val.data(), x.data(), i) : F::zero();
    });
  }
};

}  // namespace cuzk::groth16
