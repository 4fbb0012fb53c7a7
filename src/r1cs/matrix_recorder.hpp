// MatrixRecorder: the constraint system that records a circuit's A, B and C
// (r1cs/constraint_matrices.hpp) from a blank synthesis; values are never
// asked for. The rows, coefficients and densities are the ones a
// ProvingAssignment evaluates and tracks, term for term.
#pragma once
#include <initializer_list>
#include <string>
#include <unordered_map>

#include "core/error.hpp"
#include "r1cs/constraint_matrices.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

template <class F_>
class MatrixRecorder {
 public:
  using Field = F_;
  using F = F_;

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    if (num_aux_ >= kInputBit) throw Error("MatrixRecorder: more than 2^31 auxiliary variables");
    return Variable::aux(num_aux_++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(num_inputs_++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    put(a, m_.a, tables_[0]);
    put(b, m_.b, tables_[1]);
    put(c, m_.c, tables_[2]);
    ++num_constraints_;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  // The matrices, with the input rows appended to A and the columns in z's
  // order (inputs, then aux). Call once, after synthesis.
  ConstraintMatrices<F> finish() && {
    for (size_t i = 0; i < num_inputs_; ++i) {
      LinearCombination<F> lc(Variable::input(i));
      put(lc, m_.a, tables_[0]);
    }
    m_.shape = {num_inputs_, num_aux_, num_constraints_};
    m_.a_aux = Density(num_aux_);
    m_.b_input = Density(num_inputs_);
    m_.b_aux = Density(num_aux_);
    // densities over the constraint rows (the input rows add no aux variable)
    for (uint32_t k = 0; k < m_.a.start[num_constraints_]; ++k)
      if (!(m_.a.col[k] & kInputBit)) m_.a_aux.set(m_.a.col[k]);
    for (uint32_t col : m_.b.col) {
      if (col & kInputBit)
        m_.b_input.set(col & ~kInputBit);
      else
        m_.b_aux.set(col);
    }
    for (auto* m : {&m_.a, &m_.b, &m_.c}) {
      for (auto& col : m->col) col = (col & kInputBit) ? (col & ~kInputBit) : uint32_t(num_inputs_ + col);
      m->classify();
    }
    return std::move(m_);
  }

 private:
  static constexpr uint32_t kInputBit = 0x8000'0000u;

  struct LimbHash {
    size_t operator()(const F& f) const {
      uint64_t h = 0;
      for (size_t i = 0; i < size_t(F::N); ++i) h = (h ^ f.m[i]) * 0x9e3779b97f4a7c15ull;
      return size_t(h);
    }
  };
  using Table = std::unordered_map<F, uint16_t, LimbHash>;

  void put(const LinearCombination<F>& lc, CompactRows<F>& m, Table& table) {
    for (const auto& t : lc.terms()) {
      auto [it, fresh] = table.try_emplace(t.coeff, uint16_t(m.table.size()));
      if (fresh) {
        if (m.table.size() == CompactRows<F>::kMaxTable)
          throw Error("MatrixRecorder: more than 65536 distinct coefficients in one matrix");
        m.table.push_back(t.coeff);
      }
      m.col.push_back(t.var.is_input() ? uint32_t(t.var.index()) | kInputBit : uint32_t(t.var.index()));
      m.coeff.push_back(it->second);
    }
    if (m.col.size() > CompactRows<F>::kMaxEntries) throw Error("MatrixRecorder: more than 2^32 entries in one matrix");
    m.start.push_back(uint32_t(m.col.size()));
  }

  ConstraintMatrices<F> m_;
  Table tables_[3];
  size_t num_inputs_ = 1, num_aux_ = 0, num_constraints_ = 0;  // input 0 is ONE
};

}  // namespace cuzk::r1cs
