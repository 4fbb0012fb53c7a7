// A constraint system that records only the shape, the A/B densities (which
// variables the A and B queries touch) and the non-zeros of each matrix,
// never asking for values: what sizing a proving key needs and what
// comparing a circuit's structure with bellperson's takes, at a few ns per
// constraint.
#pragma once
#include <vector>

#include "r1cs/shape_counter.hpp"

namespace cuzk::r1cs {

template <class F_>
class DensityCounter : public ShapeCounter<F_> {
 public:
  template <class N>
  void enforce(const N& name, const LinearCombination<F_>& a, const LinearCombination<F_>& b,
               const LinearCombination<F_>& c) {
    ShapeCounter<F_>::enforce(name, a, b, c);
    nnz_a_ += a.terms().size();
    nnz_b_ += b.terms().size();
    nnz_c_ += c.terms().size();
    for (const auto& t : a.terms())
      if (!t.var.is_input()) mark(a_aux_, t.var.index());
    for (const auto& t : b.terms()) mark(t.var.is_input() ? b_input_ : b_aux_, t.var.index());
  }
  // Points each query of a bellperson key needs for this circuit.
  size_t a_points() const { return this->shape().num_inputs + count(a_aux_); }
  size_t b_points() const { return count(b_input_) + count(b_aux_); }

  // Popcounts of bellperson's three density trackers.
  size_t a_aux_density() const { return count(a_aux_); }
  size_t b_input_density() const { return count(b_input_); }
  size_t b_aux_density() const { return count(b_aux_); }
  // Non-zeros per matrix, with the input_i * 0 = 0 rows the prover appends
  // (one A entry each).
  size_t nnz_a() const { return nnz_a_ + this->shape().num_inputs; }
  size_t nnz_b() const { return nnz_b_; }
  size_t nnz_c() const { return nnz_c_; }

 private:
  static void mark(std::vector<bool>& v, size_t i) {
    if (i >= v.size()) v.resize(std::max(i + 1, v.size() * 2), false);
    v[i] = true;
  }
  static size_t count(const std::vector<bool>& v) {
    size_t c = 0;
    for (bool b : v) c += b;
    return c;
  }
  std::vector<bool> a_aux_, b_input_, b_aux_;
  size_t nnz_a_ = 0, nnz_b_ = 0, nnz_c_ = 0;
};

}  // namespace cuzk::r1cs
