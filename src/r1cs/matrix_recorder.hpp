// MatrixRecorder: the constraint system that records a circuit's A, B and C
// (r1cs/constraint_matrices.hpp) from a blank synthesis; values are never
// asked for. The rows, coefficients and densities are the ones a
// ProvingAssignment evaluates and tracks, term for term. Splits into pieces
// recorded on their own threads (as ProvingAssignment::split places them),
// whose rows join in order.
#pragma once
#include <initializer_list>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "r1cs/constraint_matrices.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/open_split.hpp"

namespace cuzk::r1cs {

namespace recorder_detail {

// Columns as recorded: an aux index, or an input index with this bit set
// (inputs and aux interleave during synthesis; finish() lays them out).
inline constexpr uint32_t kInputBit = 0x8000'0000u;

inline uint32_t column_of(Variable v) {
  return v.is_input() ? uint32_t(v.index()) | kInputBit : uint32_t(v.index());
}

// The rows of A, B and C recorded so far, each matrix with its own table.
template <class F>
class Rows {
 public:
  CompactRows<F> m[3];

  void put(int which, const LinearCombination<F>& lc) {
    CompactRows<F>& rows = m[which];
    for (const auto& t : lc.terms()) {
      rows.col.push_back(column_of(t.var));
      rows.coeff.push_back(intern(which, t.coeff));
    }
    end_row(rows);
  }

  // The rows of `piece`, after these: its coefficients re-interned in these tables.
  void append(const Rows& piece) {
    for (int w = 0; w < 3; ++w) {
      const CompactRows<F>& p = piece.m[w];
      CompactRows<F>& rows = m[w];
      std::vector<uint16_t> remap(p.table.size());
      for (size_t i = 0; i < p.table.size(); ++i) remap[i] = intern(w, p.table[i]);
      const uint32_t base = uint32_t(rows.col.size());
      if (rows.col.size() + p.col.size() > CompactRows<F>::kMaxEntries)
        throw Error("MatrixRecorder: more than 2^32 entries in one matrix");
      rows.col.insert(rows.col.end(), p.col.begin(), p.col.end());
      for (uint16_t c : p.coeff) rows.coeff.push_back(remap[c]);
      for (size_t r = 1; r < p.start.size(); ++r) rows.start.push_back(base + p.start[r]);
    }
  }

 private:
  struct LimbHash {
    size_t operator()(const F& f) const {
      uint64_t h = 0;
      for (size_t i = 0; i < size_t(F::N); ++i) h = (h ^ f.m[i]) * 0x9e3779b97f4a7c15ull;
      return size_t(h);
    }
  };

  uint16_t intern(int which, const F& c) {
    auto [it, fresh] = index_[which].try_emplace(c, uint16_t(m[which].table.size()));
    if (fresh) {
      if (m[which].table.size() == CompactRows<F>::kMaxTable)
        throw Error("MatrixRecorder: more than 65536 distinct coefficients in one matrix");
      m[which].table.push_back(c);
    }
    return it->second;
  }
  static void end_row(CompactRows<F>& rows) {
    if (rows.col.size() > CompactRows<F>::kMaxEntries) throw Error("MatrixRecorder: more than 2^32 entries in one matrix");
    rows.start.push_back(uint32_t(rows.col.size()));
  }

  std::unordered_map<F, uint16_t, LimbHash> index_[3];
};

}  // namespace recorder_detail

template <class F>
class MatrixRecorder;

// One piece of a MatrixRecorder, at fixed input and aux offsets.
template <class F_>
class MatrixRecorderPiece {
 public:
  using Field = F_;
  using F = F_;

  MatrixRecorderPiece() = default;

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    if (next_aux_ == end_.num_aux) overflow("auxiliary variables");
    return Variable::aux(next_aux_++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    if (next_input_ == end_.num_inputs) overflow("public inputs");
    return Variable::input(next_input_++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    if (constraints_ == end_.num_constraints) overflow("constraints");
    rows_.put(0, a);
    rows_.put(1, b);
    rows_.put(2, c);
    ++constraints_;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  CircuitShape filled() const {
    return {next_input_ - begin_.num_inputs, next_aux_ - begin_.num_aux, constraints_};
  }

 private:
  friend class MatrixRecorder<F>;
  [[noreturn]] void overflow(const char* what) const {
    throw Error(std::string("MatrixRecorderPiece: a piece has more ") + what + " than the shape it was split with");
  }

  recorder_detail::Rows<F> rows_;
  CircuitShape begin_, end_;  // end_.num_constraints: the piece's own count
  size_t next_input_ = 0, next_aux_ = 0, constraints_ = 0;
};

template <class F_>
class MatrixRecorder {
 public:
  using Field = F_;
  using F = F_;
  using Piece = MatrixRecorderPiece<F>;

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    if (num_aux_ >= recorder_detail::kInputBit) throw Error("MatrixRecorder: more than 2^31 auxiliary variables");
    return Variable::aux(num_aux_++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(num_inputs_++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    rows_.put(0, a);
    rows_.put(1, b);
    rows_.put(2, c);
    ++num_constraints_;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // ProvingAssignment::split / join's contract: `count` pieces of shape
  // `each` (inputs without ONE), placed after what is recorded so far.
  bool can_split() const { return !split_.open(); }
  std::vector<Piece> split(size_t count, const CircuitShape& each) {
    if (split_.open()) throw Error("MatrixRecorder: split() while split");
    if (num_aux_ + count * each.num_aux >= recorder_detail::kInputBit)
      throw Error("MatrixRecorder: more than 2^31 auxiliary variables");
    std::vector<Piece> pieces(count);
    for (size_t i = 0; i < count; ++i) {
      Piece& p = pieces[i];
      p.begin_ = {num_inputs_ + i * each.num_inputs, num_aux_ + i * each.num_aux, 0};
      p.end_ = {p.begin_.num_inputs + each.num_inputs, p.begin_.num_aux + each.num_aux, each.num_constraints};
      p.next_input_ = p.begin_.num_inputs;
      p.next_aux_ = p.begin_.num_aux;
    }
    split_.begin(count, each, "MatrixRecorder");
    return pieces;
  }
  void join(std::span<const Piece> pieces) {
    split_.end(pieces, "MatrixRecorder");
    for (const auto& p : pieces) rows_.append(p.rows_);
    const CircuitShape added = split_.total(pieces.size());
    num_inputs_ += added.num_inputs;
    num_aux_ += added.num_aux;
    num_constraints_ += added.num_constraints;
  }

  // The matrices, with the input rows appended to A and the columns in z's
  // order (inputs, then aux). Call once, after synthesis.
  ConstraintMatrices<F> finish() && {
    using recorder_detail::kInputBit;
    for (size_t i = 0; i < num_inputs_; ++i) rows_.put(0, LinearCombination<F>(Variable::input(i)));
    ConstraintMatrices<F> m;
    m.a = std::move(rows_.m[0]);
    m.b = std::move(rows_.m[1]);
    m.c = std::move(rows_.m[2]);
    m.shape = {num_inputs_, num_aux_, num_constraints_};
    m.a_aux = Density(num_aux_);
    m.b_input = Density(num_inputs_);
    m.b_aux = Density(num_aux_);
    // densities over the constraint rows (the input rows add no aux variable)
    for (uint32_t k = 0; k < m.a.start[num_constraints_]; ++k)
      if (!(m.a.col[k] & kInputBit)) m.a_aux.set(m.a.col[k]);
    for (uint32_t col : m.b.col) {
      if (col & kInputBit)
        m.b_input.set(col & ~kInputBit);
      else
        m.b_aux.set(col);
    }
    for (auto* rows : {&m.a, &m.b, &m.c}) {
      for (auto& col : rows->col) col = (col & kInputBit) ? (col & ~kInputBit) : uint32_t(num_inputs_ + col);
      rows->classify();
    }
    return m;
  }

 private:
  recorder_detail::Rows<F> rows_;
  size_t num_inputs_ = 1, num_aux_ = 0, num_constraints_ = 0;  // input 0 is ONE
  OpenSplit split_;
};

}  // namespace cuzk::r1cs
