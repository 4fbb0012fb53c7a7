// A constraint system that records only the shape and the A/B densities
// (which variables the A and B queries touch), never asking for values: what
// sizing a proving key needs, at a few ns per constraint.
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
    for (const auto& t : a.terms())
      if (!t.var.is_input()) mark(a_aux_, t.var.index());
    for (const auto& t : b.terms()) mark(t.var.is_input() ? b_input_ : b_aux_, t.var.index());
  }
  // Points each query of a bellperson key needs for this circuit.
  size_t a_points() const { return this->shape().num_inputs + count(a_aux_); }
  size_t b_points() const { return count(b_input_) + count(b_aux_); }

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
};

}  // namespace cuzk::r1cs
