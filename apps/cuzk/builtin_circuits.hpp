// The CLI's names for the built-in circuits (src/circuits/builtin.hpp, shared
// with the daemon).
#pragma once
#include "circuits/builtin.hpp"

namespace cuzk::app {
using circuits::BuiltinCircuit;
using circuits::CircuitOptions;
using circuits::make_builtin_circuit;
using Fr = circuits::Fr;
}  // namespace cuzk::app
