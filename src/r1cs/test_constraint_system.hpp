// TestConstraintSystem: keeps every value, constraint and full name path
// ("ns/sub/name") so a test or a pre-proving check can report the first
// unsatisfied constraint by name.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class F_>
class TestConstraintSystem {
 public:
  using Field = F_;
  using F = F_;
  struct Constraint {
    LinearCombination<F> a, b, c;
    std::string name;
  };

  TestConstraintSystem() { inputs_.push_back(F::one()); }

  template <class N, class V>
  Variable alloc(const N& name, const V& value) {
    aux_.push_back(value());
    aux_names_.push_back(path(name));
    return Variable::aux(aux_.size() - 1);
  }
  template <class N, class V>
  Variable alloc_input(const N& name, const V& value) {
    inputs_.push_back(value());
    input_names_.push_back(path(name));
    return Variable::input(inputs_.size() - 1);
  }
  template <class N>
  void enforce(const N& name, const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    constraints_.push_back({a, b, c, path(name)});
  }
  template <class N>
  void push_namespace(const N& name) {
    ns_.push_back(name_of(name));
  }
  void pop_namespace() { ns_.pop_back(); }

  // Name of the first constraint with <a,z>*<b,z> != <c,z>, if any.
  std::optional<std::string> which_is_unsatisfied() const {
    for (size_t i = 0; i < constraints_.size(); ++i) {
      const auto& k = constraints_[i];
      if (k.a.evaluate(inputs_, aux_) * k.b.evaluate(inputs_, aux_) != k.c.evaluate(inputs_, aux_))
        return "constraint #" + std::to_string(i) + " '" + k.name + "'";
    }
    return std::nullopt;
  }
  bool is_satisfied() const { return !which_is_unsatisfied(); }

  CircuitShape shape() const { return {inputs_.size(), aux_.size(), constraints_.size()}; }
  const std::vector<F>& inputs() const { return inputs_; }
  const std::vector<F>& aux() const { return aux_; }
  std::vector<F>& mutable_aux() { return aux_; }
  const std::vector<Constraint>& constraints() const { return constraints_; }

 private:
  template <class N>
  std::string path(const N& name) const {
    std::string p;
    for (const auto& s : ns_) p += s + "/";
    return p + name_of(name);
  }

  std::vector<F> inputs_, aux_;
  std::vector<std::string> input_names_, aux_names_, ns_;
  std::vector<Constraint> constraints_;
};

}  // namespace cuzk::r1cs
