// A circuit's A, B and C matrices, recorded once from a blank synthesis
// (r1cs/matrix_recorder.hpp), so that a proof needs only the witness: a = A z,
// b = B z, and C z checked against a * b, where z is the full assignment in
// bellperson's order (ONE, the other inputs, then aux). Rows are what
// ProvingAssignment makes: one per constraint, then for A one per input
// (input_i * 0 = 0). Compact: each matrix's coefficients are indices into a
// small table of its distinct values (nearly all are +-1 or powers of two).
#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "ff/hd.hpp"
#include "r1cs/density.hpp"
#include "r1cs/lc_eval.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

// What kind of coefficient a table entry is: the product loop adds or
// subtracts for +-1 and multiplies only for the rest.
enum class CoeffKind : uint8_t { kOther = 0, kOne = 1, kMinusOne = 2 };

template <class F>
CoeffKind coeff_kind(const F& c) {
  if (c.is_one()) return CoeffKind::kOne;
  if (c == -F::one()) return CoeffKind::kMinusOne;
  return CoeffKind::kOther;
}

// Row i of a compact matrix times z: the one loop the host and the device
// (groth16/cuda/matrix_kernels.cuh) both run.
template <class F>
CUZK_HD F compact_row_dot(const uint32_t* start, const uint32_t* col, const uint16_t* coeff, const F* table,
                          const uint8_t* kind, const F* z, size_t i) {
  F acc = F::zero();
  for (uint32_t k = start[i]; k < start[i + 1]; ++k) {
    const F& v = z[col[k]];
    const uint16_t c = coeff[k];
    switch (kind[c]) {
      case 1: acc += v; break;
      case 2: acc -= v; break;
      default: acc += v * table[c];
    }
  }
  return acc;
}

template <class F>
struct CompactRows {
  std::vector<uint32_t> start{0};  // rows() + 1 offsets into col / coeff
  std::vector<uint32_t> col;       // index into z
  std::vector<uint16_t> coeff;     // index into table
  std::vector<F> table;            // distinct coefficients, none zero
  std::vector<uint8_t> kind;       // CoeffKind of each table entry

  static constexpr size_t kMaxTable = size_t(1) << 16;
  static constexpr size_t kMaxEntries = UINT32_MAX;

  size_t rows() const { return start.size() - 1; }
  size_t entries() const { return col.size(); }
  uint64_t bytes() const {
    return start.size() * 4 + col.size() * 4 + coeff.size() * 2 + table.size() * sizeof(F) + kind.size();
  }
  bool operator==(const CompactRows& o) const {
    return start == o.start && col == o.col && coeff == o.coeff && table == o.table;
  }
  F row_dot(const F* z, size_t i) const {
    return compact_row_dot(start.data(), col.data(), coeff.data(), table.data(), kind.data(), z, i);
  }
  // Recomputes kind from table (after reading a table from a file).
  void classify() {
    kind.resize(table.size());
    for (size_t i = 0; i < table.size(); ++i) kind[i] = uint8_t(coeff_kind(table[i]));
  }
};

template <class F>
struct ConstraintMatrices {
  CircuitShape shape;  // inputs with ONE, aux, constraints without the input rows
  CompactRows<F> a, b, c;
  Density a_aux, b_input, b_aux;  // which variables A and B touch (bellperson's densities)

  size_t witness_length() const { return shape.num_inputs + shape.num_aux; }
  uint64_t bytes() const {
    return a.bytes() + b.bytes() + c.bytes() + (a_aux.size() + b_input.size() + b_aux.size()) / 8;
  }
  bool operator==(const ConstraintMatrices& o) const {
    return shape == o.shape && a == o.a && b == o.b && c == o.c && a_aux == o.a_aux && b_input == o.b_input &&
           b_aux == o.b_aux;
  }

  // Throws Error naming what disagrees with the shape (rows, column range,
  // coefficient indices, offsets): what a file must pass before it is used.
  void check(const std::string& what) const {
    const size_t rows_a = shape.abc_length(), rows_bc = shape.num_constraints, cols = witness_length();
    check_rows(a, rows_a, cols, what + ": A");
    check_rows(b, rows_bc, cols, what + ": B");
    check_rows(c, rows_bc, cols, what + ": C");
    if (a_aux.size() != shape.num_aux || b_aux.size() != shape.num_aux || b_input.size() != shape.num_inputs)
      throw Error(what + ": densities sized for another shape");
  }

  // a = A z and b = B z into out_a / out_b (at least abc_length() long;
  // entries past the rows are zeroed), and the first constraint with
  // a_i * b_i != C_i z, if any. On `pool`.
  std::optional<size_t> evaluate(std::span<const F> z, std::span<F> out_a, std::span<F> out_b,
                                 ThreadPool& pool = global_pool()) const {
    if (z.size() != witness_length()) throw Error("ConstraintMatrices: witness of another length than the shape's");
    if (out_a.size() < shape.abc_length() || out_b.size() != out_a.size())
      throw Error("ConstraintMatrices: output shorter than the circuit's rows");
    std::atomic<size_t> first_bad{SIZE_MAX};
    pool.parallel_for(out_a.size(), 1 << 14, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) {
        out_a[i] = i < a.rows() ? a.row_dot(z.data(), i) : F::zero();
        out_b[i] = i < b.rows() ? b.row_dot(z.data(), i) : F::zero();
        if (i < shape.num_constraints && !product_is(out_a[i], out_b[i], c.row_dot(z.data(), i))) {
          size_t seen = first_bad.load(std::memory_order_relaxed);
          while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
          }
        }
      }
    });
    const size_t bad = first_bad.load();
    if (bad == SIZE_MAX) return std::nullopt;
    return bad;
  }

 private:
  static void check_rows(const CompactRows<F>& m, size_t rows, size_t cols, const std::string& what) {
    if (m.rows() != rows) throw Error(what + " has " + std::to_string(m.rows()) + " rows, the shape " + std::to_string(rows));
    if (m.start.front() != 0 || m.start.back() != m.col.size() || m.coeff.size() != m.col.size())
      throw Error(what + ": row offsets do not cover its entries");
    for (size_t i = 0; i < rows; ++i)
      if (m.start[i] > m.start[i + 1]) throw Error(what + ": row offsets decrease at row " + std::to_string(i));
    if (m.table.size() > CompactRows<F>::kMaxTable || m.kind.size() != m.table.size())
      throw Error(what + ": coefficient table of " + std::to_string(m.table.size()) + " entries");
    for (size_t k = 0; k < m.col.size(); ++k) {
      if (m.col[k] >= cols) throw Error(what + ": entry " + std::to_string(k) + " names variable " +
                                        std::to_string(m.col[k]) + " of " + std::to_string(cols));
      if (m.coeff[k] >= m.table.size())
        throw Error(what + ": entry " + std::to_string(k) + " names coefficient " + std::to_string(m.coeff[k]) +
                    " of " + std::to_string(m.table.size()));
    }
    for (const F& t : m.table)
      if (t.is_zero()) throw Error(what + ": a zero coefficient in its table");
  }
};

}  // namespace cuzk::r1cs
