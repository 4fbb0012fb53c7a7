// A built-in circuit's shape counted from its options alone: no witness is
// built, and the count stops as soon as the circuit outgrows a limit (a key's
// sizes), so a request for a circuit far larger than its key costs the key's
// size to refuse, not the circuit's.
#pragma once
#include <stop_token>

#include "circuits/builtin.hpp"
#include "core/error.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::circuits {

// The circuit has more inputs, aux variables or constraints than the limit.
class ShapeExceeds : public Error {
 public:
  using Error::Error;
};

// Throws Error naming an unknown circuit or an option out of range (what
// make_builtin_circuit refuses).
void check_builtin_options(const CircuitOptions& opts);

// Throws Error for bad options, ShapeExceeds naming
// the count that passed its limit, Cancelled when `stop` is requested.
r1cs::CircuitShape builtin_circuit_shape(const CircuitOptions& opts, const r1cs::CircuitShape& limit,
                                         std::stop_token stop = {});

}  // namespace cuzk::circuits
