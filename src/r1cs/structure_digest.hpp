// The structure digest of bellpepper-core's TestConstraintSystem::hash(), so
// a circuit synthesised here can be compared byte for byte with the same
// circuit synthesised in Rust (a matching digest means the same variable
// counts and the same constraints, in order, with the same merged
// coefficients; names and values do not enter it).
//
// BLAKE2s-256 (unkeyed) over:
//   u64 BE #inputs (with ONE), u64 BE #aux, u64 BE #constraints, then for
//   each constraint its A, B and C in normal form: u64 BE #terms, then per
//   term 'I' or 'A', u64 BE index, the coefficient as canonical big-endian
//   bytes. Normal form: duplicate variables merged (coefficients summed),
//   zero coefficients dropped, inputs before aux, each by index.
// The result is printed as lowercase hex, as Rust's cs.hash() returns it.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "ff/field_io.hpp"
#include "r1cs/blake2s.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"
#include "r1cs/test_constraint_system.hpp"

namespace cuzk::r1cs {

// Incremental form: the shape goes first, so it must be known up front
// (a ShapeCounter pass gives it); constraints are then fed in order.
template <class F>
class StructureDigest {
 public:
  explicit StructureDigest(const CircuitShape& shape) : shape_(shape) {
    put_u64(shape.num_inputs);
    put_u64(shape.num_aux);
    put_u64(shape.num_constraints);
  }

  void add_constraint(const LinearCombination<F>& a, const LinearCombination<F>& b, const LinearCombination<F>& c) {
    if (added_ == shape_.num_constraints)
      throw Error("StructureDigest: more constraints than the " + std::to_string(shape_.num_constraints) +
                  " the shape announced");
    put_lc(a);
    put_lc(b);
    put_lc(c);
    ++added_;
  }

  std::array<uint8_t, 32> final() {
    if (added_ != shape_.num_constraints)
      throw Error("StructureDigest: " + std::to_string(added_) + " constraints fed, the shape announced " +
                  std::to_string(shape_.num_constraints));
    return h_.final();
  }
  std::string final_hex() {
    static const char* kHex = "0123456789abcdef";
    std::string s;
    for (uint8_t byte : final()) {
      s += kHex[byte >> 4];
      s += kHex[byte & 15];
    }
    return s;
  }

 private:
  void put_u64(uint64_t x) {
    uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = uint8_t(x >> (56 - 8 * i));
    h_.update(b, 8);
  }
  void put_lc(const LinearCombination<F>& lc) {
    // The combination is already bellpepper's normal form (merged, sorted,
    // no zeros): r1cs/linear_combination.hpp.
    const auto terms = lc.terms();
    put_u64(terms.size());
    for (const auto& t : terms) {
      const uint8_t tag = t.var.is_input() ? 'I' : 'A';
      h_.update(&tag, 1);
      put_u64(t.var.index());
      uint8_t coeff[F::kBytes];
      ff::to_bytes_be(t.coeff, coeff);
      h_.update(coeff, F::kBytes);
    }
  }

  CircuitShape shape_;
  Blake2s h_;
  size_t added_ = 0;
};

// Rust's TestConstraintSystem::hash() for the same circuit.
template <class F>
std::string structure_digest(const TestConstraintSystem<F>& cs) {
  StructureDigest<F> d(cs.shape());
  for (const auto& k : cs.constraints()) d.add_constraint(k.a, k.b, k.c);
  return d.final_hex();
}

// A constraint system that digests as it goes, for circuits too large to
// keep in a TestConstraintSystem: give it the shape of a ShapeCounter pass.
// It never asks for values. final_hex() checks the shape was met.
template <class F_>
class DigestingConstraintSystem {
 public:
  using Field = F_;
  explicit DigestingConstraintSystem(const CircuitShape& shape) : expected_(shape), digest_(shape) {}

  template <class N, class V>
  Variable alloc(const N&, const V&) {
    return Variable::aux(seen_.num_aux++);
  }
  template <class N, class V>
  Variable alloc_input(const N&, const V&) {
    return Variable::input(seen_.num_inputs++);
  }
  template <class N>
  void enforce(const N&, const LinearCombination<F_>& a, const LinearCombination<F_>& b,
               const LinearCombination<F_>& c) {
    digest_.add_constraint(a, b, c);
    ++seen_.num_constraints;
  }
  template <class N>
  void push_namespace(const N&) {}
  void pop_namespace() {}

  std::string final_hex() {
    if (seen_ != expected_)
      throw Error("DigestingConstraintSystem: synthesis gave " + std::to_string(seen_.num_inputs) + " inputs, " +
                  std::to_string(seen_.num_aux) + " aux, " + std::to_string(seen_.num_constraints) +
                  " constraints; the shape announced " + std::to_string(expected_.num_inputs) + ", " +
                  std::to_string(expected_.num_aux) + ", " + std::to_string(expected_.num_constraints));
    return digest_.final_hex();
  }

 private:
  CircuitShape expected_, seen_{1, 0, 0};  // input 0 is ONE
  StructureDigest<F_> digest_;
};

}  // namespace cuzk::r1cs
