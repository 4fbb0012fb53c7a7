// Finds the full name ("ns/sub/name") of one constraint by its index, without
// evaluating any value: errors about an unsatisfied witness name the broken
// constraint at the cost of one value-free synthesis, and only on that path.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "r1cs/shape_counter.hpp"

namespace cuzk::r1cs {

template <class F_>
class ConstraintNamer : public ShapeCounter<F_> {
 public:
  explicit ConstraintNamer(size_t index) : index_(index) {}

  template <class N>
  void enforce(const N& name, const LinearCombination<F_>& a, const LinearCombination<F_>& b,
               const LinearCombination<F_>& c) {
    if (this->shape().num_constraints == index_) {
      std::string p;
      for (const auto& s : ns_) p += s + "/";
      found_ = p + name_of(name);
    }
    ShapeCounter<F_>::enforce(name, a, b, c);
  }
  template <class N>
  void push_namespace(const N& name) {
    ns_.push_back(name_of(name));
  }
  void pop_namespace() { ns_.pop_back(); }

  // The name, once synthesis is done; none if the circuit has fewer
  // constraints (the index is one of the input constraints finish() appends).
  const std::optional<std::string>& name() const { return found_; }

 private:
  size_t index_;
  std::vector<std::string> ns_;
  std::optional<std::string> found_;
};

// "constraint #i 'name'" for the i-th constraint of what `synthesize(cs)` builds.
template <class F, class Synthesize>
std::string describe_constraint(size_t index, Synthesize&& synthesize) {
  ConstraintNamer<F> namer(index);
  synthesize(namer);
  std::string s = "constraint #" + std::to_string(index);
  if (namer.name()) return s + " '" + *namer.name() + "'";
  if (index >= namer.shape().num_constraints) return s + " (input constraint of input #" +
                                                     std::to_string(index - namer.shape().num_constraints) + ")";
  return s;
}

}  // namespace cuzk::r1cs
