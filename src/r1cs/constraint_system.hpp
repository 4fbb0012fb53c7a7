// The constraint-system interface circuits are written against, as a C++20
// concept so synthesis is inlined (no virtual call per constraint).
// Names are callables (or string literals) evaluated only by systems that
// keep them (TestConstraintSystem), so proving pays nothing for them.
#pragma once
#include <concepts>
#include <string>
#include <type_traits>

#include "r1cs/linear_combination.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

template <class N>
std::string name_of(const N& n) {
  if constexpr (std::is_invocable_v<const N&>)
    return std::string(n());
  else
    return std::string(n);
}

// A value that is unknown (key generation) throws this when asked for.
struct AssignmentMissing {};

template <class F>
struct ValueFnArchetype {
  F operator()() const;
};

template <class CS>
concept ConstraintSystem = requires(CS& cs, ValueFnArchetype<typename CS::Field> v, LinearCombination<typename CS::Field> lc) {
  { cs.alloc("name", v) } -> std::same_as<Variable>;
  { cs.alloc_input("name", v) } -> std::same_as<Variable>;
  cs.enforce("name", lc, lc, lc);
  cs.push_namespace("name");
  cs.pop_namespace();
};

// A system whose circuit may be cut into pieces of one known shape that are
// synthesized concurrently, each placed where the sequential order puts it
// (ProvingAssignment, WitnessAssignment).
template <class CS>
concept SplitSystem = ConstraintSystem<CS> && requires(CS& cs, const CircuitShape& each) {
  { cs.can_split() } -> std::same_as<bool>;
  cs.split(size_t(1), each);
};

// Whether a system reads enforce()'s linear combinations. A witness-only
// system (WitnessAssignment) declares kReadsConstraints = false: its
// constraints come from recorded matrices, so gadgets on hot paths skip
// building the combinations and only announce the constraint (skip_enforce).
template <class CS>
inline constexpr bool reads_constraints = [] {
  if constexpr (requires { CS::kReadsConstraints; })
    return bool(CS::kReadsConstraints);
  else
    return true;
}();

// enforce() with empty combinations: counts a constraint for a system that
// does not read them.
template <class CS, class N>
void skip_enforce(CS& cs, const N& name) {
  static const LinearCombination<typename CS::Field> none;
  cs.enforce(name, none, none, none);
}

// RAII namespace: push on construction, pop on destruction.
template <class CS>
class Namespace {
 public:
  template <class N>
  Namespace(CS& cs, const N& name) : cs_(cs) {
    cs_.push_namespace(name);
  }
  ~Namespace() { cs_.pop_namespace(); }
  Namespace(const Namespace&) = delete;
  Namespace& operator=(const Namespace&) = delete;

 private:
  CS& cs_;
};

}  // namespace cuzk::r1cs
